/**
 * Two-factor queries. The twoFactor row holds the sealed TOTP seed and the backup-code hashes;
 * short-lived state (pending sign-ins, mailed codes, trusted devices) is kept in the verification
 * table under `two-factor:`, `two-factor-otp:` and `trust-device:` identifiers with an expiry,
 * keyed by a hash of the random handle the browser holds.
 */
import type { Kysely } from "kysely";
import { hashSecret, newId } from "../../crypto/tokens.js";
import type { Database, TwoFactorRow, VerificationRow } from "../../db/types.js";

type Q = Kysely<Database>;

export type StatePurpose = "two-factor" | "two-factor-otp" | "trust-device" | "passkey-challenge" | "passkey-session";

export function stateIdentifier(purpose: StatePurpose, handle: string): string {
  return `${purpose}:${hashSecret(handle)}`;
}

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

export async function markVerified(db: Q, id: string, now: number): Promise<void> {
  await db.updateTable("twoFactor").set({ verified: 1, updatedAt: now }).where("id", "=", id).execute();
}

export async function setTwoFactorEnabled(db: Q, userId: string, enabled: boolean, now: number): Promise<void> {
  await db.updateTable("user").set({ twoFactorEnabled: enabled ? 1 : 0, updatedAt: now }).where("id", "=", userId).execute();
}

/** Forgets everything second-factor about a user: the row, trusted devices, pending codes. */
export async function deleteTwoFactorOf(db: Q, userId: string): Promise<void> {
  await db.deleteFrom("twoFactor").where("userId", "=", userId).execute();
  await deleteTrustedDevicesOf(db, userId);
}

export async function deleteTrustedDevicesOf(db: Q, userId: string): Promise<void> {
  await db.deleteFrom("verification").where("identifier", "like", "trust-device:%").where("value", "=", userId).execute();
}

export async function saveState(db: Q, purpose: StatePurpose, handle: string, value: string, expiresAt: number, now: number): Promise<void> {
  await db
    .insertInto("verification")
    .values({ id: newId(), identifier: stateIdentifier(purpose, handle), value, expiresAt, nonce: null, createdAt: now, updatedAt: now })
    .execute();
}

/** The live row, or undefined when it never existed, was used, or expired (then it is removed). */
export async function findState(db: Q, purpose: StatePurpose, handle: string, now: number): Promise<VerificationRow | undefined> {
  const row = await db.selectFrom("verification").selectAll().where("identifier", "=", stateIdentifier(purpose, handle)).executeTakeFirst();
  if (!row) return undefined;
  if (Number(row.expiresAt) <= now) {
    await db.deleteFrom("verification").where("id", "=", row.id).execute();
    return undefined;
  }
  return row;
}

/** Replaces a row's value only if it is still `expected` (attempt counters without lost updates). */
export async function swapState(db: Q, id: string, expected: string, next: string, now: number): Promise<boolean> {
  const result = await db.updateTable("verification").set({ value: next, updatedAt: now }).where("id", "=", id).where("value", "=", expected).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Deletes the row; true for the one caller that removed it (a pending sign-in completes once). */
export async function consumeState(db: Q, id: string): Promise<boolean> {
  const result = await db.deleteFrom("verification").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function deleteStates(db: Q, purpose: StatePurpose, handle: string): Promise<void> {
  await db.deleteFrom("verification").where("identifier", "=", stateIdentifier(purpose, handle)).execute();
}
