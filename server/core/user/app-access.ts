/**
 * What a person granted the apps that sign in through Latchkey's OpenID provider
 * (features/oauth-provider): their remembered consents and every access and refresh token the
 * apps hold for them. A ban takes all of it away in the ban's own transaction (issue 23), so an
 * app's next refresh or introspection finds nothing; deleting the user cascades the same rows.
 *
 * The apps are also told (OpenID Connect Back-Channel Logout 1.0): each client holding tokens
 * that registered a `backchannel_logout_uri` gets a signed logout token. The core calls this one
 * module on every event that ends a person's access — ban, deletion, sign-out or revocation of
 * the Latchkey session the tokens came from, RP-initiated logout — in two steps: `appsToTell`
 * reads who to tell before the rows go (inside the caller's transaction), `tellApps` sends after
 * it committed. Delivery never blocks or fails the request: one POST each with a timeout, no
 * redirects followed, failures logged.
 */
import type { Kysely } from "kysely";
import { SignJWT } from "jose";
import type { AppContext } from "../../context.js";
import { Agent, fetch as undiciFetch } from "undici";
import { newId } from "../../crypto/tokens.js";
import { NotPublicAddressError, publicOnlyLookup, systemResolveHost } from "../net/public-address.js";
import type { Database } from "../../db/types.js";
import { currentSigningKey, type AsymmetricAlg } from "../signing-keys/keys.js";

/** One logout token to send: to a client, about a person, a Latchkey session or both. */
export interface AppLogout {
  clientId: string;
  uri: string;
  alg: AsymmetricAlg;
  userId: string | null;
  sessionId: string | null;
  /** A self-registered app: delivered only to a public address, the one checked (core/net/public-address.ts). */
  selfRegistered: boolean;
}

const BACKCHANNEL_EVENT = "http://schemas.openid.net/event/backchannel-logout";
/** How long an app may take to answer; the spec asks for a timely answer and the request never waits for it. */
const DELIVERY_TIMEOUT_MS = 5000;

interface ClientLogoutSettings {
  backchannel_logout_uri?: string;
  backchannel_logout_session_required?: boolean;
  id_token_signed_response_alg?: AsymmetricAlg;
  self_registered?: true;
}

/**
 * The logout tokens owed for a person's tokens (all of them) or one session's. A user-wide event
 * names the person (`sub`) once per app; an app that registered
 * `backchannel_logout_session_required` gets one per session (`sid` and `sub`) instead.
 */
export async function appsToTell(db: Kysely<Database>, of: { userId: string } | { sessionId: string } | { sessionIds: readonly string[] }): Promise<AppLogout[]> {
  if ("sessionIds" in of && of.sessionIds.length === 0) return [];
  // Every sign-out asks, so the (small) client table is read first: with no app listening, the
  // token table is not touched; else only those apps' tokens are looked at (oauthToken_client).
  const clients = new Map<string, ClientLogoutSettings>();
  for (const row of await db.selectFrom("oauthClient").select(["clientId", "metadata"]).where("metadata", "like", "%backchannel_logout_uri%").execute()) {
    const settings = JSON.parse(row.metadata) as ClientLogoutSettings;
    if (settings.backchannel_logout_uri) clients.set(row.clientId, settings);
  }
  if (clients.size === 0) return [];
  let query = db.selectFrom("oauthToken").select(["clientId", "userId", "sessionId"]).distinct().where("clientId", "in", [...clients.keys()]);
  if ("userId" in of) query = query.where("userId", "=", of.userId);
  else if ("sessionId" in of) query = query.where("sessionId", "=", of.sessionId);
  else query = query.where("sessionId", "in", [...of.sessionIds]);
  const rows = await query.execute();
  const logouts = new Map<string, AppLogout>();
  for (const row of rows) {
    if (row.userId === null) continue; // client_credentials tokens belong to no person
    const settings = clients.get(row.clientId);
    if (!settings?.backchannel_logout_uri) continue;
    const perSession = !("userId" in of) || settings.backchannel_logout_session_required === true;
    const sessionId = perSession ? row.sessionId : null;
    if (perSession && sessionId === null) continue;
    logouts.set(`${row.clientId} ${sessionId ?? ""}`, { clientId: row.clientId, uri: settings.backchannel_logout_uri, alg: settings.id_token_signed_response_alg ?? "RS256", userId: row.userId, sessionId, selfRegistered: settings.self_registered === true });
  }
  return [...logouts.values()];
}

export async function revokeAppAccessOf(db: Kysely<Database>, userId: string): Promise<{ tokens: number; consents: number; logouts: AppLogout[] }> {
  const logouts = await appsToTell(db, { userId });
  const tokens = await db.deleteFrom("oauthToken").where("userId", "=", userId).executeTakeFirst();
  const consents = await db.deleteFrom("oauthConsent").where("userId", "=", userId).executeTakeFirst();
  return { tokens: Number(tokens.numDeletedRows), consents: Number(consents.numDeletedRows), logouts };
}

/** Sends the logout tokens in the background; the returned promise (for tests and shutdown) never rejects. */
export function tellApps(app: AppContext, logouts: readonly AppLogout[]): Promise<void> {
  if (logouts.length === 0) return Promise.resolve();
  return Promise.all(logouts.map((logout) => deliver(app, logout))).then(() => undefined);
}

async function deliver(app: AppContext, logout: AppLogout): Promise<void> {
  try {
    const key = await currentSigningKey(app, logout.alg);
    const now = Math.floor(app.clock.now() / 1000);
    const token = await new SignJWT({
      iss: app.apiURL,
      aud: logout.clientId,
      iat: now,
      exp: now + 120,
      jti: newId(),
      events: { [BACKCHANNEL_EVENT]: {} },
      ...(logout.userId ? { sub: logout.userId } : {}),
      ...(logout.sessionId ? { sid: logout.sessionId } : {}),
    })
      .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: "logout+jwt" })
      .sign(key.key);
    const request = {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ logout_token: token }).toString(),
      redirect: "manual" as const,
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    };
    // A self-registered app's URI was public when registered; its name may point elsewhere now.
    const publicOnly = logout.selfRegistered ? new Agent({ connect: { lookup: publicOnlyLookup(app.resolveHost ?? systemResolveHost) } }) : undefined;
    try {
      const answer = publicOnly ? await undiciFetch(logout.uri, { ...request, dispatcher: publicOnly }) : await fetch(logout.uri, request);
      await answer.body?.cancel();
      if (!answer.ok) app.log.warn({ clientId: logout.clientId, status: answer.status }, "back-channel logout refused by the app");
    } finally {
      await publicOnly?.close();
    }
  } catch (error) {
    const cause = (error as Error & { cause?: unknown }).cause;
    const message = cause instanceof NotPublicAddressError ? cause.message : (error as Error).message;
    app.log.warn({ clientId: logout.clientId, err: { message } }, "back-channel logout failed");
  }
}
