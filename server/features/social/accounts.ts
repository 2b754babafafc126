/**
 * From a provider's profile to a Latchkey user: sign in by a linked account, link to an existing
 * user by email (only when both sides vouch for the address), or sign up. And the explicit link
 * of a provider account to a signed-in user. Outcomes are redirect error codes (the
 * specification's strings) so the callback can send them on as `?error=`.
 */
import { ApiError } from "../../../shared/errors.js";
import type { AppContext } from "../../context.js";
import { sealToken } from "../../crypto/token-encryption.js";
import type { UserRow } from "../../db/types.js";
import { createUserRecord } from "../../core/user/create-user.js";
import { findUserByEmail, findUserById, updateUser } from "../../core/user/store.js";
import type { ProviderProfile, ProviderTokens } from "./provider.js";
import { findAccountByProvider, insertSocialAccount, updateAccountTokens, type SealedTokens } from "./store.js";

export function sealTokens(app: AppContext, tokens: ProviderTokens): SealedTokens {
  return {
    accessToken: sealToken(app.secret, tokens.accessToken),
    refreshToken: sealToken(app.secret, tokens.refreshToken),
    idToken: sealToken(app.secret, tokens.idToken),
    accessTokenExpiresAt: tokens.accessTokenExpiresAt ?? null,
    refreshTokenExpiresAt: tokens.refreshTokenExpiresAt ?? null,
    scope: tokens.scopes.length ? tokens.scopes.join(",") : null,
  };
}

export type UserOutcome = { ok: true; user: UserRow; isNewUser: boolean; linked: boolean } | { ok: false; error: string; status?: number };

/**
 * Sign-in or sign-up from a profile. `error` values: `email_not_found`, `account not linked`,
 * `signup_disabled`, `unable to create user`.
 */
export async function userFromProfile(
  app: AppContext,
  input: { providerId: string; profile: ProviderProfile; tokens: ProviderTokens; disableSignUp: boolean },
): Promise<UserOutcome> {
  const { providerId, profile, tokens } = input;
  const now = app.clock.now();
  const existing = await findAccountByProvider(app.db, providerId, profile.id);
  if (existing) {
    let user = await findUserById(app.db, existing.userId);
    if (!user) return { ok: false, error: "unable to create user" };
    await updateAccountTokens(app.db, existing.id, sealTokens(app, tokens), now);
    // The provider now vouches for the address the user already has: count it as verified.
    if (!user.emailVerified && profile.emailVerified && profile.email?.toLowerCase() === user.email) {
      user = (await updateUser(app.db, user.id, { emailVerified: 1, updatedAt: now })) ?? user;
    }
    return { ok: true, user, isNewUser: false, linked: false };
  }
  if (!profile.email) return { ok: false, error: "email_not_found" };
  const email = profile.email.trim().toLowerCase();
  const owner = await findUserByEmail(app.db, email);
  if (owner) {
    const linking = app.config.accountLinking;
    const vouched = profile.emailVerified || linking.trustedProviders.includes(providerId);
    if (!linking.enabled || !vouched || !owner.emailVerified) return { ok: false, error: "account not linked" };
    await insertSocialAccount(app.db, { userId: owner.id, providerId, accountId: profile.id, tokens: sealTokens(app, tokens), now });
    return { ok: true, user: owner, isNewUser: false, linked: true };
  }
  if (input.disableSignUp) return { ok: false, error: "signup_disabled" };
  let user: UserRow;
  try {
    user = await createUserRecord(app, { email, name: profile.name || email.split("@")[0]!, image: profile.image, emailVerified: profile.emailVerified, role: app.config.admin.defaultRole, passwordHash: null });
  } catch (error) {
    app.log.warn({ provider: providerId, reason: (error as Error).message }, "social sign-up: user not created");
    return { ok: false, error: "unable to create user" };
  }
  try {
    await insertSocialAccount(app.db, { userId: user.id, providerId, accountId: profile.id, tokens: sealTokens(app, tokens), now });
  } catch (error) {
    // A concurrent callback linked this provider account first: do not leave an account-less user.
    await app.db.deleteFrom("user").where("id", "=", user.id).execute();
    app.log.warn({ provider: providerId, reason: (error as Error).message }, "social sign-up: account not created");
    return { ok: false, error: "unable to create user" };
  }
  return { ok: true, user, isNewUser: true, linked: false };
}

export type LinkOutcome = { ok: true; created: boolean } | { ok: false; error: string };

/**
 * Link to a signed-in user. `error` values: `account_already_linked_to_different_user`,
 * `email_doesn't_match`, `unable_to_link_account`.
 */
export async function linkProfile(
  app: AppContext,
  input: { userId: string; userEmail: string; providerId: string; profile: ProviderProfile; tokens: ProviderTokens; allowDifferentEmails: boolean },
): Promise<LinkOutcome> {
  const now = app.clock.now();
  const existing = await findAccountByProvider(app.db, input.providerId, input.profile.id);
  if (existing) {
    if (existing.userId !== input.userId) return { ok: false, error: "account_already_linked_to_different_user" };
    await updateAccountTokens(app.db, existing.id, sealTokens(app, input.tokens), now);
    return { ok: true, created: false };
  }
  const email = input.profile.email?.toLowerCase();
  if (email !== input.userEmail.toLowerCase() && !input.allowDifferentEmails) return { ok: false, error: "email_doesn't_match" };
  try {
    await insertSocialAccount(app.db, { userId: input.userId, providerId: input.providerId, accountId: input.profile.id, tokens: sealTokens(app, input.tokens), now });
  } catch {
    return { ok: false, error: "unable_to_link_account" };
  }
  return { ok: true, created: true };
}

/** The catalogue error with better-auth's status for this route, where it differs from the catalogue's default. */
export function withStatus(error: ApiError, status: number): ApiError {
  return new ApiError(status, error.code, error.message, error.issues);
}
