/**
 * Backup codes: 10 codes of 12 characters (about 59 bits each), shown once. They are read off
 * paper and typed by hand, so their alphabet has no look-alikes (no 0/O, 1/I/l, no lower case):
 * "7KQ4-M2XD-9PHT". Codes made before that alphabet (10 mixed-case characters) still work.
 *
 * They are stored sealed (AES-256-GCM under a key derived from the server secret,
 * crypto/encrypt.ts), like the TOTP seed beside them: a database copy without the secret opens
 * neither, and a secret rotation (AUTH_PREVIOUS_SECRETS, `auth server rotate-secret`) can seal
 * them again under the new secret — keyed hashes could not be recomputed without the codes
 * (issue 26). Lists stored before that are JSON arrays of keyed hashes (HMAC under the secret);
 * they still match, under the current or a previous secret, until the user makes new codes.
 */
import { keyedHashes, openSealed, seal } from "../../crypto/encrypt.js";
import { randomString, safeEqual } from "../../crypto/tokens.js";

const COUNT = 10;
const HASH_PURPOSE = "two-factor-backup-code";
export const BACKUP_CODES_PURPOSE = "two-factor-backup-codes";

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
 * What the stored code may have been made from: the code as typed (older, mixed-case codes,
 * compared case-sensitively) and in capitals (current codes, so "7kq4-m2xd-9pht" works too).
 */
function typedForms(code: string): string[] {
  const typed = normalize(code);
  const upper = typed.toUpperCase();
  return upper === typed ? [typed] : [typed, upper];
}

/** The list to store: the codes, normalized, sealed under the current secret. */
export function sealBackupCodes(codes: string[], serverSecret: string): string {
  return seal(JSON.stringify(codes.map(normalize)), serverSecret, BACKUP_CODES_PURPOSE);
}

/** The stored list opens under no configured secret: the database was sealed with another one. */
export class BackupCodesUnreadable extends Error {}

/**
 * The list to store once `code` is used — sealed under the current secret, whichever secret
 * sealed it before — or null when no code matches. Every entry is compared.
 */
export function useBackupCode(stored: string, code: string, serverSecret: string): string | null {
  const forms = typedForms(code);
  if (stored.startsWith("v1.")) {
    const opened = openSealed(stored, serverSecret, BACKUP_CODES_PURPOSE);
    if (!opened) throw new BackupCodesUnreadable();
    let codes: string[];
    try {
      codes = JSON.parse(opened.plain) as string[];
    } catch {
      return null;
    }
    const match = firstMatch(codes, (candidate) => forms.some((form) => safeEqual(candidate, form)));
    if (match < 0) return null;
    return sealBackupCodes(codes.filter((_, index) => index !== match), serverSecret);
  }
  let hashes: string[];
  try {
    hashes = JSON.parse(stored) as string[];
  } catch {
    return null;
  }
  // A list from before sealing: keyed hashes under the current secret or, during a rotation, a
  // previous one (they cannot be hashed anew without the codes).
  const candidates = forms.flatMap((form) => keyedHashes(form, serverSecret, HASH_PURPOSE));
  const match = firstMatch(hashes, (hash) => candidates.some((candidate) => safeEqual(hash, candidate)));
  if (match < 0) return null;
  return JSON.stringify(hashes.filter((_, index) => index !== match));
}

/** Index of the first entry that matches; every entry is compared, so the time does not tell which. */
function firstMatch(entries: string[], matches: (entry: string) => boolean): number {
  let match = -1;
  entries.forEach((entry, index) => {
    if (matches(entry) && match < 0) match = index;
  });
  return match;
}
