/**
 * From a provider's profile to a Latchkey user: sign in by a linked account, link to an existing
 * user by email (only when both sides vouch for the address), or sign up. And the explicit link
 * of a provider account to a signed-in user, under one rule for every path (`linkRefusal`). Outcomes are redirect error codes (the
 * specification's strings) so the callback can send them on as `?error=`.
 */
import { ApiError } from "../../../shared/errors.js";
import type { AppContext } from "../../context.js";
import { sealToken } from "./sealed-tokens.js";
import type { AccountRow, UserRow } from "../../db/types.js";
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
    try {
      await insertSocialAccount(app.db, { userId: owner.id, providerId, accountId: profile.id, tokens: sealTokens(app, tokens), now });
    } catch (error) {
      // A concurrent sign-in with the same provider account created the person and this link
      // a moment ago: the link is there, to this person — carry on as a returning sign-in.
      const linked = await findAccountByProvider(app.db, providerId, profile.id);
      if (linked?.userId === owner.id) return { ok: true, user: owner, isNewUser: false, linked: false };
      app.log.warn({ provider: providerId, reason: (error as Error).message }, "social sign-in: account not linked");
      return { ok: false, error: "unable to create user" };
    }
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

/** Why a link was refused; each has its redirect code (the callback) and its API error (the ID-token link). */
export type LinkRefusal = "different-user" | "not-allowed" | "different-emails" | "failed";

export const LINK_REDIRECT_CODES: Readonly<Record<LinkRefusal, string>> = {
  "different-user": "account_already_linked_to_different_user",
  "not-allowed": "unable_to_link_account",
  "different-emails": "email_doesn't_match",
  failed: "unable_to_link_account",
};

export interface LinkRequest {
  /** The signed-in user the provider account would join. */
  userId: string;
  userEmail: string;
  providerId: string;
  profile: ProviderProfile;
  /** The provider's own `allowDifferentEmails` setting, if it has one (else `accountLinking`'s). */
  providerAllowsDifferentEmails?: boolean | undefined;
}

/**
 * The one rule for linking a provider account to a signed-in user (issue 19 item 7), used by the
 * ID-token link (POST /link-social with idToken) and by the redirect callback alike:
 * - an account already linked to this user may always be re-linked (its tokens are refreshed);
 * - one linked to anyone else never is;
 * - otherwise `accountLinking.enabled` must be on, the provider must vouch for the address
 *   (its `email_verified`) or be listed in `accountLinking.trustedProviders`, and the address
 *   must be the user's own unless different emails are allowed (the provider's setting, else
 *   `accountLinking.allowDifferentEmails`).
 * Answers null when the link may be made.
 */
export function linkRefusal(app: AppContext, request: LinkRequest, existing: Pick<AccountRow, "userId"> | undefined): LinkRefusal | null {
  if (existing) return existing.userId === request.userId ? null : "different-user";
  const linking = app.config.accountLinking;
  const vouched = request.profile.emailVerified || linking.trustedProviders.includes(request.providerId);
  if (!linking.enabled || !vouched) return "not-allowed";
  const allowDifferent = request.providerAllowsDifferentEmails ?? linking.allowDifferentEmails;
  if (request.profile.email?.toLowerCase() !== request.userEmail.toLowerCase() && !allowDifferent) return "different-emails";
  return null;
}

export type LinkOutcome = { ok: true; created: boolean } | { ok: false; refusal: LinkRefusal; error: string };

/** Link to a signed-in user if `linkRefusal` allows it; `error` is the refusal's redirect code. */
export async function linkProfile(app: AppContext, request: LinkRequest & { tokens: ProviderTokens }): Promise<LinkOutcome> {
  const now = app.clock.now();
  const existing = await findAccountByProvider(app.db, request.providerId, request.profile.id);
  const refused = (refusal: LinkRefusal): LinkOutcome => ({ ok: false, refusal, error: LINK_REDIRECT_CODES[refusal] });
  const refusal = linkRefusal(app, request, existing);
  if (refusal) return refused(refusal);
  if (existing) {
    await updateAccountTokens(app.db, existing.id, sealTokens(app, request.tokens), now);
    return { ok: true, created: false };
  }
  try {
    await insertSocialAccount(app.db, { userId: request.userId, providerId: request.providerId, accountId: request.profile.id, tokens: sealTokens(app, request.tokens), now });
  } catch {
    return refused("failed");
  }
  return { ok: true, created: true };
}

/** The catalogue error with better-auth's status for this route, where it differs from the catalogue's default. */
export function withStatus(error: ApiError, status: number): ApiError {
  return new ApiError(status, error.code, error.message, error.issues);
}
