/**
 * Opens values better-auth 1.x encrypted with its secret (`symmetricEncrypt`: TOTP seeds, backup
 * codes, JWKS private keys, OAuth tokens with `encryptOAuthTokens`). Its format, from its
 * published code: the key is SHA-256 of the secret's UTF-8 bytes; the value is hex of
 * `nonce (24 bytes) ‖ ciphertext ‖ Poly1305 tag (16 bytes)` under XChaCha20-Poly1305, with no
 * associated data; with versioned secrets (BETTER_AUTH_SECRETS) the hex is wrapped as
 * `$ba$<version>$<hex>`.
 *
 * Node ships ChaCha20-Poly1305 with a 12-byte nonce but not the 24-byte XChaCha variant; XChaCha
 * is HChaCha20 (derive a subkey from the key and the nonce's first 16 bytes) followed by that
 * cipher under the subkey with nonce `0000 ‖ nonce[16..24]` (draft-irtf-cfrg-xchacha §2.3).
 */
import { createDecipheriv, createHash } from "node:crypto";

const NONCE = 24;
const TAG = 16;

function rotl(value: number, shift: number): number {
  return ((value << shift) | (value >>> (32 - shift))) >>> 0;
}

/** HChaCha20: 20 ChaCha rounds over constants, key and a 16-byte nonce; words 0–3 and 12–15 are the subkey. */
function hchacha20(key: Buffer, nonce: Buffer): Buffer {
  const s = new Uint32Array(16);
  s[0] = 0x61707865;
  s[1] = 0x3320646e;
  s[2] = 0x79622d32;
  s[3] = 0x6b206574;
  for (let i = 0; i < 8; i++) s[4 + i] = key.readUInt32LE(i * 4);
  for (let i = 0; i < 4; i++) s[12 + i] = nonce.readUInt32LE(i * 4);
  const quarter = (a: number, b: number, c: number, d: number) => {
    s[a] = (s[a]! + s[b]!) >>> 0;
    s[d] = rotl(s[d]! ^ s[a]!, 16);
    s[c] = (s[c]! + s[d]!) >>> 0;
    s[b] = rotl(s[b]! ^ s[c]!, 12);
    s[a] = (s[a]! + s[b]!) >>> 0;
    s[d] = rotl(s[d]! ^ s[a]!, 8);
    s[c] = (s[c]! + s[d]!) >>> 0;
    s[b] = rotl(s[b]! ^ s[c]!, 7);
  };
  for (let round = 0; round < 10; round++) {
    quarter(0, 4, 8, 12);
    quarter(1, 5, 9, 13);
    quarter(2, 6, 10, 14);
    quarter(3, 7, 11, 15);
    quarter(0, 5, 10, 15);
    quarter(1, 6, 11, 12);
    quarter(2, 7, 8, 13);
    quarter(3, 4, 9, 14);
  }
  const out = Buffer.alloc(32);
  [0, 1, 2, 3, 12, 13, 14, 15].forEach((word, i) => out.writeUInt32LE(s[word]!, i * 4));
  return out;
}

/** Whether a stored value has the shape of better-auth's encryption (it may also be plain text that happens to be hex). */
export function looksEncrypted(value: string): boolean {
  const hex = value.startsWith("$ba$") ? value.slice(value.indexOf("$", 4) + 1) : value;
  return hex.length >= (NONCE + TAG) * 2 && hex.length % 2 === 0 && /^[0-9a-f]+$/i.test(hex);
}

/** The plaintext, or null when the value does not open under `secret` (another secret, or altered). */
export function betterAuthDecrypt(value: string, secret: string): string | null {
  let hex = value;
  if (value.startsWith("$ba$")) {
    const end = value.indexOf("$", 4);
    if (end < 0) return null;
    hex = value.slice(end + 1);
  }
  if (!looksEncrypted(hex)) return null;
  const bytes = Buffer.from(hex, "hex");
  const nonce = bytes.subarray(0, NONCE);
  const body = bytes.subarray(NONCE, bytes.length - TAG);
  const tag = bytes.subarray(bytes.length - TAG);
  const key = createHash("sha256").update(secret, "utf8").digest();
  const subkey = hchacha20(key, nonce.subarray(0, 16));
  const shortNonce = Buffer.concat([Buffer.alloc(4), nonce.subarray(16)]);
  try {
    const decipher = createDecipheriv("chacha20-poly1305", subkey, shortNonce, { authTagLength: TAG });
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
