/**
 * Secrets the server must read back (JWT private keys, and any other feature's) are sealed with
 * AES-256-GCM under a key derived by HKDF-SHA256 from the server secret. A copy of the database
 * alone therefore opens nothing, and the `purpose` label gives each use its own key, so a value
 * sealed for one purpose cannot be replayed as another. GCM's tag makes tampering an error.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

const VERSION = "v1";

const keyCache = new Map<string, Buffer>();

/** 32 bytes for `purpose`, derived once per (secret, purpose) — HKDF is cheap but not free. */
function derivedKey(secret: string, purpose: string): Buffer {
  const cacheKey = `${purpose}\u0000${secret}`;
  let key = keyCache.get(cacheKey);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", secret, "latchkey-seal", `latchkey:${purpose}`, 32));
    keyCache.set(cacheKey, key);
  }
  return key;
}

/** `v1.<iv>.<ciphertext>.<tag>` (base64url parts); a fresh 96-bit IV per value. */
export function seal(plaintext: string, secret: string, purpose: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", derivedKey(secret, purpose), iv);
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [VERSION, iv.toString("base64url"), body.toString("base64url"), cipher.getAuthTag().toString("base64url")].join(".");
}

/** The plaintext, or throws when the value was sealed under another secret or purpose, or altered. */
export function open(sealed: string, secret: string, purpose: string): string {
  const [version, iv, body, tag] = sealed.split(".");
  if (version !== VERSION || !iv || body === undefined || !tag) throw new Error("not a sealed value");
  const decipher = createDecipheriv("aes-256-gcm", derivedKey(secret, purpose), Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
}
