/**
 * JWTs for other services: better-auth's jwt plugin claims (the user's fields, `sub` = user id,
 * `iss`/`aud` = the base URL, `iat`, `exp`). Asymmetric tokens carry the signing key's `kid`;
 * HS256 tokens are signed with the configured shared secret and no key is published.
 */
import { SignJWT } from "jose";
import type { User } from "../../../shared/contract/schemas.js";
import { apiError } from "../../../shared/errors.js";
import type { AppContext } from "../../context.js";
import { currentSigningKey } from "../../core/signing-keys/keys.js";

export function assertJwtEnabled(app: AppContext): void {
  if (!app.config.jwt.enabled) throw apiError("JWT_DISABLED");
}

export async function signUserJwt(app: AppContext, user: User): Promise<string> {
  const { algorithm, expiresIn, issuer, audience, secret } = app.config.jwt;
  const iat = Math.floor(app.clock.now() / 1000);
  const jwt = new SignJWT({ ...user })
    .setIssuedAt(iat)
    .setExpirationTime(iat + expiresIn)
    .setIssuer(issuer ?? app.baseURL)
    .setAudience(audience ?? app.baseURL)
    .setSubject(user.id);
  if (algorithm === "HS256") {
    return jwt.setProtectedHeader({ alg: "HS256", typ: "JWT" }).sign(new TextEncoder().encode(secret));
  }
  const key = await currentSigningKey(app, algorithm);
  return jwt.setProtectedHeader({ alg: key.alg, kid: key.kid }).sign(key.key);
}
