/**
 * What the two mailed proofs of an address — a magic link and an email code (features/magic-link,
 * features/email-otp) — share before they end in `completeSignIn`:
 *
 * - the account the proof is for: found by address, or created without a password when sign-up
 *   by that method is on;
 * - the takeover rule (issue 37 item 4, better-auth 1.7's rule): an account whose address was
 *   never proven may have been created by someone else who typed that address first. The first
 *   mailed proof therefore removes every way in that was set up before it — the password, social
 *   links, passkeys, two-factor, API keys, apps' tokens — ends every session, moves the credential
 *   epoch (a sign-in in flight with the old password loses), then marks the address verified;
 * - a cap on mails per address, beside the per-IP rule of the http layer, so one address cannot be
 *   flooded from many addresses.
 */
import { apiError } from "../../../shared/errors.js";
import type { AppContext } from "../../context.js";
import type { UserRow } from "../../db/types.js";
import { issue, peek, swap } from "../one-time.js";
import { bumpCredentialEpoch } from "../session/epoch.js";
import { deleteSessionsOfUser } from "../session/store.js";
import { deleteTwoFactorOf } from "../two-factor/store.js";
import { createUserRecord } from "../user/create-user.js";
import { revokeAppAccessOf, tellApps, type AppLogout } from "../user/app-access.js";
import { findUserByEmail, findUserById, lockUser } from "../user/store.js";
import { forgetTrustedDevices } from "./second-factor.js";

export type PasswordlessMethod = "magic-link" | "email-otp";

/** Mails of one method to one address within the window; then 429 until the window ends. */
export const MAILS_PER_ADDRESS = 5;
export const MAIL_WINDOW_SECONDS = 600;

/**
 * Counts a mail to `email` by `method` and refuses it past MAILS_PER_ADDRESS in the window (429
 * TOO_MANY_REQUESTS, the per-IP rule's answer). Known and unknown addresses are counted alike, so
 * the refusal says nothing about accounts. Off with `rateLimit.enabled: false`, as the per-IP rule.
 */
export async function countMailTo(app: AppContext, method: PasswordlessMethod, email: string): Promise<void> {
  if (!app.config.rateLimit.enabled) return;
  const secret = `${method}:${email}`;
  // A compare-and-swap counter: a lost race reads again, so concurrent sends are all counted.
  for (let round = 0; round < 20; round += 1) {
    const now = app.clock.now();
    if (await issue(app.db, now, { purpose: "mail-to-address", secret, data: { count: 1 }, lifetimeSeconds: MAIL_WINDOW_SECONDS })) return;
    const row = await peek(app.db, now, "mail-to-address", secret);
    if (!row) continue;
    const count = typeof (row.data as { count?: unknown } | null)?.count === "number" ? (row.data as { count: number }).count : MAILS_PER_ADDRESS;
    if (count >= MAILS_PER_ADDRESS) throw apiError("TOO_MANY_REQUESTS");
    if (await swap(app.db, now, row, { count: count + 1 })) return;
  }
  throw apiError("TOO_MANY_REQUESTS");
}

export interface ProvenAccount {
  user: UserRow;
  /** The account was created by this proof (a sign-up by mail). */
  isNew: boolean;
  /** The takeover rule removed these (counts), for the audit; absent when nothing was removed. */
  revoked?: RevokedAccess;
}

/**
 * The account a mailed proof of `email` signs in to. Unknown address: a new account without a
 * password, its address verified (the proof just showed it), unless `disableSignUp` (then
 * undefined). Known but unproven address: the takeover rule first. The row returned is read after
 * any change, so its credential epoch is the one the sign-in must claim.
 */
export async function accountForProof(
  app: AppContext,
  email: string,
  input: { name?: string; image?: string; disableSignUp: boolean },
): Promise<ProvenAccount | undefined> {
  const existing = await findUserByEmail(app.db, email);
  if (existing) {
    if (existing.emailVerified) return { user: existing, isNew: false };
    const { user, revoked } = await revokeUnprovenAccess(app, existing.id);
    return { user, isNew: false, revoked };
  }
  if (input.disableSignUp) return undefined;
  try {
    const user = await createUserRecord(app, { email, name: input.name?.trim() ?? "", image: input.image ?? null, emailVerified: true, role: app.config.admin.defaultRole, passwordHash: null });
    return { user, isNew: true };
  } catch (error) {
    // Created meanwhile by a concurrent proof (or a sign-up): that account, by the same rules.
    const raced = await findUserByEmail(app.db, email);
    if (!raced) throw error;
    if (raced.emailVerified) return { user: raced, isNew: false };
    const { user, revoked } = await revokeUnprovenAccess(app, raced.id);
    return { user, isNew: false, revoked };
  }
}

export interface RevokedAccess {
  accounts: number;
  passkeys: number;
  sessions: number;
  apiKeys: number;
  twoFactor: boolean;
  appTokens: number;
}

/**
 * The takeover rule, in one transaction under the user row's lock (a second proof racing this one
 * waits, then finds the address verified and removes nothing). Trusted browsers go too: they
 * skipped a second step that no longer exists.
 */
export async function revokeUnprovenAccess(app: AppContext, userId: string): Promise<{ user: UserRow; revoked?: RevokedAccess }> {
  let logouts: AppLogout[] = [];
  const result = await app.db.transaction().execute(async (trx) => {
    await lockUser(trx, userId);
    const user = await findUserById(trx, userId);
    if (!user) throw apiError("USER_NOT_FOUND");
    if (user.emailVerified) return { user };
    await bumpCredentialEpoch(trx, userId);
    const accounts = await trx.deleteFrom("account").where("userId", "=", userId).executeTakeFirst();
    const passkeys = await trx.deleteFrom("passkey").where("userId", "=", userId).executeTakeFirst();
    const apiKeys = await trx.deleteFrom("apikey").where("referenceId", "=", userId).executeTakeFirst();
    const apps = await revokeAppAccessOf(trx, userId);
    logouts = apps.logouts;
    const sessions = await deleteSessionsOfUser(trx, userId);
    await deleteTwoFactorOf(trx, userId);
    await forgetTrustedDevices(app, userId, trx);
    const now = app.clock.now();
    await trx.updateTable("user").set({ emailVerified: 1, twoFactorEnabled: 0, updatedAt: now }).where("id", "=", userId).execute();
    const updated = (await findUserById(trx, userId))!;
    const revoked: RevokedAccess = {
      accounts: Number(accounts.numDeletedRows),
      passkeys: Number(passkeys.numDeletedRows),
      sessions,
      apiKeys: Number(apiKeys.numDeletedRows),
      twoFactor: Boolean(user.twoFactorEnabled),
      appTokens: apps.tokens,
    };
    return { user: updated, revoked };
  });
  // Apps signed in through the ended sessions hear of it (back-channel logout), after the commit.
  void tellApps(app, logouts);
  return result;
}
