/**
 * Issuing and checking the tokens apps hold. Every access and refresh token is stored as the
 * SHA-256 of its text (a JWT access token too), so one indexed lookup answers userinfo and
 * introspection, and revocation (a grant revoked, a ban, a reused refresh token) is a row update.
 * ID tokens are signed RS256 by default from the shared key store (core/signing-keys) and /jwks.
 */
import { SignJWT } from "jose";
import type { AppContext } from "../../context.js";
import { currentSigningKey, type AsymmetricAlg } from "../../core/signing-keys/keys.js";
import { hashSecret, newId, randomString } from "../../crypto/tokens.js";
import type { OAuthClientRow, OAuthTokenRow, UserRow } from "../../db/types.js";
import { findUserById } from "../../core/user/store.js";
import { metadataOf } from "./clients.js";
import { userClaims, type SignInFacts } from "./claims.js";
import { mayUseApp } from "./app-access.js";
import { customClaimValues } from "./custom-claims.js";
import { issuerOf } from "./discovery.js";
import { OAuthError } from "./oauth-error.js";
import * as store from "./store.js";

export interface TokenAnswer {
  access_token: string;
  token_type: "Bearer";
  expires_in: number;
  expires_at: number;
  scope: string;
  id_token?: string;
  refresh_token?: string;
}

export interface Grant {
  client: OAuthClientRow;
  user: UserRow | null;
  scopes: string[];
  signIn: SignInFacts | null;
  nonce?: string;
  /** The access token's `aud` (resource.ts: an API the operator listed, or the default audience). */
  audience: string;
  /** Set when refreshing: the new tokens join the old family. */
  familyId?: string;
}

const seconds = (ms: number) => Math.floor(ms / 1000);

export function signingAlgOf(client: OAuthClientRow): AsymmetricAlg {
  return metadataOf(client).id_token_signed_response_alg ?? "RS256";
}

export async function signJwt(app: AppContext, alg: AsymmetricAlg, claims: Record<string, unknown>, typ?: string): Promise<string> {
  const key = await currentSigningKey(app, alg);
  return new SignJWT(claims).setProtectedHeader({ alg: key.alg, kid: key.kid, ...(typ ? { typ } : {}) }).sign(key.key);
}

/**
 * `save`: how the new rows are stored (a refresh saves them in one transaction with spending the
 * old token, and throws when it lost that race); by default, inserted.
 */
export async function issueTokens(app: AppContext, grant: Grant, save: (rows: OAuthTokenRow[]) => Promise<void> = (rows) => store.insertTokens(app.db, rows)): Promise<TokenAnswer> {
  const { client, user, scopes } = grant;
  const meta = metadataOf(client);
  const now = app.clock.now();
  const cfg = app.config.oauthProvider;
  const iss = issuerOf(app);
  const alg = signingAlgOf(client);
  const familyId = grant.familyId ?? newId();
  const accessExpires = now + cfg.accessTokenExpiresIn * 1000;
  const scope = scopes.join(" ");

  const accessToken =
    meta.access_token_format === "opaque"
      ? randomString(48)
      : await signJwt(
          app,
          alg,
          {
            iss,
            sub: user?.id ?? client.clientId,
            aud: grant.audience,
            client_id: client.clientId,
            scope,
            jti: newId(),
            iat: seconds(now),
            exp: seconds(accessExpires),
            ...(grant.signIn ? { auth_time: grant.signIn.authTime, sid: grant.signIn.sessionId } : {}),
          },
          "at+jwt",
        );
  const base = { familyId, clientId: client.clientId, userId: user?.id ?? null, sessionId: grant.signIn?.sessionId ?? null, scopes: scope, signIn: grant.signIn ? JSON.stringify(grant.signIn) : null, usedAt: null, revokedAt: null, createdAt: now };
  const rows: OAuthTokenRow[] = [{ ...base, id: newId(), tokenHash: hashSecret(accessToken), kind: "access", expiresAt: accessExpires }];

  let refreshToken: string | undefined;
  const grants = meta.grant_types ?? [];
  if (user && scopes.includes("offline_access") && grants.includes("refresh_token")) {
    refreshToken = randomString(48);
    rows.push({ ...base, id: newId(), tokenHash: hashSecret(refreshToken), kind: "refresh", expiresAt: now + cfg.refreshTokenExpiresIn * 1000 });
  }
  await save(rows);

  let idToken: string | undefined;
  if (user && scopes.includes("openid")) {
    const claims = await userClaims(app, user, scopes);
    // The app's own claims first: nothing of the provider's can be overwritten by them.
    idToken = await signJwt(app, alg, {
      ...(await customClaimValues(app, user.id, meta.custom_claims)),
      ...claims,
      iss,
      aud: client.clientId,
      iat: seconds(now),
      exp: seconds(now) + cfg.idTokenExpiresIn,
      ...(grant.signIn ? { auth_time: grant.signIn.authTime, amr: grant.signIn.amr, acr: grant.signIn.acr, sid: grant.signIn.sessionId } : {}),
      ...(grant.nonce ? { nonce: grant.nonce } : {}),
    });
  }
  return {
    access_token: accessToken,
    token_type: "Bearer",
    expires_in: cfg.accessTokenExpiresIn,
    expires_at: seconds(accessExpires),
    scope,
    ...(idToken ? { id_token: idToken } : {}),
    ...(refreshToken ? { refresh_token: refreshToken } : {}),
  };
}

