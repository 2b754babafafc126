/**
 * Turns the contract into Fastify routes: for every endpoint, rate limit → origin check →
 * validation → redirect-target check → session → handler → cookies and answer. It knows no
 * feature: features add their stages through route hooks (route-hooks.ts), and the endpoint's
 * own special cases are flags in its contract entry (`answerCache`, `locationHeader`, …).
 */
import type { AuditEvent } from "../audit/recorder.js";
import { runChange, type Change } from "../audit/change.js";
import { IN_CHANGE, recordedOutsideChange } from "../audit/durability.js";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { contract, type EndpointSpec } from "../../shared/contract/index.js";
import { apiError, isApiError, type ErrorCode } from "../../shared/errors.js";
import type { AppContext } from "../context.js";
import { resolveSession } from "../core/session/service.js";
import { assertMayCall, credentialKindOf } from "../core/credentials/powers.js";
import { can } from "../core/admin-access.js";
import { openAnswerCache } from "./answer-cache-slot.js";
import { bearerToken as bearerTokenOf, type FastPathRoute } from "./session-fast-path.js";
import { Html, JsonAnswer, Redirect, TextDocument, type AllHandlers, type AuthState, type HandlerContext } from "./handler.js";
import { bindHooks, readCredential, wrapAll, type BoundStages, type RouteHook } from "./route-hooks.js";
import type { OriginPolicy } from "./trusted-origins.js";
import { cookiesAreSecure, createBrowserSessions, handOffCookie, incomingCookies, SESSION_COOKIE, type CookieJarState } from "./session-cookies.js";
import { requestedHandOff, type HandOffSlot } from "../core/sign-in/desktop-hand-off.js";
import { connectedFromThisMachine } from "./this-machine.js";

/** Body and query fields that name where to send the browser, and the error each one raises. */
const REDIRECT_FIELDS: ReadonlyArray<readonly [string, ErrorCode]> = [
  ["callbackURL", "INVALID_CALLBACK_URL"],
  ["redirectTo", "INVALID_REDIRECT_URL"],
  ["errorCallbackURL", "INVALID_ERROR_CALLBACK_URL"],
  ["newUserCallbackURL", "INVALID_NEW_USER_CALLBACK_URL"],
];

export interface RouteOptions {
  app: AppContext;
  handlers: AllHandlers;
  /** What features add to requests (route-hooks.ts), in the order they run. */
  hooks: readonly RouteHook[];
  origins: OriginPolicy;
  /** Tests: check every JSON answer against the contract's response schema. */
  checkResponses: boolean;
}

/** Registers every contract endpoint; returns the answer-cache route the fast path may answer before Fastify (session-fast-path.ts). */
export function registerRoutes(server: FastifyInstance, options: RouteOptions): FastPathRoute | undefined {
  const { app } = options;
  let fastPath: FastPathRoute | undefined;
  for (const [name, spec] of Object.entries(contract) as Array<[keyof AllHandlers, EndpointSpec]>) {
    const handler = options.handlers[name] as unknown as (ctx: HandlerContext<EndpointSpec>) => Promise<unknown> | unknown;
    const stages = bindHooks(options.hooks, app, name, spec);
    const path = spec.path.replace(/\{(\w+)\}/g, ":$1");
    const serveOne = spec.oauthProtocol ? serveOAuth : serve;
    const routeHandler = stages.aroundRequest.length
      ? (request: FastifyRequest, reply: FastifyReply) => wrapAll(stages.aroundRequest, () => serveOne(request, reply, spec, handler, options, stages))
      : (request: FastifyRequest, reply: FastifyReply) => serveOne(request, reply, spec, handler, options, stages);
    server.route({ method: spec.method, url: app.config.basePath + path, handler: routeHandler });
    if (spec.answerCache && spec.method === "GET" && !spec.oauthProtocol) fastPath = { url: app.config.basePath + path, credential: stages.credential };
    // Relying parties that look for /.well-known/… at the server root find it there too.
    if (spec.alsoAtRoot && app.config.basePath !== "") {
      server.route({ method: spec.method, url: path, handler: routeHandler });
      // RFC 8414 §3.1: for an issuer with a path, the well-known part goes between the host and
      // the path (/.well-known/oauth-authorization-server/api/auth); oauth4webapi looks there.
      if (path.startsWith("/.well-known/")) server.route({ method: spec.method, url: path + app.config.basePath, handler: routeHandler });
    }
  }
  return fastPath;
}

