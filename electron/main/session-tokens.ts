/**
 * Session tokens never reach the renderer, in headers (request-proxy.ts) or in bodies (here).
 *
 * The auth API answers with session tokens in its bodies, as better-auth does: sign-in, sign-up,
 * two-factor verify and change-password carry `token`; get-session, passkey sign-in,
 * impersonation and set-active carry `session.token`; the session lists carry a `token` per
 * entry (a revocation handle on Latchkey, the token itself on better-auth). Main replaces every
 * one of them with an opaque handle of its own before the renderer sees the answer, and swaps a
 * handle back for the token only in the few request fields that name a session to revoke or
 * activate — never anywhere the server could echo it (a compromised page could otherwise save
 * a handle as its name and read the token back).
 *
 * The rule is positional, not a list of endpoints: the answer's own `token`, its `session.token`,
 * and the same in each entry of a list answer or of its `sessions`. On top of that, every string
 * anywhere in an answer (JSON or not) is searched for the tokens main knows — the one it holds
 * for the server and any it was just issued — so a token in a place the rule does not name is
 * replaced too.
 */
import { createHmac, randomBytes } from "node:crypto";

/** Marks a handle; no session token has this shape (Latchkey's are 32 letters and digits). */
export const HANDLE_PREFIX = "lkdesk_";
/** Handles remembered for the way back; the oldest are forgotten first. */
const HANDLE_LIMIT = 10_000;
/** Shorter strings are not searched for: no real session token is that short. */
const MIN_TOKEN_LENGTH = 16;

/** Request fields that name a session by the token a list answered, per endpoint (path suffix). */
const SESSION_FIELDS: ReadonlyArray<readonly [suffix: string, field: string]> = [
  ["/revoke-session", "token"],
  ["/admin/revoke-user-session", "sessionToken"],
  ["/multi-session/set-active", "sessionToken"],
  ["/multi-session/revoke", "sessionToken"],
];

/**
 * Opaque handles for session tokens, per server. The same token on the same server always gets
 * the same handle in one run of the app (the renderer compares them, e.g. to drop a revoked row);
 * a handle is an HMAC under a key made at start, so it reveals nothing about the token and means
 * nothing after a restart or on another server.
 */
export class SessionHandles {
  private readonly key: Buffer;
  private readonly limit: number;
  private readonly tokens = new Map<string, { serverId: string; token: string }>();

  constructor(options: { key?: Buffer; limit?: number } = {}) {
    this.key = options.key ?? randomBytes(32);
    this.limit = options.limit ?? HANDLE_LIMIT;
  }

  handleFor(serverId: string, token: string): string {
    const handle = HANDLE_PREFIX + createHmac("sha256", this.key).update(serverId).update("\0").update(token).digest("base64url");
    this.tokens.delete(handle);
    this.tokens.set(handle, { serverId, token });
    if (this.tokens.size > this.limit) this.tokens.delete(this.tokens.keys().next().value!);
    return handle;
  }

  /** The token behind a handle made for this server, or null. */
  tokenFor(serverId: string, handle: string): string | null {
    const entry = this.tokens.get(handle);
    return entry && entry.serverId === serverId ? entry.token : null;
  }
}

export interface ScrubOptions {
  handles: SessionHandles;
  serverId: string;
  /** Tokens main knows for this server (held, just issued): replaced wherever they appear. */
  known: ReadonlyArray<string | null | undefined>;
}

/** Text with every token main knows for the server replaced by its handle (headers, non-JSON bodies). */
export function replaceKnownTokens(text: string, options: ScrubOptions): string {
  let out = text;
  for (const token of options.known) {
    if (typeof token === "string" && token.length >= MIN_TOKEN_LENGTH && out.includes(token)) out = out.split(token).join(options.handles.handleFor(options.serverId, token));
  }
  return out;
}

/** The answer's body as the renderer may see it: every session token replaced by its handle. */
export function scrubAnswerBody(body: string, contentType: string | null, options: ScrubOptions): string {
  const replaceKnown = (text: string) => replaceKnownTokens(text, options);
  if (!/json/i.test(contentType ?? "")) return replaceKnown(body);
  let answer: unknown;
  try {
    answer = JSON.parse(body);
  } catch {
    return replaceKnown(body);
  }
  let changed = false;
  for (const holder of sessionHolders(answer)) {
    if (typeof holder.token === "string") {
      holder.token = options.handles.handleFor(options.serverId, holder.token);
      changed = true;
    }
  }
  const scrubbed = mapStrings(answer, (text) => {
    const out = replaceKnown(text);
    if (out !== text) changed = true;
    return out;
  });
  return changed ? JSON.stringify(scrubbed) : body;
}

/**
 * A request body with the handle in a session-naming field (see SESSION_FIELDS) swapped back for
 * the token. Anything else is sent as the renderer wrote it.
 */
export function resolveHandleInRequest(pathname: string, body: string | undefined, options: { handles: SessionHandles; serverId: string }): string | undefined {
  if (body === undefined) return body;
  const field = SESSION_FIELDS.find(([suffix]) => pathname.endsWith(suffix))?.[1];
  if (!field) return body;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return body;
  }
  if (!isRecord(parsed) || typeof parsed[field] !== "string") return body;
  const token = options.handles.tokenFor(options.serverId, parsed[field]);
  return token === null ? body : JSON.stringify({ ...parsed, [field]: token });
}

type JsonRecord = Record<string, unknown>;

function isRecord(value: unknown): value is JsonRecord {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The objects whose `token` is a session's: the answer, its session, and likewise per list entry. */
function sessionHolders(answer: unknown): JsonRecord[] {
  const holders: JsonRecord[] = [];
  const visit = (value: unknown) => {
    if (!isRecord(value)) return;
    holders.push(value);
    if (isRecord(value.session)) holders.push(value.session);
  };
  if (Array.isArray(answer)) answer.forEach(visit);
  else if (isRecord(answer)) {
    visit(answer);
    if (Array.isArray(answer.sessions)) answer.sessions.forEach(visit);
  }
  return holders;
}

function mapStrings(value: unknown, map: (text: string) => string): unknown {
  if (typeof value === "string") return map(value);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, map));
  // fromEntries defines own properties, so a "__proto__" key stays a key.
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapStrings(item, map)]));
  return value;
}