/** A banned person (ban not yet over) or one their directory deactivated holds nothing: their tokens read as inactive. */
export function isBanned(app: AppContext, user: Pick<UserRow, "banned" | "banExpires"> & { deactivated?: number }): boolean {
  if (user.deactivated === 1) return true;
  return user.banned === 1 && (user.banExpires === null || Number(user.banExpires) > app.clock.now());
}

export interface LiveToken {
  row: OAuthTokenRow;
  user: UserRow | null;
  client: OAuthClientRow;
}

/** A token that still works: known, not revoked or used up, not expired, its client enabled, its person not banned. */
export async function liveToken(app: AppContext, token: string): Promise<LiveToken | undefined> {
  const row = await store.findToken(app.db, hashSecret(token));
  if (!row || row.revokedAt !== null || Number(row.expiresAt) <= app.clock.now()) return undefined;
  if (row.kind === "refresh" && row.usedAt !== null) return undefined;
  const client = await store.findClient(app.db, row.clientId);
  if (!client || client.disabled) return undefined;
  if (row.userId === null) return { row, user: null, client };
  const user = await findUserById(app.db, row.userId);
  if (!user || isBanned(app, user)) return undefined;
  return { row, user, client };
}

/**
 * Refresh with rotation: the presented token is spent, a new pair issued in its family. A spent
 * token presented again is a stolen copy or a replay: the whole family is revoked (RFC 9700 §4.14.2).
 */
export async function refresh(app: AppContext, client: OAuthClientRow, token: string, requestedScope: string | undefined, audience: string, onReuse: (row: OAuthTokenRow) => void): Promise<TokenAnswer> {
  const invalid = () => new OAuthError("invalid_grant", "the refresh token is invalid, expired or revoked");
  const row = await store.findToken(app.db, hashSecret(token));
  if (!row || row.kind !== "refresh" || row.clientId !== client.clientId) throw invalid();
  const now = app.clock.now();
  if (row.usedAt !== null && row.revokedAt === null) {
    await store.revokeFamily(app.db, row.familyId, now);
    onReuse(row);
    throw invalid();
  }
  if (row.revokedAt !== null || Number(row.expiresAt) <= now || row.userId === null) throw invalid();
  const user = await findUserById(app.db, row.userId);
  if (!user || isBanned(app, user)) {
    await store.revokeFamily(app.db, row.familyId, now);
    throw invalid();
  }
  // The app's access rules again (app-access.ts): a person who left the organization, or an app
  // whose rules changed, keeps nothing.
  if (!(await mayUseApp(app, metadataOf(client), user))) {
    await store.revokeFamily(app.db, row.familyId, now);
    throw new OAuthError("invalid_grant", "this app is not open to this account any more");
  }
  const granted = row.scopes.split(" ");
  const scopes = requestedScope ? requestedScope.split(" ").filter(Boolean) : granted;
  if (!scopes.every((s) => granted.includes(s))) throw new OAuthError("invalid_scope", "a refresh cannot widen the granted scopes");
  const signIn = row.signIn ? (JSON.parse(row.signIn) as SignInFacts) : null;
  // Spending the token and storing its successors is one transaction (issue 43): a concurrent
  // exchange that finds it spent revokes the family after the successors exist, never before.
  return issueTokens(app, { client, user, scopes, signIn, audience, familyId: row.familyId }, async (rows) => {
    if (await store.rotateRefreshToken(app.db, row.id, now, rows)) return;
    await store.revokeFamily(app.db, row.familyId, now);
    onReuse(row);
    throw invalid();
  });
}
