/**
 * DesktopApi.request: the renderer's API calls, made by main on its behalf. Main adds
 * `Authorization: Bearer <token>` from the store and keeps the token a server answers in
 * `set-auth-token` (better-auth's bearer flow). The renderer never sees a session token: the
 * token headers and cookies are stripped from answers, tokens in bodies become opaque handles
 * (session-tokens.ts), and a request may only go to the active server, so a compromised page
 * cannot send the credential elsewhere.
 *
 * Which session a call uses is main's choice too: the active account's (accounts.ts). The calls
 * that list, switch or end accounts, sign out, or stop an impersonation are answered by main from
 * its accounts (account-routes.ts); a session the server issues becomes an account (keepIssued).
 *
 * A request addressed to the app's own origin (app://latchkey/api/auth/…, what the renderer's
 * client builds from `location.origin`) is sent to the active server: the renderer need not know
 * which server is active, and a switch in main reroutes every later call at once.
 */
import type { DesktopRequest, DesktopResponse } from "../../shared/desktop-api.js";
import { accountRoute, type ServerCall } from "./account-routes.js";
import type { ServerStore } from "./servers.js";
import { replaceKnownTokens, resolveHandleInRequest, scrubAnswerBody, SessionHandles } from "./session-tokens.js";

export type FetchLike = (url: string, init: { method: string; headers: Record<string, string>; body?: string; redirect: "manual" }) => Promise<{
  status: number;
  headers: { forEach(callback: (value: string, key: string) => void): void; get(name: string): string | null };
  text(): Promise<string>;
}>;

/** Headers the renderer may not set: main owns credentials and the request's identity. */
const REFUSED_REQUEST_HEADERS = new Set(["authorization", "cookie", "host", "origin", "referer", "connection", "content-length", "transfer-encoding"]);
/**
 * Headers the renderer never receives: credentials (the session token, the JWT get-session may
 * carry, cookies), and the length of a body main may have rewritten.
 */
const HIDDEN_RESPONSE_HEADERS = new Set(["set-auth-token", "set-auth-jwt", "set-cookie", "content-length"]);
const BODY_LIMIT = 1024 * 1024;

export function createRequestProxy(options: { store: ServerStore; fetch: FetchLike; appOrigins?: readonly string[]; handles?: SessionHandles }) {
  const appOrigins = options.appOrigins ?? [];
  const { store } = options;
  const handles = options.handles ?? new SessionHandles();
  return async function request(input: unknown): Promise<DesktopResponse> {
    const req = parseRequest(input, appOrigins);
    const server = store.active();
    if (!server) throw new Error("No server is selected");
    let target = new URL(req.url);
    if (appOrigins.includes(originOf(target))) target = new URL(target.pathname + target.search, server.url);
    if (target.origin !== server.url) throw new Error(`Requests go only to the active server (${server.url})`);

    const headers: Record<string, string> = {};
    for (const [key, value] of Object.entries(req.headers)) {
      const name = key.toLowerCase();
      if (REFUSED_REQUEST_HEADERS.has(name) || name.startsWith("proxy-") || name.startsWith("sec-")) continue;
      headers[name] = value;
    }
    const accounts = await store.accounts(server.id);
    const token = accounts.active()?.token ?? null;
    if (token) headers.authorization = `Bearer ${token}`;
    const held = accounts.tokens();
    const call = serverCall(options.fetch, server.url, headers["accept-language"]);

    const body = req.method === "POST" ? resolveHandleInRequest(target.pathname, req.body, { handles, serverId: server.id }) : undefined;
    const forward = () => options.fetch(target.href, { method: req.method, headers, ...(body !== undefined ? { body } : {}), redirect: "manual" });

    const route = accountRoute(req.method, target.pathname);
    if (route) {
      const local = await route.answer(
        {
          base: route.base,
          accounts,
          call,
          change: (apply) => store.change(server.id, apply),
          tokenOf: (handle) => (typeof handle === "string" ? handles.tokenFor(server.id, handle) : null),
          forward: async () => readAnswer(await forward()),
        },
        jsonRecord(req.body),
      );
      const scrub = { handles, serverId: server.id, known: held };
      return { status: local.status, headers: { "content-type": "application/json" }, body: scrubAnswerBody(JSON.stringify(local.body), "application/json", scrub) };
    }

    const answer = await forward();
    const text = await answer.text();
    const issued = answer.headers.get("set-auth-token");
    if (issued && issued !== token) await keepIssued({ store, serverId: server.id, call, base: authBase(target.pathname), token, issued, answer: jsonRecord(text), impersonation: target.pathname.endsWith("/admin/impersonate-user") });

    const scrub = { handles, serverId: server.id, known: [...held, issued] };
    const out: Record<string, string> = {};
    answer.headers.forEach((value, key) => {
      if (!HIDDEN_RESPONSE_HEADERS.has(key.toLowerCase())) out[key] = replaceKnownTokens(value, scrub);
    });
    return { status: answer.status, headers: out, body: scrubAnswerBody(text, answer.headers.get("content-type"), scrub) };
  };
}

