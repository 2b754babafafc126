/** The shape of a feature handler: validated input in, a contract-shaped answer out. */
import type { SessionWithUser } from "../../shared/contract/schemas.js";
import type { Contract, EndpointName, EndpointSpec, ParamsOf, QueryOf, BodyOf, ResponseOf } from "../../shared/contract/index.js";
import type { AuditEvent } from "../audit/recorder.js";
import type { AppContext } from "../context.js";
import type { KeyScope } from "../core/credentials/key-scope.js";
import type { CredentialKind } from "../core/credentials/powers.js";
import type { Transaction } from "kysely";
import type { Database, SessionRow, UserRow } from "../db/types.js";
import type { IssuedSession, RequestMeta } from "../core/session/service.js";
import type { HandOffSlot } from "../core/sign-in/desktop-hand-off.js";

export interface AuthState {
  session: SessionRow;
  user: UserRow;
  /** Which kind of credential this is, and so what it may do (core/credentials/powers.ts). */
  kind: CredentialKind;
  /** The raw credential this request presented. */
  token: string;
  /** Set when the request authenticated with `x-api-key` (features/api-key): the key and its permissions. */
  apiKey?: KeyScope;
  /** For an impersonation session: the administrator behind it, as found when the request began. */
  impersonator?: { id: string; email: string };
}

/**
 * Session state held by the caller's browser (cookies) or answered to a bearer client
 * (`set-auth-token`). Handlers use these verbs; only the http layer knows cookie names.
 */
export interface BrowserSessions {
  issue(issued: IssuedSession, options?: { rememberMe?: boolean }): void;
  /** Forget the active session (cookies and cache). */
  clear(): void;
  /** Tokens of every session this browser holds (multi-session), the active one included. */
  deviceTokens(): string[];
  forgetDevice(token: string): void;
  /** Impersonation: park the admin's own session token, and get it back. */
  stashAdmin(token: string): void;
  takeAdmin(): string | undefined;
  /** True when the browser asked not to be remembered at sign-in. */
  dontRemember(): boolean;
  /** The signed session-data cookie (cookie cache), if enabled, present, valid and unexpired. */
  readCache(): SessionWithUser | null;
  /** Re-send the session cookie (after a refresh) and the cache. */
  refresh(resolved: { token: string; session: SessionRow; user: UserRow }): void;
  /**
   * A feature's own short cookie (two-factor challenge, trusted device, passkey challenge),
   * HMAC-signed with the server secret; `name` is unprefixed. A forged or altered value reads as absent.
   */
  readSigned(name: string): string | undefined;
  writeSigned(name: string, value: string, maxAgeSeconds: number): void;
  forgetSigned(name: string): void;
}

export interface HandlerContext<S extends EndpointSpec> {
  app: AppContext;
  params: ParamsOf<S>;
  query: QueryOf<S>;
  body: BodyOf<S>;
  meta: RequestMeta;
  /** For endpoints declaring `cookieCache`: the session from the signed cookie, when valid. */
  cached: SessionWithUser | null;
  /**
   * The caller's credential: always there for "session" and "fresh-session" endpoints (the type
   * says so, so handlers need no check of their own), maybe for "optional-session", never for "public".
   */
  auth: S["access"] extends "session" | "fresh-session" ? AuthState : AuthState | null;
  browser: BrowserSessions;
  /**
   * The desktop hand-off (core/sign-in/desktop-hand-off.ts): what a sign-in route's query asked
   * for, and the code the sign-in core issued; the http layer answers it.
   */
  handOff: HandOffSlot;
  /**
   * The raw Authorization header, for `oauthProtocol` endpoints only (HTTP Basic client
   * credentials, an access token as Bearer); undefined elsewhere.
   */
  authorization?: string;
  /** Record an audit event; the request's IP, user agent and actor are filled in. */
  audit(event: AuditEvent): void;
  /**
   * The same, for a change made in `trx`: written in that transaction when a webhook endpoint
   * selects it, so its delivery survives a crash right after the commit (audit/recorder.ts).
   */
  auditIn(trx: Transaction<Database>, event: AuditEvent): Promise<void>;
  /**
   * Does `work` as one change (audit/change.ts): what it writes through the AppContext it is given
   * (ctx.app is the same view meanwhile) commits in one transaction with the events `audit`
   * records during it, so an event a webhook endpoint subscribes to is never lost to a crash
   * after the commit. Use it for every audited change; audit/durability.ts lists the actions.
   */
  change<T>(work: (app: AppContext) => Promise<T>): Promise<T>;
}

/** A 302 to `location`. */
export class Redirect {
  constructor(readonly location: string) {}
}

/** An HTML page (the error page, the CLI's approval page), with its own headers (e.g. a CSP). */
export class Html {
  constructor(readonly body: string, readonly status = 200, readonly headers: Record<string, string> = {}) {}
}

/** A document in another format than JSON or HTML (SAML metadata's XML), with its media type. */
export class TextDocument {
  constructor(readonly body: string, readonly contentType: string, readonly headers: Record<string, string> = {}) {}
}

/**
 * A JSON answer with its own status and headers: the OAuth protocol endpoints' RFC 6749 errors
 * (`{ error, error_description }` with 400/401) and `Cache-Control: no-store` on token answers.
 */
export class JsonAnswer {
  constructor(readonly body: unknown, readonly status = 200, readonly headers: Record<string, string> = {}) {}
}

export type HandlerResult<S extends EndpointSpec> = ResponseOf<S> | Redirect | Html | JsonAnswer | TextDocument;
export type Handler<S extends EndpointSpec> = (ctx: HandlerContext<S>) => Promise<HandlerResult<S>> | HandlerResult<S>;
export type AllHandlers = { [K in EndpointName]: Handler<Contract[K]> };

/** Declare a feature's handlers; the keys must be contract endpoint names. */
export function defineHandlers<K extends EndpointName>(handlers: { [P in K]: Handler<Contract[P]> }) {
  return handlers;
}
