/**
 * Two-factor queries. The twoFactor row holds the sealed TOTP seed and the backup-code hashes;
 * short-lived state (pending sign-ins, mailed codes, trusted devices) is kept as one-time secrets
 * (core/one-time.ts: "two-factor-pending", "two-factor-otp", "trust-device").
 */
import type { Kysely } from "kysely";
import { newId } from "../../crypto/tokens.js";
import type { Database, TwoFactorRow } from "../../db/types.js";
import { forgetAllOf } from "../one-time.js";

type Q = Kysely<Database>;

export function findTwoFactor(db: Q, userId: string): Promise<TwoFactorRow | undefined> {
  return db.selectFrom("twoFactor").selectAll().where("userId", "=", userId).executeTakeFirst();
}

/** Starts (or restarts) setup: a new secret and codes, not verified until a first code. */
export async function saveTwoFactor(db: Q, userId: string, secret: string, backupCodes: string, now: number): Promise<void> {
  await db.deleteFrom("twoFactor").where("userId", "=", userId).execute();
  await db
    .insertInto("twoFactor")
    .values({ id: newId(), userId, secret, backupCodes, verified: 0, lastUsedStep: null, createdAt: now, updatedAt: now })
    .execute();
}

/**
 * Accepts the TOTP step only if it is later than the last one used; true when this call won.
 * One conditional UPDATE, so two concurrent requests with the same code cannot both pass.
 */
export async function claimStep(db: Q, id: string, step: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable("twoFactor")
    .set({ lastUsedStep: step, verified: 1, updatedAt: now })
    .where("id", "=", id)
    .where((eb) => eb.or([eb("lastUsedStep", "is", null), eb("lastUsedStep", "<", step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Replaces the backup codes only if they are still `expected` (compare-and-swap: a code is used once). */
export async function swapBackupCodes(db: Q, id: string, expected: string, next: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable("twoFactor")
    .set({ backupCodes: next, updatedAt: now })
    .where("id", "=", id)
    .where("backupCodes", "=", expected)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setTwoFactorEnabled(db: Q, userId: string, enabled: boolean, now: number): Promise<void> {
  await db.updateTable("user").set({ twoFactorEnabled: enabled ? 1 : 0, updatedAt: now }).where("id", "=", userId).execute();
}

/** Forgets everything second-factor about a user: the row, trusted devices, pending codes. */
export async function deleteTwoFactorOf(db: Q, userId: string): Promise<void> {
  await db.deleteFrom("twoFactor").where("userId", "=", userId).execute();
  await forgetAllOf(db, "trust-device", userId);
  await forgetAllOf(db, "two-factor-otp", userId);
}

/** Replaces the sealed seed if it is still `expected` (a rotation re-seals it under the current secret). */
export async function resealSecret(db: Q, id: string, expected: string, next: string, now: number): Promise<void> {
  await db.updateTable("twoFactor").set({ secret: next, updatedAt: now }).where("id", "=", id).where("secret", "=", expected).execute();
}
