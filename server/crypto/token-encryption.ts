/**
 * Provider tokens (OAuth access, refresh and ID tokens) at rest. Unlike session tokens they must
 * be read back (get-access-token, refresh), so they cannot be hashed: they are sealed with
 * AES-256-GCM, which also authenticates them (a tampered or swapped column fails to open instead
 * of yielding garbage). The key is derived from the server secret with HKDF-SHA256 under its own
 * label, so it differs from every other use of the secret (cookie signatures) and a leaked
 * database alone opens nothing. Each value gets a fresh 96-bit IV, as GCM requires.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

const PREFIX = "enc1:";
const keys = new Map<string, Buffer>();

function keyFor(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", secret, "latchkey", "provider-token-encryption-v1", 32));
    keys.set(secret, key);
  }
  return key;
}

/** Seal a token; null stays null. Output: `enc1:<iv>.<ciphertext+tag>` (base64url). */
export function sealToken(secret: string, plain: string | null | undefined): string | null {
  if (plain === null || plain === undefined || plain === "") return null;
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyFor(secret), iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final(), cipher.getAuthTag()]);
  return `${PREFIX}${iv.toString("base64url")}.${body.toString("base64url")}`;
}

/** Open a sealed token. Throws when it was tampered with or sealed under another secret. */
export function openToken(secret: string, sealed: string | null | undefined): string | null {
  if (!sealed) return null;
  if (!sealed.startsWith(PREFIX)) throw new Error("provider token is not sealed");
  const [ivText, bodyText] = sealed.slice(PREFIX.length).split(".");
  if (!ivText || !bodyText) throw new Error("provider token is malformed");
  const body = Buffer.from(bodyText, "base64url");
  const decipher = createDecipheriv("aes-256-gcm", keyFor(secret), Buffer.from(ivText, "base64url"));
  decipher.setAuthTag(body.subarray(body.length - 16));
  return Buffer.concat([decipher.update(body.subarray(0, body.length - 16)), decipher.final()]).toString("utf8");
}