/**
 * An OAuth protocol endpoint: the same pipeline, but malformed input answers RFC 6749's
 * `{ error: "invalid_request" }` and the handler sees the Authorization header.
 */
async function serveOAuth(
  request: FastifyRequest,
  reply: FastifyReply,
  spec: EndpointSpec,
  handler: (ctx: HandlerContext<EndpointSpec>) => Promise<unknown> | unknown,
  options: RouteOptions,
  stages: BoundStages,
): Promise<void> {
  const withHeader = (ctx: HandlerContext<EndpointSpec>) => handler({ ...ctx, authorization: request.headers.authorization });
  try {
    await serve(request, reply, spec, withHeader, options, stages);
  } catch (error) {
    if (!isApiError(error) || error.code !== "VALIDATION_ERROR") throw error;
    reply.code(400).header("cache-control", "no-store").type("application/json; charset=utf-8").send(JSON.stringify({ error: "invalid_request", error_description: error.message, code: error.code, message: error.message, ...(error.issues ? { issues: error.issues } : {}) }));
  }
}

async function serve(
  request: FastifyRequest,
  reply: FastifyReply,
  spec: EndpointSpec,
  handler: (ctx: HandlerContext<EndpointSpec>) => Promise<unknown> | unknown,
  options: RouteOptions,
  stages: BoundStages,
): Promise<void> {
  const { app } = options;
  const cookieHeader = request.headers.cookie;
  const jar: CookieJarState = { incoming: incomingCookies(cookieHeader, cookiesAreSecure(app)), outgoing: [] };

  if (spec.method !== "GET" && cookieHeader && !spec.crossSitePost) assertTrustedOrigin(request, options.origins);

  const params = parseInput(spec.params, request.params, "params");
  const query = parseInput(spec.query, request.query, "query");
  const parseBody = (): Record<string, unknown> => {
    const parsed = parseInput(spec.body, request.body, "body");
    for (const amend of stages.amendBody) amend(request.body, parsed);
    return parsed;
  };
  // Most bodies are checked before anything else (better-auth's order: 400 before 401); an
  // endpoint that declares `permissionBeforeBody`, or credential powers (manage, grant, configure),
  // has its body checked after the caller's permission and credential powers (a key or a stranger
  // learns nothing about the body from a refusal).
  const bodyAfterAuth = spec.permissionBeforeBody !== undefined || spec.credentials !== undefined;
  let body = bodyAfterAuth ? {} : parseBody();
  // Sign-in routes take the desktop app's hand-off parameters beside their own (better-auth's electron plugin).
  const handOff: HandOffSlot = spec.startsSession === "sign-in" || spec.startsSession === "second-step" ? { requested: requestedHandOff(app, request.query) } : {};
  assertRedirectTargets(query, options.origins);
  assertRedirectTargets(body, options.origins);
  const q = query as { disableRefresh?: boolean; disableCookieCache?: boolean };
  // Another credential (an API key) claims the request: no cookie cache, no answer cache, no session.
  const credential = stages.credential.length ? readCredential(stages.credential, request.headers) : undefined;

  // get-session from memory, before any other per-request set-up (the hottest request there is).
  const answerCache = spec.answerCache && !credential ? openAnswerCache(app, bearerToken(request) ?? jar.incoming.get(SESSION_COOKIE), cookieHeader !== undefined && !q.disableCookieCache) : undefined;
  const hit = answerCache?.lookup();
  if (hit !== undefined) {
    reply.type("application/json; charset=utf-8").send(hit);
    return;
  }

  const browser = createBrowserSessions(app, jar);
  const meta = {
    ip: request.ip,
    userAgent: (request.headers["user-agent"] as string | undefined) ?? null,
    acceptLanguage: (request.headers["accept-language"] as string | undefined) ?? null,
    fromThisMachine: () => connectedFromThisMachine(request),
  };
  let auth: AuthState | null = null;
  const cached = spec.cookieCache && !q.disableCookieCache && !credential ? browser.readCache() : null;
  if (cached) {
    // Answered from the signed cookie: no database lookup (the point of the cache).
  } else if (credential && spec.access !== "public") {
    auth = await credential.stage.authenticate(credential.value, meta); // e.g. a key acting as its user; no cookie, no session row
    assertMayCall(app, spec, auth.kind, auth.session);
  } else if (spec.access !== "public") {
    const bearer = bearerToken(request);
    const token = bearer ?? jar.incoming.get(SESSION_COOKIE);
    const resolved = token ? await resolveSession(app, token, { disableRefresh: q.disableRefresh }) : null;
    if (resolved) {
      const kind = credentialKindOf({ apiKey: false, session: resolved.session, viaCookie: bearer === undefined });
      auth = { session: resolved.session, user: resolved.user, token: resolved.token, kind, ...(resolved.impersonator ? { impersonator: resolved.impersonator } : {}) };
      if (resolved.refreshed && jar.incoming.get(SESSION_COOKIE) === resolved.token) browser.refresh(resolved);
    } else if (token && jar.incoming.get(SESSION_COOKIE) === token) {
      browser.clear(); // a dead cookie: tell the browser to drop it
    }
    if (!auth && (spec.access === "session" || spec.access === "fresh-session")) throw apiError("UNAUTHORIZED");
    if (auth) assertMayCall(app, spec, auth.kind, auth.session); // credential powers: API keys, impersonation, freshness
    if (auth) for (const after of stages.afterAuth) await after(auth); // e.g. twoFactor.requiredForRoles
  }
  if (bodyAfterAuth) {
    if (spec.permissionBeforeBody) assertPermissionBeforeBody(app, auth, spec.permissionBeforeBody, stages);
    body = parseBody();
    assertRedirectTargets(body, options.origins);
  }

  for (const gate of stages.beforeHandler) await gate({ headers: request.headers, ip: meta.ip, signedIn: auth !== null, body }); // e.g. the captcha, the sign-up throttles

  // What every audit event of this request carries: where it came from and who acted.
  const enrich = (event: AuditEvent): AuditEvent => ({
    ipAddress: meta.ip,
    userAgent: meta.userAgent,
    ...event,
    actorId: event.actorId !== undefined ? event.actorId : (auth?.user.id ?? null),
    // Whatever is done during an impersonation names the administrator behind it, by id and by
    // email as it was then (the id alone names nobody once that administrator is deleted).
    ...(auth?.session.impersonatedBy ? { metadata: { ...event.metadata, impersonatedBy: auth.session.impersonatedBy, ...(auth.impersonator ? { impersonatorEmail: auth.impersonator.email } : {}) } } : {}),
    ...(auth?.apiKey ? { metadata: { ...event.metadata, apiKeyId: auth.apiKey.keyId } } : {}),
  });
  let wroteInTransaction = false;
  let change: Change | null = null;

  const ctx: HandlerContext<EndpointSpec> = {
    app,
    cached,
    params,
    query,
    body,
    meta,
    auth,
    browser,
    handOff,
    audit(event) {
      if (change) return change.audit(enrich(event));
      if (IN_CHANGE.has(event.action)) recordedOutsideChange(app, event);
      app.audit.record(enrich(event));
    },
    async change(work) {
      if (change) return work(ctx.app); // already inside one: the same transaction
      return runChange(app, async (started) => {
        // For the change's duration ctx.app is the change's view too: a handler line that still
        // says ctx.app writes into the transaction instead of waiting for SQLite's one connection.
        change = started;
        ctx.app = started.app;
        try {
          return await work(started.app);
        } finally {
          change = null;
          ctx.app = app;
        }
      });
    },
    async auditIn(trx, event) {
      wroteInTransaction = true;
      await app.audit.recordIn(trx, enrich(event));
    },
  } as HandlerContext<EndpointSpec>;

  let result: unknown;
  try {
    try {
      result = await asCaller(auth, stages, () => handler(ctx));
    } finally {
      // Events written in a change's transaction: their deliveries are queued now, not at the sender's next poll.
      if (wroteInTransaction) app.audit.committed();
    }
    for (const onAnswer of stages.onAnswer) await onAnswer(result, auth, (name, value) => reply.header(name, value));
    for (const task of jar.tasks ?? []) await task();
  } finally {
    // Cookies set before a failure (e.g. clearing a dead session) still reach the browser.
    if (jar.outgoing.length) reply.header("set-cookie", jar.outgoing);
  }
  if (jar.authToken) reply.header("set-auth-token", jar.authToken);
  if (handOff.issued) {
    // The page's copy (better-auth's electronProxyClient reads it); a JSON answer also names the code.
    reply.header("set-cookie", [...jar.outgoing, handOffCookie(app, handOff.issued)]);
    if (!(result instanceof Redirect) && !(result instanceof Html) && !(result instanceof JsonAnswer) && !(result instanceof TextDocument) && result && typeof result === "object") {
      result = { ...result, electron_authorization_code: handOff.issued.code };
    }
  }

  if (result instanceof Redirect) {
    reply.redirect(result.location, 302);
    return;
  }
  if (result instanceof JsonAnswer) {
    reply.code(result.status).headers(result.headers).type("application/json; charset=utf-8").send(JSON.stringify(result.body));
    return;
  }
  if (result instanceof TextDocument) {
    reply.headers(result.headers).type(result.contentType).send(result.body);
    return;
  }
  if (result instanceof Html) {
    reply.code(result.status).headers(result.headers).type("text/html; charset=utf-8").send(result.body);
    return;
  }
  const json = JSON.stringify(result ?? null);
  if (options.checkResponses) checkResponse(spec, json);
  // Only a plain answer is kept: no refresh happened and no cookie or token header went out.
  if (answerCache && auth && !jar.outgoing.length && !jar.authToken) answerCache.remember(json, auth.session);
  // `{url, redirect: true}` also puts the URL in Location (better-auth's social sign-in does).
  const answer = result as { redirect?: unknown; url?: unknown } | null;
  if (spec.locationHeader && answer?.redirect === true && typeof answer.url === "string") reply.header("location", answer.url);
  reply.type("application/json; charset=utf-8").send(json);
}

