/**
 * The credential epoch (issue 43): one counter per user, `user.credentialEpoch`, that moves in the
 * same transaction as every change after which no session minted under the old state may live —
 * a ban, a password change, reset or set, a revoke-all, a demotion that ends sessions.
 *
 * Why: a sign-in proves who you are against rows it read before the slow part (the password hash,
 * a provider round trip), then inserts a session. A ban or a password change that commits in
 * between deletes only the sessions that exist, so the sign-in's session, inserted after, would
 * outlive it. Instead a sign-in captures the epoch with the user row it proves against, and its
 * session is inserted only while that epoch is still the user's (`claimEpoch`, in the insert's
 * transaction, the user row locked on PostgreSQL). A racer loses: BANNED_USER when the change was a
 * ban, else CREDENTIALS_CHANGED_DURING_SIGN_IN (409) — sign in again, against the new state.
 *
 * Serialisation: on PostgreSQL the claim locks the user row (FOR NO KEY UPDATE), which the
 * change's own UPDATE of that row also needs: whichever commits second sees the first — a change
 * after the claim then deletes the new session with the others; a claim after the change sees the
 * new epoch. SQLite runs one transaction at a time on our single connection.
 */
import { apiError } from "../../../shared/errors.js";
import { bannedMessage } from "../../../shared/errors/admin.js";
import type { AppContext } from "../../context.js";
import { lockingRows } from "../../db/lock.js";
import type { DB } from "../../db/database.js";

/** Moves the user's epoch; answers the new one (undefined: no such user). Call inside the change's transaction. */
export async function bumpCredentialEpoch(trx: DB, userId: string): Promise<number | undefined> {
  const row = await trx
    .updateTable("user")
    .set((eb) => ({ credentialEpoch: eb("credentialEpoch", "+", 1) }))
    .where("id", "=", userId)
    .returning("credentialEpoch")
    .executeTakeFirst();
  return row === undefined ? undefined : Number(row.credentialEpoch);
}

/**
 * `change` (ending sessions, usually) in one transaction with a new epoch, the epoch moved first:
 * on PostgreSQL that takes the user row's lock, so a sign-in claiming the old epoch either
 * committed before (and its session is among those `change` sees) or waits and loses.
 */
export function withNewEpoch<T>(db: DB, userId: string, change: (trx: DB) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await bumpCredentialEpoch(trx, userId);
    return change(trx);
  });
}

/**
 * Inside the session insert's transaction: the user still exists, is not banned or deactivated (unless
 * `allowBanned`: an administrator impersonating) and is still at `epoch`; else throws the
 * racer's answer. Locks the user row on PostgreSQL until the transaction ends.
 */
export async function claimEpoch(app: AppContext, trx: DB, userId: string, epoch: number, options: { allowBanned?: boolean } = {}): Promise<void> {
  const row = await lockingRows(trx, trx.selectFrom("user").select(["credentialEpoch", "banned", "banReason", "banExpires", "deactivated"]).where("id", "=", userId)).executeTakeFirst();
  if (!row) throw apiError("CREDENTIALS_CHANGED_DURING_SIGN_IN");
  if (!options.allowBanned && row.deactivated) throw apiError("USER_DEACTIVATED");
  const banExpires = row.banExpires === null ? null : Number(row.banExpires);
  if (!options.allowBanned && row.banned && (banExpires === null || banExpires > app.clock.now())) {
    throw apiError("BANNED_USER", bannedMessage(row.banReason ?? app.config.admin.defaultBanReason, banExpires === null ? null : new Date(banExpires)));
  }
  if (Number(row.credentialEpoch) !== epoch) throw apiError("CREDENTIALS_CHANGED_DURING_SIGN_IN");
}
