/**
 * Backup codes: 10 codes of 12 characters (about 59 bits each), shown once. They are read off
 * paper and typed by hand, so their alphabet has no look-alikes (no 0/O, 1/I/l, no lower case):
 * "7KQ4-M2XD-9PHT". Codes made before that alphabet (10 mixed-case characters) still work. Only keyed hashes
 * (HMAC under a key derived from the server secret) are stored, so neither a database copy nor a
 * brute force of it without the server secret gives a usable code.
 */
import { keyedHash, keyedHashes } from "../../crypto/encrypt.js";
import { randomString, safeEqual } from "../../crypto/tokens.js";

const COUNT = 10;
const PURPOSE = "two-factor-backup-code";

/** Digits and capitals without 0, 1, I, L, O (and U, which reads as V): 30 characters. */
export const BACKUP_CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ";
const LENGTH = 12;

export function newBackupCodes(): string[] {
  return Array.from({ length: COUNT }, () => {
    const raw = randomString(LENGTH, BACKUP_CODE_ALPHABET);
    return `${raw.slice(0, 4)}-${raw.slice(4, 8)}-${raw.slice(8)}`;
  });
}

/** Without dashes and spaces; case is kept here (older codes are mixed-case, see `typedForms`). */
function normalize(code: string): string {
  return code.trim().replace(/[-\s]/g, "");
}

/**
 * What the stored hash may have been made from: the code as typed (older, mixed-case codes, which
 * were hashed case-sensitively) and in capitals (current codes, so "7kq4-m2xd-9pht" works too).
 */
function typedForms(code: string): string[] {
  const typed = normalize(code);
  const upper = typed.toUpperCase();
  return upper === typed ? [typed] : [typed, upper];
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
  const candidates = typedForms(code).flatMap((form) => keyedHashes(form, serverSecret, PURPOSE));
  let match = -1;
  hashes.forEach((hash, index) => {
    if (candidates.some((candidate) => safeEqual(hash, candidate)) && match < 0) match = index;
  });
  if (match < 0) return null;
  return JSON.stringify(hashes.filter((_, index) => index !== match));
}

export function backupCodesLeft(stored: string): number {
  try {
    return (JSON.parse(stored) as string[]).length;
  } catch {
    return 0;
  }
}