/**
 * A session the server issued becomes an account: the person's (one session each, so a session
 * they already had here is ended), or for an impersonation the administrator's entry with their
 * own session parked. Who it belongs to is the answer's `user.id`, else get-session's.
 */
async function keepIssued(input: { store: ServerStore; serverId: string; call: ServerCall; base: string; token: string | null; issued: string; answer: Record<string, unknown>; impersonation: boolean }): Promise<void> {
  const { store, serverId, call, base, issued } = input;
  let userId = isRecord(input.answer.user) && typeof input.answer.user.id === "string" ? input.answer.user.id : null;
  if (userId === null) {
    const session = await call("GET", `${base}/get-session`, issued);
    const user = isRecord(session.json) && isRecord(session.json.user) ? session.json.user : null;
    userId = typeof user?.id === "string" ? user.id : "";
  }
  const account = { userId, token: issued };
  if (input.impersonation && input.token) {
    const admin = input.token;
    await store.change(serverId, (accounts) => accounts.impersonate(admin, account));
    return;
  }
  const replaced = await store.change(serverId, (accounts) => accounts.put(account));
  if (replaced && replaced !== input.token) await call("POST", `${base}/sign-out`, replaced, {});
}

/** Main's own calls to the server: JSON, one session's token, no cookies. */
function serverCall(fetch: FetchLike, origin: string, language: string | undefined): ServerCall {
  return async (method, path, token, body) => {
    const headers: Record<string, string> = { accept: "application/json" };
    if (token) headers.authorization = `Bearer ${token}`;
    if (language) headers["accept-language"] = language;
    if (body !== undefined) headers["content-type"] = "application/json";
    const answer = await fetch(new URL(path, origin).href, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}), redirect: "manual" });
    return readAnswer(answer);
  };
}

async function readAnswer(answer: Awaited<ReturnType<FetchLike>>): Promise<{ status: number; json: unknown }> {
  const text = await answer.text();
  try {
    return { status: answer.status, json: text ? (JSON.parse(text) as unknown) : null };
  } catch {
    return { status: answer.status, json: text };
  }
}

/** The auth API's base path (everything before the route), e.g. /api/auth of /api/auth/sign-in/email. */
function authBase(pathname: string): string {
  const at = pathname.indexOf("/api/auth");
  return at >= 0 ? pathname.slice(0, at + "/api/auth".length) : "/api/auth";
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function jsonRecord(text: string | undefined): Record<string, unknown> {
  try {
    const parsed: unknown = text ? JSON.parse(text) : null;
    return isRecord(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

/** The renderer is not trusted: check the shape of what it sends. */
export function parseRequest(input: unknown, appOrigins: readonly string[] = []): DesktopRequest {
  const req = input as DesktopRequest;
  if (typeof req !== "object" || req === null) throw new Error("Invalid request");
  if (req.method !== "GET" && req.method !== "POST") throw new Error("Only GET and POST are allowed");
  if (typeof req.url !== "string") throw new Error("Invalid request URL");
  const url = new URL(req.url);
  if (url.protocol !== "http:" && url.protocol !== "https:" && !appOrigins.includes(originOf(url))) throw new Error("Invalid request URL");
  const headers: Record<string, string> = {};
  if (req.headers !== undefined) {
    if (typeof req.headers !== "object" || req.headers === null) throw new Error("Invalid request headers");
    for (const [key, value] of Object.entries(req.headers)) if (typeof value === "string") headers[key] = value;
  }
  if (req.body !== undefined && typeof req.body !== "string") throw new Error("Invalid request body");
  if (req.body !== undefined && req.body.length > BODY_LIMIT) throw new Error("Request body too large");
  return { method: req.method, url: url.href, headers, ...(req.body !== undefined ? { body: req.body } : {}) };
}

/** A URL's origin; for the app's custom scheme (whose URL.origin is "null"), scheme://host. */
function originOf(url: URL): string {
  return url.origin !== "null" ? url.origin : `${url.protocol}//${url.host}`;
}
