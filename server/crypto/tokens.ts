/** Random identifiers and secrets, and how secrets are kept at rest. */
import { createHmac, hash, randomBytes, timingSafeEqual } from "node:crypto";
import { secretsFor } from "./encrypt.js";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/**
 * A random string over [A-Za-z0-9], or over `alphabet` when given. Rejection sampling keeps every
 * character equally likely (a plain `byte % 62` would favour the first eight letters).
 */
export function randomString(length: number, alphabet: string = ALPHABET): string {
  // The largest multiple of the alphabet's size that fits in a byte: bytes above it are dropped.
  const limit = 256 - (256 % alphabet.length);
  let out = "";
  while (out.length < length) {
    const bytes = randomBytes(length * 2);
    for (const byte of bytes) {
      if (byte < limit) out += alphabet[byte % alphabet.length];
      if (out.length === length) break;
    }
  }
  return out;
}

/** Row ids: 32 characters, about 190 bits, never guessable. */
export function newId(): string {
  return randomString(32);
}

/**
 * Secrets (session tokens, mail tokens) are stored only as SHA-256 digests, so a copy of the
 * database is not enough to act as anyone. The secrets carry ≥ 140 bits of entropy, so a fast
 * hash is enough: there is nothing to brute-force.
 */
export function hashSecret(secret: string): string {
  // The one-shot form: no Hash object per call (0.6 against 2 µs; every session check pays it).
  return hash("sha256", secret, "base64url");
}

/** Compares two strings in time independent of where they differ. */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  if (left.length !== right.length) {
    // Still spend a comparison so the length mismatch is not faster than a content mismatch.
    timingSafeEqual(left, left);
    return false;
  }
  return timingSafeEqual(left, right);
}

/** HMAC-SHA256 signature (base64url) with the server secret, e.g. for the session-data cookie. */
export function sign(value: string, secret: string): string {
  return createHmac("sha256", secret).update(value).digest("base64url");
}

/** Whether `signature` is sign(value) under the secret or, during a rotation, one of the previous ones (crypto/encrypt.ts). */
export function signedBy(value: string, signature: string, secret: string): boolean {
  return secretsFor(secret).some((each) => safeEqual(signature, sign(value, each)));
}
