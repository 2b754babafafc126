/**
 * Provider tokens (OAuth access, refresh and ID tokens) at rest. Unlike session tokens they must
 * be read back (get-access-token, refresh), so they cannot be hashed: they are sealed with
 * crypto/encrypt.ts (AES-256-GCM, which also authenticates them, so a tampered or swapped column
 * fails to open instead of yielding garbage) under the purpose `provider-token`, a key no other
 * use of the server secret shares; a leaked database alone opens nothing.
 *
 * Tokens written before that are `enc1:<iv>.<ciphertext+tag>` under their own HKDF label; they
 * still open, and are sealed anew in the v1 format whenever the provider hands out fresh ones.
 */
import { hkdfSync } from "node:crypto";
import { apiError } from "../../shared/errors.js";
import { gcmOpen, openSealed, seal } from "./encrypt.js";

export const PURPOSE = "provider-token";
const LEGACY_PREFIX = "enc1:";
const GCM_TAG_BYTES = 16;
const legacyKeys = new Map<string, Buffer>();

/** Seal a token; null (or empty) stays null. Output: encrypt.ts's `v1.<iv>.<ciphertext>.<tag>`. */
export function sealToken(secret: string, plain: string | null | undefined): string | null {
  if (plain === null || plain === undefined || plain === "") return null;
  return seal(plain, secret, PURPOSE);
}

/** Open a sealed token (v1, or the older enc1:). Throws (SECRET_MISMATCH for v1) when it was tampered with, sealed under another secret, or is in no known format. */
export function openToken(secret: string, sealed: string | null | undefined): string | null {
  return openTokenForUse(secret, sealed)?.plain ?? null;
}

/**
 * Like openToken, and says whether the value is `stale`: opened with a previous secret
 * (AUTH_PREVIOUS_SECRETS) or in the older enc1: format — worth sealing again under the current
 * secret now that its plaintext is at hand (issue 26: a rotation re-seals on use).
 */
export function openTokenForUse(secret: string, sealed: string | null | undefined): { plain: string; stale: boolean } | null {
  if (!sealed) return null;
  if (sealed.startsWith(LEGACY_PREFIX)) return { plain: openLegacy(secret, sealed.slice(LEGACY_PREFIX.length)), stale: true };
  if (!sealed.startsWith("v1.")) throw new Error("provider token is not sealed");
  const opened = openSealed(sealed, secret, PURPOSE);
  // Under none of the configured secrets (a value altered in place fails the same way).
  if (opened === null) throw apiError("SECRET_MISMATCH");
  return opened;
}

function legacyKeyFor(secret: string): Buffer {
  let key = legacyKeys.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", secret, "latchkey", "provider-token-encryption-v1", 32));
    legacyKeys.set(secret, key);
  }
  return key;
}

/** `<iv>.<ciphertext+tag>` (base64url), the tag being the last 16 bytes. */
function openLegacy(secret: string, rest: string): string {
  const [ivText, bodyText] = rest.split(".");
  if (!ivText || !bodyText) throw new Error("provider token is malformed");
  const body = Buffer.from(bodyText, "base64url");
  const cut = body.length - GCM_TAG_BYTES;
  return gcmOpen(legacyKeyFor(secret), Buffer.from(ivText, "base64url"), body.subarray(0, cut), body.subarray(cut));
}
