/**
 * Lockout state in the database, so every server on one PostgreSQL sees the same counts and a
 * restart forgets nothing. Increments are single UPDATE/UPSERT … RETURNING statements: two
 * servers counting the same account at once never lose a failure.
 */
import { sql, type RawBuilder } from "kysely";
import type { DB } from "../../db/database.js";

/** Where one lockout count lives: on the user's row, or on an unknown identifier's row. */
interface CountColumns {
  count: string;
  lastFailedAt: string;
  lockedUntil: string;
}

const USER_COUNT: CountColumns = { count: "failedSignInCount", lastFailedAt: "lastFailedSignInAt", lockedUntil: "lockedUntil" };
const IDENTIFIER_COUNT: CountColumns = { count: "signInLockout.failedCount", lastFailedAt: "signInLockout.lastFailedAt", lockedUntil: "signInLockout.lockedUntil" };

/**
 * The count after one more failure: 1 again when the last failure and the end of any lock are
 * both older than `cutoff` (a quiet period), otherwise one more. It reads the row's current values
 * inside the statement that writes the result, so nothing can change them in between. (A missing
 * time counts as long ago; the identifier row's lastFailedAt is never missing.)
 */
function nextFailureCount(columns: CountColumns, cutoff: number): RawBuilder<number> {
  return sql<number>`case when coalesce(${sql.ref(columns.lastFailedAt)}, 0) < ${cutoff} and coalesce(${sql.ref(columns.lockedUntil)}, 0) < ${cutoff} then 1 else ${sql.ref(columns.count)} + 1 end`;
}

/**
 * One more failure on the user's row in a single UPDATE … RETURNING. With `outsideWaitOnly` the
 * same statement leaves a row that is in a wait untouched (undefined comes back): the check and
 * the count are one compare-and-set, so parallel attempts cannot both slip past the wait.
 */
async function countUserFailure(db: DB, userId: string, now: number, cutoff: number, outsideWaitOnly: boolean): Promise<number | undefined> {
  const row = await db
    .updateTable("user")
    .set({ failedSignInCount: nextFailureCount(USER_COUNT, cutoff), lastFailedSignInAt: now })
    .where("id", "=", userId)
    .$if(outsideWaitOnly, (update) => update.where((eb) => eb.or([eb("lockedUntil", "is", null), eb("lockedUntil", "<=", now)])))
    .returning("failedSignInCount")
    .executeTakeFirst();
  return row ? Number(row.failedSignInCount) : undefined;
}

/**
 * The same for an identifier that matches no account, as one INSERT … ON CONFLICT DO UPDATE …
 * RETURNING: the first failure creates the row at 1. With `outsideWaitOnly` the update's WHERE
 * leaves a row in a wait untouched, and then no row comes back (undefined).
 */
async function countIdentifierFailure(db: DB, key: string, now: number, cutoff: number, outsideWaitOnly: boolean): Promise<number | undefined> {
  const row = await db
    .insertInto("signInLockout")
    .values({ key, failedCount: 1, lastFailedAt: now, lockedUntil: null })
    .onConflict((conflict) =>
      conflict
        .column("key")
        .doUpdateSet({ failedCount: nextFailureCount(IDENTIFIER_COUNT, cutoff), lastFailedAt: now })
        .$call((update) =>
          outsideWaitOnly ? update.where((eb) => eb.or([eb("signInLockout.lockedUntil", "is", null), eb("signInLockout.lockedUntil", "<=", now)])) : update,
        ),
    )
    .returning("failedCount")
    .executeTakeFirst();
  return row ? Number(row.failedCount) : undefined;
}

/** Counts a failure (see nextFailureCount for when it starts again from 1). Returns the new count. */
export async function addUserFailure(db: DB, userId: string, now: number, cutoff: number): Promise<number> {
  return (await countUserFailure(db, userId, now, cutoff, false)) ?? 0;
}

/**
 * Counts an attempt before its password is checked, unless the account is in a wait: then
 * nothing is counted and undefined comes back (refuse). Counting first means a burst of
 * parallel guesses meets the wait as soon as one of them has claimed it.
 */
export async function claimUserAttempt(db: DB, userId: string, now: number, cutoff: number): Promise<number | undefined> {
  return countUserFailure(db, userId, now, cutoff, true);
}

/** claimUserAttempt for an identifier that matches no account. */
export async function claimIdentifierAttempt(db: DB, key: string, now: number, cutoff: number): Promise<number | undefined> {
  return countIdentifierFailure(db, key, now, cutoff, true);
}

/**
 * The password was right but a second factor is still to come: give back this attempt's count and
 * the wait it started (there was none before: the claim succeeds only outside a wait), keeping
 * the earlier failures for the second factor's step.
 */
export async function giveBackUserAttempt(db: DB, userId: string): Promise<void> {
  await db
    .updateTable("user")
    .set({ failedSignInCount: sql<number>`case when "failedSignInCount" > 0 then "failedSignInCount" - 1 else 0 end`, lockedUntil: null })
    .where("id", "=", userId)
    .execute();
}

/** giveBackUserAttempt for an identifier's row (an attempt refused 503 before its password was checked). */
export async function giveBackIdentifierAttempt(db: DB, key: string): Promise<void> {
  await db
    .updateTable("signInLockout")
    .set({ failedCount: sql<number>`case when "failedCount" > 0 then "failedCount" - 1 else 0 end`, lockedUntil: null })
    .where("key", "=", key)
    .execute();
}

export async function setUserLockedUntil(db: DB, userId: string, lockedUntil: number): Promise<void> {
  await db.updateTable("user").set({ lockedUntil }).where("id", "=", userId).execute();
}

/** Clears the count and any lock; returns whether there was anything to clear. */
export async function clearUserLockout(db: DB, userId: string): Promise<boolean> {
  const result = await db
    .updateTable("user")
    .set({ failedSignInCount: 0, lastFailedSignInAt: null, lockedUntil: null })
    .where("id", "=", userId)
    .where((eb) => eb.or([eb("failedSignInCount", ">", 0), eb("lockedUntil", "is not", null)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function addIdentifierFailure(db: DB, key: string, now: number, cutoff: number): Promise<number> {
  return (await countIdentifierFailure(db, key, now, cutoff, false)) ?? 0;
}

export async function setIdentifierLockedUntil(db: DB, key: string, lockedUntil: number): Promise<void> {
  await db.updateTable("signInLockout").set({ lockedUntil }).where("key", "=", key).execute();
}

export async function clearIdentifier(db: DB, key: string): Promise<void> {
  await db.deleteFrom("signInLockout").where("key", "=", key).execute();
}

/** Rows that no longer count for anything (quiet for longer than the reset period). */
export async function sweepIdentifiers(db: DB, cutoff: number): Promise<void> {
  await db
    .deleteFrom("signInLockout")
    .where("lastFailedAt", "<", cutoff)
    .where((eb) => eb.or([eb("lockedUntil", "is", null), eb("lockedUntil", "<", cutoff)]))
    .execute();
}
