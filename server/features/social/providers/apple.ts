/**
 * Sign in with Apple (OpenID Connect, `response_mode=form_post`). Quirks:
 * - the profile is the ID token; Apple sends the person's name only once, on first consent, as
 *   the `user` form field of the POSTed callback (JSON: `{name: {firstName, lastName}, email}`);
 *   later sign-ins have no name;
 * - `email_verified` arrives as the string "true";
 * - the client secret is a short-lived ES256 JWT signed with the team's key: configure teamId,
 *   keyId and the .p8 privateKey and the `clientSecret` hook makes one (a day's validity, cached
 *   by oauth-client.ts until shortly before it lapses), or configure a pre-made `clientSecret`;
 * - native apps sign in with `/sign-in/social {idToken}` minted for their bundle id (`audiences`);
 *   their SDKs put the SHA-256 hex of the nonce in the token (`hashedNonce`).
 */
import { importPKCS8, SignJWT } from "jose";
import { defineProvider, profileFromClaims } from "../provider.js";

const APPLE_ISSUER = "https://appleid.apple.com";
/** Secrets made from the key live a day: short enough that a leaked one soon lapses, long enough to cache. */
const GENERATED_LIFETIME_SECONDS = 24 * 60 * 60;

interface AppleFirstConsentUser {
  name?: { firstName?: string; lastName?: string };
  email?: string;
}

function nameFromUserField(raw: string | null): string {
  if (!raw) return "";
  try {
    const user = JSON.parse(raw) as AppleFirstConsentUser;
    return [user.name?.firstName, user.name?.lastName].filter((part) => typeof part === "string" && part).join(" ").trim();
  } catch {
    return "";
  }
}

/**
 * The client secret Apple wants: an ES256 JWT (kid = key id, iss = team id, sub = Services ID,
 * aud = Apple), valid at most six months. Generate it at start-up or on a schedule.
 */
export async function appleClientSecret(input: { teamId: string; keyId: string; privateKey: string; clientId: string; expiresInSeconds?: number; now?: number }): Promise<string> {
  const lifetime = Math.min(input.expiresInSeconds ?? 60 * 60 * 24 * 180, 60 * 60 * 24 * 180);
  const issuedAt = Math.floor((input.now ?? Date.now()) / 1000);
  const key = await importPKCS8(input.privateKey.replace(/\\n/g, "\n"), "ES256");
  return new SignJWT({})
    .setProtectedHeader({ alg: "ES256", kid: input.keyId })
    .setIssuer(input.teamId)
    .setSubject(input.clientId)
    .setAudience(APPLE_ISSUER)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + lifetime)
    .sign(key);
}

export const apple = defineProvider({
  id: "apple",
  name: "Apple",
  endpoints: {
    authorization: `${APPLE_ISSUER}/auth/authorize`,
    token: `${APPLE_ISSUER}/auth/token`,
    jwks: `${APPLE_ISSUER}/auth/keys`,
    issuer: APPLE_ISSUER,
    revocation: `${APPLE_ISSUER}/auth/revoke`,
  },
  defaultScopes: ["name", "email"],
  pkce: true,
  clientAuthentication: "client_secret_post",
  responseMode: "form_post",
  oidc: true,
  idTokenSignIn: true,
  hashedNonce: true,
  async clientSecret(settings, now) {
    const { teamId, keyId, privateKey } = settings;
    if (!teamId || !keyId || !privateKey) return undefined;
    const secret = await appleClientSecret({ teamId, keyId, privateKey, clientId: settings.clientId, expiresInSeconds: GENERATED_LIFETIME_SECONDS, now });
    return { secret, expiresAt: Math.floor(now / 1000) * 1000 + GENERATED_LIFETIME_SECONDS * 1000 };
  },
  async getProfile(tokens, helpers) {
    if (!tokens.idTokenClaims) return null;
    const profile = profileFromClaims(tokens.idTokenClaims);
    if (!profile) return null;
    const name = nameFromUserField(helpers.callbackParams.get("user"));
    // Apple's ID token has no name claim; without a first-consent name, fall back to nothing
    // rather than the (possibly private-relay) address.
    return { ...profile, name: name || (typeof tokens.idTokenClaims.name === "string" ? tokens.idTokenClaims.name : ""), image: null };
  },
});
