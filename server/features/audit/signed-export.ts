/**
 * Signed audit exports (issue 38 item 5): the JSON lines travel as they are and the signature is
 * a JWS with a detached payload (RFC 7515 appendix F: `header..signature`) by the server's JWKS
 * signing key, so anyone holding the published /jwks can check an export without trusting
 * whoever handed it over.
 */
import { CompactSign } from "jose";
import { apiError } from "../../../shared/errors.js";
import type { AppContext } from "../../context.js";
import { currentSigningKey, type AsymmetricAlg } from "../../core/signing-keys/keys.js";

/** The key /jwks publishes for JWTs; HS256 publishes none, so exports then use an EdDSA key (also published). */
function exportAlgorithm(app: AppContext): AsymmetricAlg {
  const { algorithm } = app.config.jwt;
  return algorithm === "HS256" ? "EdDSA" : algorithm;
}

/** Signing is only worth it when /jwks publishes the key: the jwt feature or the OpenID provider must be on. */
export function assertJwksPublished(app: AppContext): void {
  if (!app.config.oauthProvider.enabled && !app.config.jwt.enabled) throw apiError("JWT_DISABLED");
}

export async function signDetached(app: AppContext, payload: string): Promise<{ signature: string; kid: string; alg: string }> {
  const key = await currentSigningKey(app, exportAlgorithm(app));
  const jws = await new CompactSign(new TextEncoder().encode(payload)).setProtectedHeader({ alg: key.alg, kid: key.kid, typ: "latchkey-audit-export" }).sign(key.key);
  const [header, , signature] = jws.split(".");
  return { signature: `${header}..${signature}`, kid: key.kid, alg: key.alg };
}
