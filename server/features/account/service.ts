/**
 * The signed-in user's own account: email change, profile update, self-deletion, sessions and
 * linked accounts.
 */
import type { BodyOf, Contract } from "../../../shared/contract/index.js";
import { apiError } from "../../../shared/errors.js";
import type { AppContext } from "../../context.js";
import { hashSecret, randomString } from "../../crypto/tokens.js";
import type { AccountRow, SessionRow, UserRow, UserUpdate } from "../../db/types.js";
import { changeEmailMail, deleteAccountMail, recipientLanguage } from "../../mail/templates/index.js";
import { deleteSessionById, listSessionsOfUser } from "../../core/session/store.js";
import { appsToTell, tellApps } from "../../core/user/app-access.js";
import { removeUser } from "../../core/user/remove-user.js";
import { normalizeEmail } from "../../core/user/rules.js";
import { findCredentialAccount, findUserByEmail, findUserByUsername, isUniqueViolation, lockUser, updateUser } from "../../core/user/store.js";
import { encodeUserFieldChanges, pickUserFields } from "../../core/user/additional-fields.js";
import { normalizeUsername } from "../../core/user/username-rules.js";
import { apiLink, DEFAULT_LANDING } from "../../core/verification/links.js";
import { sendVerificationEmail } from "../../core/verification/send-verification.js";
import { consume, findExpired, issue, peek } from "../../core/one-time.js";
import * as store from "./store.js";

/** Change-email confirmation tokens: 32 characters, valid as long as a verification link. */
export const CHANGE_EMAIL_TOKEN_LENGTH = 32;
/** Delete-account tokens: 32 characters (valid `user.deleteTokenExpiresIn`, 24 hours by default). */
export const DELETE_TOKEN_LENGTH = 32;

export type EmailChange = { immediate: true; user: UserRow } | { immediate: false };

/**
 * POST /change-email. An unverified user's address changes at once (and a verification mail
 * goes to the new one); a verified user must follow a `change-email` link sent to the new
 * address, so an account cannot be moved to an address its owner does not hold.
 */
export async function changeEmail(app: AppContext, user: UserRow, input: { newEmail: string; callbackURL?: string }, acceptLanguage?: string | null): Promise<EmailChange> {
  if (!app.config.user.changeEmailEnabled) throw apiError("CHANGE_EMAIL_DISABLED");
  const newEmail = normalizeEmail(input.newEmail);
  if (newEmail === user.email) throw apiError("EMAIL_IS_THE_SAME");
  if (await findUserByEmail(app.db, newEmail)) throw apiError("COULDNT_UPDATE_EMAIL");

  if (!user.emailVerified) {
    let updated: UserRow | undefined;
    try {
      updated = await updateUser(app.db, user.id, { email: newEmail, emailVerified: 0, updatedAt: app.clock.now() });
    } catch (error) {
      if (isUniqueViolation(error)) throw apiError("COULDNT_UPDATE_EMAIL");
      throw error;
    }
    if (!updated) throw apiError("USER_NOT_FOUND");
    await sendVerificationEmail(app, updated, input.callbackURL, acceptLanguage);
    return { immediate: true, user: updated };
  }

  const token = randomString(CHANGE_EMAIL_TOKEN_LENGTH);
  await issue(app.db, app.clock.now(), {
    purpose: "change-email",
    secret: token,
    data: { userId: user.id, email: user.email, newEmail },
    userId: user.id,
    lifetimeSeconds: app.config.emailVerification.expiresIn,
  });
  const url = apiLink(app, "/verify-email", { token, callbackURL: input.callbackURL || DEFAULT_LANDING.changeEmail });
  const language = recipientLanguage(app.config.defaultLanguage, user, acceptLanguage);
  await app.mailer.send(changeEmailMail({ appName: app.config.appName, to: newEmail, name: user.name, newEmail, url, token, language, expiresIn: app.config.emailVerification.expiresIn }));
  return { immediate: false };
}

export type ProfileInput = BodyOf<Contract["updateUser"]>;

