/**
 * Provider tokens (OAuth access, refresh and ID tokens) at rest. Unlike session tokens they must
 * be read back (get-access-token, refresh), so they cannot be hashed: they are sealed with
 * crypto/encrypt.ts (AES-256-GCM, which also authenticates them, so a tampered or swapped column
 * fails to open instead of yielding garbage) under the purpose `provider-token`, a key no other
 * use of the server secret shares; a leaked database alone opens nothing. This file only maps the
 * nullable account columns onto seal/open.
 */
import { apiError } from "../../../shared/errors.js";
import { openSealed, seal } from "../../crypto/encrypt.js";

export const PURPOSE = "provider-token";

/** Seal a token; null (or empty) stays null. Output: encrypt.ts's `v1.<iv>.<ciphertext>.<tag>`. */
export function sealToken(secret: string, plain: string | null | undefined): string | null {
  if (plain === null || plain === undefined || plain === "") return null;
  return seal(plain, secret, PURPOSE);
}

/**
 * Open a sealed token. Throws SECRET_MISMATCH when it opens under none of the configured secrets
 * (altered, or sealed under another secret), and a plain error for anything not in the v1 format
 * (get-access-token answers FAILED_TO_GET_ACCESS_TOKEN; the next sign-in stores fresh tokens).
 */
export function openToken(secret: string, sealed: string | null | undefined): string | null {
  return openTokenForUse(secret, sealed)?.plain ?? null;
}

/**
 * Like openToken, and says whether the value is `stale`: opened with a previous secret
 * (AUTH_PREVIOUS_SECRETS), so worth sealing again under the current secret now that its
 * plaintext is at hand (a rotation re-seals on use).
 */
export function openTokenForUse(secret: string, sealed: string | null | undefined): { plain: string; stale: boolean } | null {
  if (!sealed) return null;
  if (!sealed.startsWith("v1.")) throw new Error("provider token is not sealed");
  const opened = openSealed(sealed, secret, PURPOSE);
  if (opened === null) throw apiError("SECRET_MISMATCH");
  return opened;
}
