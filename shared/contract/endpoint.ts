/**
 * One declaration per endpoint. The server's routing and validation, the typed client, the CLI
 * and the OpenAPI document are all derived from these objects, so they cannot drift apart.
 */
import type { z } from "zod";
import type { ErrorCode } from "../errors.js";
import { stripUnknownKeys } from "./unknown-keys.js";

/** Who may call an endpoint. Finer checks (roles, membership) happen in the feature's service. */
export type Access =
  | "public" // anyone
  | "optional-session" // anyone; the session is used when present
  | "session" // a valid session is required
  | "fresh-session"; // a session created within the fresh age is required

export type HttpMethod = "GET" | "POST";

export interface EndpointSpec {
  method: HttpMethod;
  path: string;
  summary: string;
  tags: readonly string[];
  access: Access;
  /** Path parameters, e.g. `{ token }` for `/reset-password/{token}`. */
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodObject;
  /** The JSON answer. Redirect endpoints also declare the JSON they give without a callbackURL. */
  response: z.ZodType;
  /** True when the endpoint may answer with a 302 redirect (links opened from mail). */
  redirects?: boolean;
  /** The server may answer from the signed session-data cookie without a database lookup. */
  cookieCache?: boolean;
  /**
   * The server may answer from its in-memory cache of recent answers for the same token
   * (server/core/session/answer-cache.ts; the session check every page makes).
   */
  answerCache?: boolean;
  /** An answer `{url, redirect: true}` also puts the URL in the Location header (better-auth's social sign-in). */
  locationHeader?: boolean;
  /**
   * A POST that other sites send by design (an identity provider's form_post callback) and that
   * changes nothing itself (it only redirects): no Origin check even when cookies come along.
   */
  crossSitePost?: boolean;
  /**
   * What kind of session the endpoint can give its caller (docs/security.md). "sign-in": it proves
   * who someone is and ends in the sign-in core (server/core/sign-in/complete.ts), which may hold a
   * two-factor user at the second step; "second-step": it completes such a held sign-in;
   * "impersonation", "switch" (a session the browser already holds) and "rotation" (a new token
   * for the caller after a password change) are not sign-ins; "hand-off" (the desktop app trading
   * its one-time code) continues a browser sign-in that already passed every step, through the
   * sign-in core but never held again. A test proves each "sign-in" route
   * holds a two-factor user (tests/server/core/sign-in-core.test.ts).
   */
  startsSession?: "sign-in" | "second-step" | "impersonation" | "switch" | "rotation" | "hand-off";
  /**
   * "manage": the endpoint adds, changes or removes a way to sign in or the account itself
   * (password, email, passkeys, two-factor, linked accounts, API keys, deletion). Only a person's
   * own fresh session may: never an API key, never an impersonation, never a session older than
   * `session.freshAge` — unless `reauthenticates` (server/core/credentials/powers.ts).
   *
   * "grant": the endpoint lets someone else into the person's account (the OpenID provider's
   * consent: an app gets tokens for this person). Only the person's own session (cookie or
   * bearer), at any age: never an API key (a leaked key must not hand the account to an app),
   * never an impersonation (an administrator does not consent for the person).
   *
   * "configure": the endpoint changes how the server treats everyone (settings at run time). Only a
   * person's own session (cookie or bearer), at any age: never an API key (a leaked key must not
   * turn off email verification or the two-factor requirement), never an impersonation.
   */
  credentials?: "manage" | "grant" | "configure";
  /**
   * The endpoint checks the current password in its own body, which stands in for a fresh session
   * (a person who just typed the password is as present as one who just signed in).
   */
  reauthenticates?: "password";
  /** Extra words for the OpenAPI document, e.g. the permission an admin route checks. */
  requires?: string;
  /**
   * An administration permission the caller must hold before the body is even looked at: the
   * http layer checks it right after the session lookup and only then validates the body, so a
   * caller without it gets 403 `code` whatever they send, never a 400 describing what a valid
   * body would be (issue 19). For endpoints whose whole body is privileged (import-users); the
   * handler still makes its finer checks.
   */
  permissionBeforeBody?: { permission: Readonly<Record<string, readonly string[]>>; code: ErrorCode };
  /**
   * What unknown body and query keys do. Default "strip": dropped, as better-auth does, so its
   * clients and apps sending spare fields work. "reject": a 400 naming them — only for Latchkey
   * extensions where a misspelt key would silently do the wrong thing (docs/architecture.md).
   */
  unknownKeys?: "strip" | "reject";
  /**
   * An OAuth 2.0 / OpenID Connect protocol endpoint (features/oauth-provider): it also takes
   * application/x-www-form-urlencoded bodies, its handler sees the Authorization header (client
   * credentials, bearer access tokens), and refusals answer `{ error, error_description }`
   * (RFC 6749 §5.2) instead of `{ code, message }`.
   */
  oauthProtocol?: boolean;
  /** Also served at the server root, outside basePath (/.well-known/… for relying parties that look there). */
  alsoAtRoot?: boolean;
}

export function endpoint<const S extends EndpointSpec>(spec: S): S {
  if (spec.unknownKeys === "reject") return spec;
  return {
    ...spec,
    ...(spec.body ? { body: stripUnknownKeys(spec.body) } : {}),
    ...(spec.query ? { query: stripUnknownKeys(spec.query) } : {}),
  };
}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
type Empty = {};
type Infer<T> = T extends z.ZodType ? z.infer<T> : Empty;
type InferIn<T> = T extends z.ZodType ? z.input<T> : Empty;

/** What the server handler receives after validation. */
export type ParamsOf<S extends EndpointSpec> = Infer<S["params"]>;
export type QueryOf<S extends EndpointSpec> = Infer<S["query"]>;
export type BodyOf<S extends EndpointSpec> = Infer<S["body"]>;
export type ResponseOf<S extends EndpointSpec> = z.infer<S["response"]>;

/** What a client caller passes: path params plus the query (GET) or the body (POST), as one object. */
export type InputOf<S extends EndpointSpec> = InferIn<S["params"]> &
  (S["method"] extends "GET" ? InferIn<S["query"]> : InferIn<S["body"]>);
