/**
 * Provider tokens for the signed-in user's own accounts: get-access-token (refreshing when it
 * expires within five seconds), refresh-token, account-info. Tokens are opened only here, on
 * the way out to their owner.
 */
import { apiError } from "../../../shared/errors.js";
import type { AppContext } from "../../context.js";
import { openTokenForUse, sealToken } from "./sealed-tokens.js";
import { isSecretMismatch, secretMismatch } from "../../crypto/secret-mismatch.js";
import type { AccountRow } from "../../db/types.js";
import { parseScopes } from "../../core/user/account-scopes.js";
import { profileHelpers, refreshTokens } from "./oauth-client.js";
import { resolveProvider } from "./registry.js";
import { findAccountOfUser, resealToken, updateAccountTokens } from "./store.js";

export interface AccountSelection {
  providerId?: string;
  accountId?: string;
  userId?: string;
}

/** A stored token opened for use; one sealed with a previous secret is sealed again with the current one on the way. */
async function openStored(app: AppContext, account: AccountRow, column: "accessToken" | "refreshToken" | "idToken"): Promise<string | null> {
  const sealed = account[column];
  const opened = openTokenForUse(app.secret, sealed);
  if (opened?.stale && sealed) await resealToken(app.db, account.id, column, sealed, sealToken(app.secret, opened.plain)!);
  return opened?.plain ?? null;
}

const iso = (ms: number | null | undefined) => (ms === null || ms === undefined ? undefined : new Date(Number(ms)).toISOString());

/** `accountId` is the account row's id (better-auth 1.7) or, with providerId, the provider's account id. */
async function selectAccount(app: AppContext, userId: string, selection: AccountSelection): Promise<AccountRow> {
  if (selection.userId && selection.userId !== userId) throw apiError("ACCOUNT_NOT_FOUND");
  if (!selection.accountId && !selection.providerId) throw apiError("ACCOUNT_NOT_FOUND");
  let account = await findAccountOfUser(app.db, userId, { id: selection.accountId, providerId: selection.providerId });
  if (!account && selection.accountId && selection.providerId) {
    account = (await app.db.selectFrom("account").selectAll().where("userId", "=", userId).where("providerId", "=", selection.providerId).where("accountId", "=", selection.accountId).executeTakeFirst()) ?? undefined;
  }
  if (!account) throw apiError("ACCOUNT_NOT_FOUND");
  return account;
}

async function providerFor(app: AppContext, account: AccountRow) {
  const provider = await resolveProvider(app, account.providerId).catch(() => undefined);
  if (!provider) throw apiError("PROVIDER_NOT_SUPPORTED", `Provider ${account.providerId} is not supported.`);
  return provider;
}

async function refreshStored(app: AppContext, account: AccountRow) {
  const provider = await providerFor(app, account);
  const refreshToken = await openStored(app, account, "refreshToken");
  if (!refreshToken) throw apiError("REFRESH_TOKEN_NOT_FOUND");
  const fresh = await refreshTokens(app, provider, refreshToken);
  await updateAccountTokens(
    app.db,
    account.id,
    {
      accessToken: sealToken(app.secret, fresh.accessToken),
      refreshToken: sealToken(app.secret, fresh.refreshToken),
      idToken: sealToken(app.secret, fresh.idToken),
      accessTokenExpiresAt: fresh.accessTokenExpiresAt ?? null,
      refreshTokenExpiresAt: fresh.refreshTokenExpiresAt ?? null,
    },
    app.clock.now(),
  );
  return { fresh, refreshToken };
}

export async function getAccessToken(app: AppContext, userId: string, selection: AccountSelection) {
  const account = await selectAccount(app, userId, selection);
  await providerFor(app, account);
  try {
    const expiresAt = account.accessTokenExpiresAt === null ? null : Number(account.accessTokenExpiresAt);
    const expired = expiresAt !== null && expiresAt - app.clock.now() < 5000;
    if (expired && account.refreshToken) {
      const { fresh } = await refreshStored(app, account);
      if (!fresh.accessToken) throw new Error("no access token in refresh answer");
      return { accessToken: fresh.accessToken, accessTokenExpiresAt: iso(fresh.accessTokenExpiresAt), scopes: parseScopes(account.scope), idToken: fresh.idToken ?? (await openStored(app, account, "idToken")) ?? undefined };
    }
    const accessToken = await openStored(app, account, "accessToken");
    if (!accessToken) throw new Error("no access token stored");
    return { accessToken, accessTokenExpiresAt: iso(expiresAt), scopes: parseScopes(account.scope), idToken: (await openStored(app, account, "idToken")) ?? undefined };
  } catch (error) {
    if (isSecretMismatch(error)) throw secretMismatch(app.log, "a provider token", { accountId: account.id });
    app.log.warn({ provider: account.providerId, reason: (error as Error).message }, "get-access-token failed");
    throw apiError("FAILED_TO_GET_ACCESS_TOKEN");
  }
}

export async function refreshAccessToken(app: AppContext, userId: string, selection: AccountSelection) {
  const account = await selectAccount(app, userId, selection);
  await providerFor(app, account);
  if (!account.refreshToken) throw apiError("REFRESH_TOKEN_NOT_FOUND");
  try {
    const { fresh, refreshToken } = await refreshStored(app, account);
    if (!fresh.accessToken) throw new Error("no access token in refresh answer");
    return {
      accessToken: fresh.accessToken,
      refreshToken: fresh.refreshToken ?? refreshToken,
      accessTokenExpiresAt: iso(fresh.accessTokenExpiresAt),
      refreshTokenExpiresAt: iso(fresh.refreshTokenExpiresAt ?? account.refreshTokenExpiresAt),
      scope: account.scope,
      idToken: fresh.idToken ?? (await openStored(app, account, "idToken")) ?? undefined,
      providerId: account.providerId,
      accountId: account.id,
    };
  } catch (error) {
    if (isSecretMismatch(error)) throw secretMismatch(app.log, "a provider token", { accountId: account.id });
    app.log.warn({ provider: account.providerId, reason: (error as Error).message }, "refresh-token failed");
    throw apiError("FAILED_TO_REFRESH_ACCESS_TOKEN");
  }
}

export async function accountInfo(app: AppContext, userId: string, selection: AccountSelection) {
  const account = await selectAccount(app, userId, selection);
  const provider = await providerFor(app, account);
  const { accessToken } = await getAccessToken(app, userId, { accountId: account.id });
  const idToken = (await openStored(app, account, "idToken")) ?? undefined;
  const tokens = { accessToken, idToken, scopes: parseScopes(account.scope), raw: {} };
  let data: Record<string, unknown> = {};
  try {
    const helpers = profileHelpers(provider, tokens, new URLSearchParams());
    if (provider.endpoints.userInfo) data = await helpers.getJson(provider.endpoints.userInfo);
    const profile = await provider.definition.getProfile(tokens, helpers);
    if (!profile) throw new Error("no profile");
    return { user: { id: profile.id, name: profile.name, email: profile.email, image: profile.image, emailVerified: profile.emailVerified }, data, account: { id: account.id, providerId: account.providerId, accountId: account.accountId } };
  } catch (error) {
    app.log.warn({ provider: account.providerId, reason: (error as Error).message }, "account-info failed");
    throw apiError("FAILED_TO_GET_USER_INFO");
  }
}
