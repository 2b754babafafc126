/**
 * The database knows which secret sealed it (issue 26). The `keyCheck` row holds an HMAC of a
 * fixed label under a key derived from the secret — never the secret — written at the first start.
 * A start with another secret then refuses in one sentence instead of starting and answering every
 * two-factor user, JWT signature and provider token with failures.
 *
 * During a rotation the row still names the previous secret: the server starts (values open under
 * either, crypto/encrypt.ts) and `auth server rotate-secret` writes the current secret's value last.
 */
import type { DB } from "./db/database.js";
import { keyedHash } from "./crypto/encrypt.js";
import { safeEqual } from "./crypto/tokens.js";

const LABEL = "latchkey key check v1";
const PURPOSE = "key-check";
const ROW_ID = "current";

export const SECRET_MISMATCH_SENTENCE =
  "This database was sealed with a different AUTH_SECRET: start with the original secret, or set the original in AUTH_PREVIOUS_SECRETS and run `auth server rotate-secret`.";

export class SecretMismatchError extends Error {
  constructor() {
    super(SECRET_MISMATCH_SENTENCE);
    this.name = "SecretMismatchError";
  }
}

export function keyCheckValue(secret: string): string {
  return keyedHash(LABEL, secret, PURPOSE);
}

/** "new": no value yet; "current": sealed with the secret; "previous": with one of the previous ones (rotation pending); "mismatch": with none of them. */
export type KeyCheckStatus = "new" | "current" | "previous" | "mismatch";

export async function readKeyCheck(db: DB): Promise<string | null> {
  const row = await db.selectFrom("keyCheck").select("value").where("id", "=", ROW_ID).executeTakeFirst();
  return row?.value ?? null;
}

export function statusOf(stored: string | null, secret: string, previous: readonly string[] = []): KeyCheckStatus {
  if (stored === null) return "new";
  if (safeEqual(stored, keyCheckValue(secret))) return "current";
  if (previous.some((old) => safeEqual(stored, keyCheckValue(old)))) return "previous";
  return "mismatch";
}

/** Writes (or replaces) the value for `secret`. */
export async function writeKeyCheck(db: DB, secret: string, now: number): Promise<void> {
  const value = keyCheckValue(secret);
  await db
    .insertInto("keyCheck")
    .values({ id: ROW_ID, value, updatedAt: now })
    .onConflict((oc) => oc.column("id").doUpdateSet({ value, updatedAt: now }))
    .execute();
}

/**
 * At start: write the value when there is none, refuse (SecretMismatchError) when it matches no
 * configured secret, and say whether a rotation is pending.
 */
export async function ensureKeyCheck(db: DB, secret: string, previous: readonly string[], now: number): Promise<KeyCheckStatus> {
  const status = statusOf(await readKeyCheck(db), secret, previous);
  if (status === "mismatch") throw new SecretMismatchError();
  if (status === "new") await writeKeyCheck(db, secret, now);
  return status;
}

/** For tools that must not change the database (check-config): the status, or null when the table is not there yet. */
export async function peekKeyCheck(db: DB, secret: string, previous: readonly string[]): Promise<KeyCheckStatus | null> {
  try {
    return statusOf(await readKeyCheck(db), secret, previous);
  } catch {
    // Not migrated to 0016 yet (or no schema at all): nothing to compare with.
    return null;
  }
}