function parseInput(schema: EndpointSpec["body"], value: unknown, where: "body" | "query" | "params"): Record<string, unknown> {
  if (!schema) return {};
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data as Record<string, unknown>;
  const issues = result.error.issues.map((issue) => {
    const keys = (issue as { keys?: string[] }).keys;
    const path = [...issue.path.map(String), ...(keys ?? [])].join(".");
    return { path: path || where, message: issue.message };
  });
  throw apiError("VALIDATION_ERROR", where === "query" ? "Invalid query parameters" : "Invalid body parameters", issues);
}

function assertRedirectTargets(source: Record<string, unknown>, origins: OriginPolicy): void {
  for (const [field, code] of REDIRECT_FIELDS) {
    const target = source[field];
    if (typeof target === "string" && target !== "") origins.assertRedirectTarget(target, code);
  }
}

/** `permissionBeforeBody`: 401 without a caller, 403 `code` without the permission (an API key's own scope included). */
function assertPermissionBeforeBody(app: AppContext, auth: AuthState | null, check: NonNullable<EndpointSpec["permissionBeforeBody"]>, stages: BoundStages): void {
  if (!auth) throw apiError("UNAUTHORIZED");
  if (!asCaller(auth, stages, () => can(app.config, auth.user, check.permission))) throw apiError(check.code);
}

