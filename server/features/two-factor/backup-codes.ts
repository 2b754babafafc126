/**
 * Backup codes: 10 codes of 10 characters (about 59 bits each), shown once. Only keyed hashes
 * (HMAC under a key derived from the server secret) are stored, so neither a database copy nor a
 * brute force of it without the server secret gives a usable code.
 */
import { keyedHash, keyedHashes } from "../../crypto/encrypt.js";
import { randomString, safeEqual } from "../../crypto/tokens.js";

const COUNT = 10;
const PURPOSE = "two-factor-backup-code";

export function newBackupCodes(): string[] {
  return Array.from({ length: COUNT }, () => {
    const raw = randomString(10);
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
}

/** Codes are compared without the dash and case-sensitively (they are random mixed-case). */
function normalize(code: string): string {
  return code.trim().replace(/-/g, "");
}

export function hashBackupCodes(codes: string[], serverSecret: string): string {
  return JSON.stringify(codes.map((code) => keyedHash(normalize(code), serverSecret, PURPOSE)));
}

/** The stored list without the matching code, or null when none matches. Every entry is compared. */
export function useBackupCode(stored: string, code: string, serverSecret: string): string | null {
  let hashes: string[];
  try {
    hashes = JSON.parse(stored) as string[];
  } catch {
    return null;
  }
  // Under the current secret or, during a rotation, a previous one: codes cannot be hashed anew
  // without their plaintext, so they match under the secret they were made with.
  const candidates = keyedHashes(normalize(code), serverSecret, PURPOSE);
  let match = -1;
  hashes.forEach((hash, index) => {
    if (candidates.some((candidate) => safeEqual(hash, candidate)) && match < 0) match = index;
  });
  if (match < 0) return null;
  return JSON.stringify(hashes.filter((_, index) => index !== match));
}