/** POST /update-user: name, image and usernames; never the email (that is /change-email). */
export async function updateProfile(app: AppContext, user: UserRow, input: ProfileInput): Promise<UserRow> {
  if (input.email !== undefined) throw apiError("EMAIL_CAN_NOT_BE_UPDATED");
  const changes: UserUpdate = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.image !== undefined) changes.image = input.image;
  if (input.language !== undefined) changes.language = input.language;
  if (input.username !== undefined) {
    const names = normalizeUsername(app.config, input.username, input.displayUsername);
    const owner = await findUserByUsername(app.db, names.username);
    if (owner && owner.id !== user.id) throw apiError("USERNAME_IS_ALREADY_TAKEN");
    changes.username = names.username;
    // A display form is kept unless one is given, or the user had none yet.
    if (input.displayUsername !== undefined || user.displayUsername === null) changes.displayUsername = names.displayUsername;
  } else if (input.displayUsername !== undefined) {
    const display = input.displayUsername.trim();
    if (!display || display.length > app.config.username.maxLength) throw apiError("INVALID_DISPLAY_USERNAME");
    changes.displayUsername = display;
  }
  const extra = encodeUserFieldChanges(app.config, user.additionalFields, pickUserFields(app.config, input));
  if (extra !== undefined) changes.additionalFields = extra;
  if (Object.keys(changes).length === 0) throw apiError("NO_FIELDS_TO_UPDATE");
  changes.updatedAt = app.clock.now();
  try {
    const updated = await updateUser(app.db, user.id, changes);
    if (!updated) throw apiError("USER_NOT_FOUND");
    return updated;
  } catch (error) {
    if (isUniqueViolation(error)) throw apiError("USERNAME_IS_ALREADY_TAKEN");
    throw error;
  }
}

export type DeleteOutcome = "deleted" | "mailed";

/**
 * POST /delete-user. A given password must be right; a token (from the confirmation mail) must
 * be this user's. With confirmation on, a link is mailed instead. Otherwise the session must be
 * fresh unless the password was given.
 */
export async function requestDeletion(
  app: AppContext,
  user: UserRow,
  session: SessionRow,
  input: { password?: string; token?: string; callbackURL?: string },
  acceptLanguage?: string | null,
): Promise<DeleteOutcome> {
  if (!app.config.user.deleteUserEnabled) throw apiError("DELETE_USER_DISABLED");
  if (input.password !== undefined) {
    if (input.password.length > app.config.password.maxLength) throw apiError("PASSWORD_TOO_LONG");
    const account = await findCredentialAccount(app.db, user.id);
    if (!account?.password) throw apiError("CREDENTIAL_ACCOUNT_NOT_FOUND");
    if (!(await app.passwords.verify(account.password, input.password))) throw apiError("INVALID_PASSWORD");
  }
  if (input.token !== undefined) {
    await deleteWithToken(app, user.id, input.token);
    return "deleted";
  }
  if (app.config.user.deleteRequiresConfirmation) {
    const token = randomString(DELETE_TOKEN_LENGTH);
    await issue(app.db, app.clock.now(), {
      purpose: "delete-account",
      secret: token,
      data: { userId: user.id },
      userId: user.id,
      lifetimeSeconds: app.config.user.deleteTokenExpiresIn,
    });
    const url = apiLink(app, "/delete-user/callback", { token, callbackURL: input.callbackURL || DEFAULT_LANDING.deleteAccount });
    const language = recipientLanguage(app.config.defaultLanguage, user, acceptLanguage);
    await app.mailer.send(deleteAccountMail({ appName: app.config.appName, to: user.email, name: user.name, url, token, language, expiresIn: app.config.user.deleteTokenExpiresIn }));
    return "mailed";
  }
  const { freshAge } = app.config.session;
  if (input.password === undefined && freshAge !== 0 && app.clock.now() - Number(session.createdAt) > freshAge * 1000) {
    throw apiError("SESSION_EXPIRED");
  }
  await removeUser(app, user.id);
  return "deleted";
}

export type DeleteTokenProblem = "invalid_token" | "token_expired";

function tokenUserId(data: unknown): string | undefined {
  const userId = (data as { userId?: unknown } | null)?.userId;
  return typeof userId === "string" ? userId : undefined;
}

