/**
 * The token endpoint's authorization_code grant (RFC 6749 §4.1.3, RFC 7636 §4.6).
 *
 * A code is not deleted when it is spent: its row (the `oauth-code` one-time secret) stays until
 * the code would have expired, marked with the token family it produced. A spent code presented
 * again is a stolen copy or a replay, so that family (the access token and the refresh tokens
 * rotated from it) is revoked (RFC 6749 §4.1.2, issue 32 finding 3). Marking is a
 * compare-and-swap on the row: of two concurrent redemptions exactly one wins, and the loser
 * marks the code replayed before it revokes, so the winner — which looks again once its tokens
 * are stored — revokes them itself if the loser came first.
 *
 * The app's access rules are checked again before any token is issued (issue 34): someone who
 * left the organization after the authorization request gets `invalid_grant`.
 *
 * The person's grant is checked again once the tokens are stored: "Remove access" between the
 * code's issue and its redemption must leave the app with nothing (finding 2). Checking after the
 * insert closes the race with a concurrent removal, whose transaction deletes the tokens.
 */
import { createHash } from "node:crypto";
import type { AppContext } from "../../context.js";
import * as oneTime from "../../core/one-time.js";
import { findUserById } from "../../core/user/store.js";
import { newId, safeEqual } from "../../crypto/tokens.js";
import type { OAuthClientRow } from "../../db/types.js";
import { mayUseApp } from "./app-access.js";
import type { CodeData } from "./authorize.js";
import { metadataOf } from "./clients.js";
import { OAuthError } from "./oauth-error.js";
import { audienceFor } from "./resource.js";
import * as store from "./store.js";
import { isBanned, issueTokens, type TokenAnswer } from "./tokens.js";

/** A code's row once spent: the family its tokens joined, and whether it was presented again. */
type SpentCode = CodeData & { spent?: { familyId: string; replayed?: boolean } };

export interface CodeRequest {
  code?: string;
  redirect_uri?: string;
  code_verifier?: string;
  resource?: string;
}

function s256(verifier: string): string {
  return createHash("sha256").update(verifier).digest("base64url");
}

const invalid = (why: string) => new OAuthError("invalid_grant", why);
const usedUp = () => invalid("the code is invalid, expired or already used");

/**
 * Exchanges a code for tokens. `onReplay` is told (for the audit trail) when a spent code came
 * back and its tokens were revoked.
 */
export async function redeemCode(app: AppContext, client: OAuthClientRow, body: CodeRequest, onReplay: (data: CodeData) => void): Promise<TokenAnswer> {
  if (!body.code) throw new OAuthError("invalid_request", "code is required");
  const now = app.clock.now();
  const record = await oneTime.peek(app.db, now, "oauth-code", body.code);
  const data = record?.data as SpentCode | undefined;
  // Another client's code tells it nothing and changes nothing.
  if (!record || !data || data.clientId !== client.clientId) throw usedUp();
  if (data.spent) {
    await revokeReplayed(app, record, data, onReplay);
    throw usedUp();
  }
  const familyId = newId();
  if (!(await oneTime.swap(app.db, now, record, { ...data, spent: { familyId } } satisfies SpentCode))) {
    // A concurrent redemption won: this one is the replay.
    const again = await oneTime.peek(app.db, now, "oauth-code", body.code);
    const won = again?.data as SpentCode | undefined;
    if (again && won?.spent) await revokeReplayed(app, again, won, onReplay);
    throw usedUp();
  }

  if (body.redirect_uri !== data.redirectUri) throw invalid("redirect_uri does not match the authorization request");
  if (data.codeChallenge !== undefined) {
    if (!body.code_verifier || !safeEqual(s256(body.code_verifier), data.codeChallenge)) throw invalid("code_verifier does not match the code_challenge");
  } else if (body.code_verifier !== undefined) {
    throw invalid("code_verifier given but the authorization request had no code_challenge");
  }
  // The resource named at the authorization request binds the code (RFC 8707 §2.2).
  if (data.resource !== undefined && body.resource !== undefined && body.resource !== data.resource) throw new OAuthError("invalid_target", "resource differs from the authorization request's");
  const audience = audienceFor(app, body.resource ?? data.resource);
  const user = await findUserById(app.db, data.userId);
  if (!user || isBanned(app, user)) throw invalid("the person can no longer sign in");
  // The app's access rules again (app-access.ts): a membership removed, or the app's rules
  // changed, between the authorization request and this exchange leaves the app with nothing.
  // invalid_grant, as at refresh: the grant (the code) no longer stands (RFC 6749 §5.2).
  if (!(await mayUseApp(app, metadataOf(client), user))) throw invalid("this app is not open to this account any more");
  const answer = await issueTokens(app, { client, user, scopes: data.scopes, signIn: data.signIn, audience, familyId, ...(data.nonce !== undefined ? { nonce: data.nonce } : {}) });

  const after = await oneTime.peek(app.db, app.clock.now(), "oauth-code", body.code);
  const replayed = (after?.data as SpentCode | undefined)?.spent?.replayed === true;
  if (replayed || !(await stillGranted(app, client, data))) {
    await store.revokeFamily(app.db, familyId, app.clock.now());
    throw replayed ? usedUp() : invalid("the person removed this app's access");
  }
  return answer;
}

/** The person still allows this app what the code was for (a first-party app needs no consent). */
async function stillGranted(app: AppContext, client: OAuthClientRow, data: CodeData): Promise<boolean> {
  if (metadataOf(client).skip_consent) return true;
  const consent = await store.findConsent(app.db, client.clientId, data.userId);
  const granted = consent ? consent.scopes.split(" ") : [];
  return data.scopes.every((s) => granted.includes(s));
}

/** Marks the code replayed (so a winner still storing its tokens revokes them), then revokes its family. */
async function revokeReplayed(app: AppContext, record: oneTime.OneTimeRecord, data: SpentCode, onReplay: (data: CodeData) => void): Promise<void> {
  if (!data.spent) return;
  if (!data.spent.replayed) await oneTime.swap(app.db, app.clock.now(), record, { ...data, spent: { ...data.spent, replayed: true } } satisfies SpentCode);
  await store.revokeFamily(app.db, data.spent.familyId, app.clock.now());
  onReplay(data);
}
