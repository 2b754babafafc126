/**
 * A provider's one secret at rest: the OIDC client secret, or, for a SAML provider that signs its
 * AuthnRequests, the SP's private key (saml-signing.ts). A provider is one or the other, so both
 * live in the `clientSecret` column under its purpose, and `auth server rotate-secret` seals either
 * again under a new server secret. Sealed (crypto/encrypt.ts, AES-256-GCM under a key for this
 * purpose only), not hashed, because the server must use it.
 */
import { apiError } from "../../../shared/errors.js";
import { openSealed, seal } from "../../crypto/encrypt.js";

export const SSO_SECRET_PURPOSE = "sso-client-secret";

export function sealClientSecret(secret: string, plain: string): string {
  return seal(plain, secret, SSO_SECRET_PURPOSE);
}

/** The plain client secret; SECRET_MISMATCH when it opens under no configured server secret. */
export function openClientSecret(secret: string, sealed: string | null): string | undefined {
  if (!sealed) return undefined;
  const opened = openSealed(sealed, secret, SSO_SECRET_PURPOSE);
  if (opened === null) throw apiError("SECRET_MISMATCH");
  return opened.plain;
}

/** The SAML SP's signing key (PKCS#8 PEM), sealed in the same column as an OIDC client secret. */
export function sealSigningKey(secret: string, privateKey: string): string {
  return sealClientSecret(secret, privateKey);
}

export function openSigningKey(secret: string, sealed: string | null): string | undefined {
  return openClientSecret(secret, sealed);
}
