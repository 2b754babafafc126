/**
 * Secrets the server must read back later (TOTP seeds, signing keys, provider tokens) are sealed
 * with AES-256-GCM under a key derived from the server secret with HKDF-SHA256. The `purpose`
 * goes into HKDF's info, so a value sealed for one purpose never opens for another, and a copy
 * of the database without the server secret yields nothing usable.
 *
 * Format: `v1.<iv>.<ciphertext>.<tag>` (base64url parts); the version lets keys rotate later.
 * This is the one sealing helper: everything sealed at rest goes through seal/open.
 */
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from "node:crypto";

const keys = new Map<string, Buffer>();
const previousBySecret = new Map<string, readonly string[]>();

/**
 * During a rotation (AUTH_PREVIOUS_SECRETS) values sealed, hashed or signed under an earlier
 * secret must still open: every opener here tries `secret` first, then the ones remembered for
 * it. Kept here, keyed by the current secret, so the many callers that hold `app.secret` need no
 * second argument; createContext sets it for each app (an empty list ends a rotation).
 */
export function rememberPreviousSecrets(secret: string, previous: readonly string[]): void {
  const list = previous.filter((old) => old !== secret);
  if (list.length) previousBySecret.set(secret, list);
  else previousBySecret.delete(secret);
}

/** `secret` and then the previous secrets remembered for it. */
export function secretsFor(secret: string): readonly string[] {
  return [secret, ...(previousBySecret.get(secret) ?? [])];
}

/** A 32-byte key for `purpose`, derived once per secret and purpose (HKDF is cheap, but not free). */
export function deriveKey(secret: string, purpose: string): Buffer {
  const id = `${purpose}\u0000${secret}`;
  let key = keys.get(id);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", secret, "latchkey-hkdf-v1", purpose, 32));
    keys.set(id, key);
  }
  return key;
}

/** AES-256-GCM under `key` with a fresh IV: the parts any format is built from. */
function gcmSeal(key: Buffer, plaintext: string): { iv: Buffer; body: Buffer; tag: Buffer } {
  // A 96-bit random IV: GCM's recommended size; collisions are negligible at our volumes.
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return { iv, body, tag: cipher.getAuthTag() };
}

/** The plaintext of `gcmSeal`'s parts. Throws when the tag does not verify (altered, or another key). */
function gcmOpen(key: Buffer, iv: Buffer, body: Buffer, tag: Buffer): string {
  // Only a full 16-byte tag: Node would otherwise accept a tag cut down to 4 bytes, and a
  // truncated tag is far easier to forge.
  if (tag.length !== 16) throw new Error("authentication tag must be 16 bytes");
  const decipher = createDecipheriv("aes-256-gcm", key, iv, { authTagLength: 16 });
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
}

export function seal(plaintext: string, secret: string, purpose: string): string {
  const { iv, body, tag } = gcmSeal(deriveKey(secret, purpose), plaintext);
  return ["v1", iv.toString("base64url"), body.toString("base64url"), tag.toString("base64url")].join(".");
}

/** The plaintext, or null when the value was altered, sealed for another purpose, or under none of the secrets. */
export function open(sealed: string, secret: string, purpose: string): string | null {
  return openSealed(sealed, secret, purpose)?.plain ?? null;
}

/** Like open(), and says whether a previous secret opened it (`stale`: worth sealing again with the current one). */
export function openSealed(sealed: string, secret: string, purpose: string): { plain: string; stale: boolean } | null {
  const [version, iv, body, tag] = sealed.split(".");
  if (version !== "v1" || iv === undefined || body === undefined || tag === undefined) return null;
  const parts = [Buffer.from(iv, "base64url"), Buffer.from(body, "base64url"), Buffer.from(tag, "base64url")] as const;
  const candidates = secretsFor(secret);
  for (let i = 0; i < candidates.length; i++) {
    try {
      return { plain: gcmOpen(deriveKey(candidates[i]!, purpose), ...parts), stale: i > 0 };
    } catch {
      // Not this secret: try the next one.
    }
  }
  return null;
}

/**
 * A keyed hash (HMAC-SHA256 under a derived key) for short secrets that are only ever compared,
 * such as backup codes: unlike a plain SHA-256, a database copy cannot be brute-forced offline
 * without the server secret.
 */
export function keyedHash(value: string, secret: string, purpose: string): string {
  return createHmac("sha256", deriveKey(secret, purpose)).update(value).digest("base64url");
}

/** keyedHash under the current secret and then each previous one: a stored hash may match any during a rotation. */
export function keyedHashes(value: string, secret: string, purpose: string): string[] {
  return secretsFor(secret).map((each) => keyedHash(value, each, purpose));
}
