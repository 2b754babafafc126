/**
 * The calls the console makes about *which* session is in use — the multi-session list, switch
 * and revoke, sign-out, and stopping an impersonation — answered by main from the accounts it
 * holds (accounts.ts), since a browser answers them from cookies the app does not keep. Each
 * answer has the shape the server's own would have, so the console's account menu and
 * impersonation banner work unchanged. Session tokens in these answers become handles like in
 * every other answer (request-proxy.ts does that on the way out).
 */
import type { Accounts } from "./accounts.js";

/** A call to the server with one session's token (main's own fetch, no cookies). */
export type ServerCall = (method: "GET" | "POST", path: string, token: string | null, body?: unknown) => Promise<{ status: number; json: unknown }>;

export interface LocalAnswer {
  status: number;
  body: unknown;
}

interface Context {
  /** The auth API's base path on the server, e.g. /api/auth. */
  base: string;
  accounts: Accounts;
  call: ServerCall;
  /** Save a change to the accounts (encrypted at rest). */
  change(apply: (accounts: Accounts) => void): Promise<void>;
  /** The token behind a handle the page sent, or null. */
  tokenOf(handle: unknown): string | null;
  /** What the page asked main to forward (stop-impersonating is forwarded first). */
  forward(): Promise<{ status: number; json: unknown }>;
}

const INVALID_SESSION: LocalAnswer = { status: 401, body: { code: "INVALID_SESSION_TOKEN", message: "Invalid session token" } };

/** The routes main answers itself, by the end of their path. */
const ROUTES: ReadonlyArray<readonly [method: "GET" | "POST", suffix: string, answer: (ctx: Context, body: Record<string, unknown>) => Promise<LocalAnswer>]> = [
  ["GET", "/multi-session/list-device-sessions", listDeviceSessions],
  ["POST", "/multi-session/set-active", setActive],
  ["POST", "/multi-session/revoke", revoke],
  ["POST", "/sign-out", signOut],
  ["POST", "/admin/stop-impersonating", stopImpersonating],
];

export function accountRoute(method: string, pathname: string) {
  const route = ROUTES.find(([m, suffix]) => m === method && pathname.endsWith(suffix));
  return route ? { base: pathname.slice(0, -route[1].length), answer: route[2] } : null;
}

/** A session's {session, user} as get-session answers it, or null when it has ended. */
async function sessionOf(ctx: Context, token: string): Promise<{ session: unknown; user: { id: string } } | null> {
  const answer = await ctx.call("GET", `${ctx.base}/get-session`, token);
  const json = answer.json as { session?: unknown; user?: { id?: unknown } } | null;
  return answer.status === 200 && json?.session && typeof json.user?.id === "string" ? (json as { session: unknown; user: { id: string } }) : null;
}

/** Every account's live session; accounts whose session has ended are dropped. */
async function listDeviceSessions(ctx: Context): Promise<LocalAnswer> {
  const live: unknown[] = [];
  const ended: string[] = [];
  for (const account of ctx.accounts.all()) {
    const session = await sessionOf(ctx, account.token);
    if (session) live.push(session);
    else ended.push(account.token);
  }
  if (ended.length) await ctx.change((accounts) => ended.forEach((token) => accounts.remove(token)));
  return { status: 200, body: live };
}

async function setActive(ctx: Context, body: Record<string, unknown>): Promise<LocalAnswer> {
  const token = ctx.tokenOf(body.sessionToken);
  if (!token || !ctx.accounts.byToken(token)) return INVALID_SESSION;
  const session = await sessionOf(ctx, token);
  if (!session) {
    await ctx.change((accounts) => accounts.remove(token));
    return INVALID_SESSION;
  }
  await ctx.change((accounts) => accounts.activate(token));
  return { status: 200, body: session };
}

/** Signs one account out (its session ends on the server); the others stay. */
async function revoke(ctx: Context, body: Record<string, unknown>): Promise<LocalAnswer> {
  const token = ctx.tokenOf(body.sessionToken);
  const account = token ? ctx.accounts.byToken(token) : null;
  if (!token || !account) return INVALID_SESSION;
  for (const held of account.parked ? [token, account.parked.token] : [token]) await ctx.call("POST", `${ctx.base}/sign-out`, held, {});
  await ctx.change((accounts) => accounts.remove(token));
  return { status: 200, body: { status: true } };
}

/** As in a browser: sign-out ends every session the app holds on this server. */
async function signOut(ctx: Context): Promise<LocalAnswer> {
  const active = ctx.accounts.active()?.token;
  let answer: LocalAnswer = { status: 200, body: { success: true } };
  for (const token of ctx.accounts.tokens()) {
    const ended = await ctx.call("POST", `${ctx.base}/sign-out`, token, {});
    if (token === active) answer = { status: ended.status, body: ended.json };
  }
  await ctx.change((accounts) => accounts.tokens().forEach((token) => accounts.remove(token)));
  return answer;
}

/**
 * The server ends the impersonation session (and, holding no admin_session cookie, answers
 * `session: null`); main then puts the administrator's parked session back. It does so even
 * when the impersonation had already expired (401): the administrator's own session is still
 * theirs.
 */
async function stopImpersonating(ctx: Context): Promise<LocalAnswer> {
  const current = ctx.accounts.active();
  const forwarded = await ctx.forward();
  if (!current?.parked) return { status: forwarded.status, body: forwarded.json };
  if (forwarded.status !== 200 && forwarded.status !== 401) return { status: forwarded.status, body: forwarded.json };
  const admin = await sessionOf(ctx, current.parked.token);
  await ctx.change((accounts) => {
    accounts.stopImpersonating(current.token);
    if (!admin) accounts.remove(current.parked!.token);
  });
  return admin ? { status: 200, body: admin } : { status: forwarded.status, body: forwarded.json };
}