/** Runs `run` as the caller: inside every hook's `asCaller` (e.g. an API key's scope). */
function asCaller<T>(auth: AuthState | null, stages: BoundStages, run: () => T): T {
  if (!auth || !stages.asCaller.length) return run();
  return wrapAll(stages.asCaller.map((wrap) => (next: () => T) => wrap(auth, next)), run);
}

function bearerToken(request: FastifyRequest): string | undefined {
  return bearerTokenOf(request.headers.authorization);
}

/** A cookie-bearing write must come from a trusted page: Origin, else Referer, must match. */
function assertTrustedOrigin(request: FastifyRequest, origins: OriginPolicy): void {
  let origin = request.headers.origin;
  if (!origin || origin === "null") {
    const referer = request.headers.referer;
    if (!referer) throw apiError("MISSING_OR_NULL_ORIGIN");
    try {
      origin = new URL(referer).origin;
    } catch {
      throw apiError("INVALID_ORIGIN");
    }
  }
  if (!origins.isTrusted(origin)) throw apiError("INVALID_ORIGIN");
}

function checkResponse(spec: EndpointSpec, json: string): void {
  const parsed = spec.response.safeParse(JSON.parse(json));
  if (!parsed.success) {
    throw new Error(`Response of ${spec.method} ${spec.path} breaks the contract: ${JSON.stringify(parsed.error.issues).slice(0, 2000)}`);
  }
}
