/**
 * DesktopApi.request: the renderer's API calls, made by main on its behalf. Main adds
 * `Authorization: Bearer <token>` from the store and keeps the token a server answers in
 * `set-auth-token` (better-auth's bearer flow). The renderer never sees a session token: the
 * token headers and cookies are stripped from answers, tokens in bodies become opaque handles
 * (session-tokens.ts), and a request may only go to the active server, so a compromised page
 * cannot send the credential elsewhere.
 *
 * A request addressed to the app's own origin (app://latchkey/api/auth/…, what the renderer's
 * client builds from `location.origin`) is sent to the active server: the renderer need not know
 * which server is active, and a switch in main reroutes every later call at once.
 */
import type { DesktopRequest, DesktopResponse } from "../../shared/desktop-api.js";
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
    const token = await store.credential(server.id);
    if (token) headers.authorization = `Bearer ${token}`;

    const body = req.method === "POST" ? resolveHandleInRequest(target.pathname, req.body, { handles, serverId: server.id }) : undefined;
    const answer = await options.fetch(target.href, {
      method: req.method,
      headers,
      ...(body !== undefined ? { body } : {}),
      redirect: "manual",
    });
    const issued = answer.headers.get("set-auth-token");
    if (issued) await store.setCredential(server.id, issued);
    else if (req.method === "POST" && target.pathname.endsWith("/sign-out") && answer.status < 300) store.forgetCredential(server.id);

    const scrub = { handles, serverId: server.id, known: [token, issued] };
    const out: Record<string, string> = {};
    answer.headers.forEach((value, key) => {
      if (!HIDDEN_RESPONSE_HEADERS.has(key.toLowerCase())) out[key] = replaceKnownTokens(value, scrub);
    });
    return { status: answer.status, headers: out, body: scrubAnswerBody(await answer.text(), answer.headers.get("content-type"), scrub) };
  };
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