/** Checks a delete-account token against the user; undefined when it may be used. */
export async function checkDeleteToken(app: AppContext, userId: string, token: string): Promise<DeleteTokenProblem | undefined> {
  const now = app.clock.now();
  const live = await peek(app.db, now, "delete-account", token);
  if (live) return tokenUserId(live.data) === userId ? undefined : "invalid_token";
  // Only the token's own user learns that it expired; to anyone else it is just invalid.
  const expired = await findExpired(app.db, now, "delete-account", token);
  return expired && tokenUserId(expired.data) === userId ? "token_expired" : "invalid_token";
}

/** Uses a delete-account token (single use) and deletes its user. */
export async function deleteWithToken(app: AppContext, userId: string, token: string): Promise<void> {
  const problem = await checkDeleteToken(app, userId, token);
  if (problem) throw apiError(problem === "token_expired" ? "TOKEN_EXPIRED" : "INVALID_TOKEN");
  if (!(await consume(app.db, app.clock.now(), "delete-account", token))) throw apiError("INVALID_TOKEN");
  await removeUser(app, userId);
}

/**
 * One of the user's sessions by the handle lists show (the stored hash) or by the raw token.
 * Someone else's session is never found, so revoking it is a no-op.
 */
export async function findOwnSession(app: AppContext, userId: string, tokenOrHandle: string): Promise<SessionRow | undefined> {
  return (
    (await store.findSessionOfUserByHash(app.db, userId, tokenOrHandle)) ??
    (await store.findSessionOfUserByHash(app.db, userId, hashSecret(tokenOrHandle)))
  );
}

/**
 * Signing out everywhere (or everywhere else): the live sessions before, then after, so the apps
 * holding tokens from the ones that ended are told (back-channel logout, issue 23).
 */
export async function endingSessions(app: AppContext, userId: string): Promise<{ notifyApps(): Promise<void> }> {
  const before = await listSessionsOfUser(app.db, userId, app.clock.now());
  return {
    async notifyApps() {
      const remaining = new Set((await listSessionsOfUser(app.db, userId, app.clock.now())).map((s) => s.id));
      const ended = before.map((s) => s.id).filter((id) => !remaining.has(id));
      void tellApps(app, await appsToTell(app.db, { sessionIds: ended }));
    },
  };
}

export async function revokeOwnSession(app: AppContext, session: SessionRow): Promise<void> {
  await deleteSessionById(app.db, session.id);
  // Apps holding tokens from this session are told it ended (back-channel logout, issue 23).
  void tellApps(app, await appsToTell(app.db, { sessionId: session.id }));
}

export const listAccounts = (app: AppContext, userId: string): Promise<AccountRow[]> => store.listAccountsOfUser(app.db, userId);

/**
 * POST /unlink-account. With providerId (better-auth ≤ 1.3 clients), the account of that
 * provider, narrowed by the provider's accountId when given; with accountId alone (newer
 * clients), the account whose id it is. The last account is never unlinked.
 */
export async function unlinkAccount(app: AppContext, userId: string, input: { providerId?: string; accountId?: string }): Promise<AccountRow> {
  if (input.providerId === undefined && input.accountId === undefined) {
    throw apiError("VALIDATION_ERROR", "Invalid body parameters", [{ path: "providerId", message: "providerId or accountId is required" }]);
  }
  // Under the user lock, so two concurrent unlinks can never remove the last two accounts.
  return app.db.transaction().execute(async (trx) => {
    await lockUser(trx, userId);
    const accounts = await store.listAccountsOfUser(trx, userId);
    if (accounts.length === 1) throw apiError("FAILED_TO_UNLINK_LAST_ACCOUNT");
    const target =
      input.providerId !== undefined
        ? accounts.find((a) => a.providerId === input.providerId && (input.accountId === undefined || a.accountId === input.accountId))
        : accounts.find((a) => a.id === input.accountId);
    if (!target) throw apiError("ACCOUNT_NOT_FOUND");
    await store.deleteAccountById(trx, target.id);
    return target;
  });
}
