/**
 * An OIDC client secret at rest: sealed (crypto/encrypt.ts, AES-256-GCM under a key for this
 * purpose only), because the server must send it to the identity provider and so cannot hash it.
 * `auth server rotate-secret` seals it again under a new server secret.
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
