/**
 * createApp(): the server, fully wired but not listening. Everything that varies (database,
 * clock, mailer) is injected so tests run the real thing on a temp file with a movable clock.
 */
import type { ResolveHost } from "./core/net/public-address.js";
import { sql } from "kysely";
import Fastify, { LogController, type FastifyInstance } from "fastify";
import fastifyCors from "@fastify/cors";
import { createAuditRecorder } from "./audit/recorder.js";
import { createWebhookSender } from "./webhook/sender.js";
import { queueStats } from "./webhook/outbox.js";
import { systemClock, type Clock, type ShiftedClock } from "./clock.js";
import { baseURLOf, type Config } from "./config.js";
import type { AppContext, Logger } from "./context.js";
import { createPasswordHasher } from "./crypto/password.js";
import { createHashPool } from "./crypto/hash-pool.js";
import { rememberPreviousSecrets } from "./crypto/encrypt.js";
import { createMetrics } from "./metrics/metrics.js";
import { registerMetrics } from "./metrics/http.js";
import { installReadiness, type Readiness } from "./features/health/ready.js";
import { registerScim } from "./features/scim/protocol.js";
import { scimOpenApi } from "./features/scim/openapi.js";
import type { DB } from "./db/database.js";
import { changeCounterOf } from "./db/change-counter.js";
import { isPostgresUrl } from "./db/target.js";
import { localWritesOf } from "./db/local-writes.js";
import { CHANGE_CHANNEL, startChangeListener, type ChangeListener, type ChangeNotice, type ListenerState } from "./db/change-notices.js";
import { createSessionAnswerCache, type SessionAnswerCache } from "./core/session/answer-cache.js";
import { createRowAnswerCache } from "./core/session/sqlite-answer-cache.js";
import { watchAnswerRows } from "./db/sqlite-row-changes.js";
import { createNotifiedAnswerCache } from "./core/session/notified-answer-cache.js";
import { handlers, routeHooks } from "./features/index.js";
import { createRuntimeSettings } from "./features/settings/runtime.js";
import { frameworkErrors, installErrorHandling } from "./http/error-handler.js";
import { buildOpenApi } from "./http/openapi.js";
import { packageRoot, registerConsole } from "./http/console.js";
import { registerDocs } from "./http/docs.js";
import { demoPage } from "./http/demo-page.js";
import { installLoadLimits } from "./http/load-limits.js";
import { installRateLimit, RATE_LIMIT_OFF, type RateLimitHandle } from "./http/rate-limit.js";
import { throttledLog } from "./http/rate-limit-store.js";
import { registerRoutes } from "./http/register-routes.js";
import { installSessionFastPath, type FastPath } from "./http/session-fast-path.js";
import { createOriginPolicy } from "./http/trusted-origins.js";
import { fastifyTrustProxy } from "./http/trust-proxy.js";
import { apiError } from "../shared/errors.js";
import type { Mailer } from "./mail/mailer.js";
import { createOutboxMailer } from "./mail/outbox.js";
import { createSmtpMailer } from "./mail/smtp.js";
import { prettyDestination, resolveLogFormat } from "./logging/pretty-log.js";
import { VERSION } from "./version.js";

export interface CreateAppOptions {
  config: Config;
  db: DB;
  secret: string;
  clock?: Clock;
  mailer?: Mailer;
  /** Check every JSON answer against the contract (tests). */
  checkResponses?: boolean;
  /** Pino-compatible logger settings; false silences logs. */
  logger?: boolean | object;
  /** Name resolution for requests sent on a stranger's behalf (default: the system's; tests give their own). */
  resolveHost?: ResolveHost;
  /** `--dev`: the clock administrators may move at run time (POST /admin/dev/clock/advance); it must be `clock`. */
  devClock?: ShiftedClock;
  /** The desktop app's local server (context.ts says what it allows); startServer checks where it listens. */
  desktopLocal?: boolean;
  /** The config file the server was started with (context.ts says what it is for). */
  configFile?: string;
}

export interface LatchkeyApp {
  server: FastifyInstance;
  context: AppContext;
  /** Readiness checks (GET {basePath}/ready); add one for each shared dependency. */
  readiness: Readiness;
  /** PostgreSQL: the connection that hears other servers' changes to sessions and users. */
  changeListener?: ChangeListener;
  /** Cached get-session by bearer answered before Fastify (http/session-fast-path.ts); absent when it cannot apply. */
  fastPath?: FastPath;
  close(): Promise<void>;
}

export async function createApp(options: CreateAppOptions): Promise<LatchkeyApp> {
  const { config, db } = options;
  const clock = options.clock ?? systemClock;
  const server = Fastify({
    logger:
      options.logger ??
      (config.logLevel === "silent"
        ? false
        : {
            level: config.logLevel,
            redact: ["req.headers.authorization", "req.headers.cookie", 'req.headers["x-api-key"]'],
            // On a terminal, one readable line per event (logging/pretty-log.ts); else JSON lines.
            ...(resolveLogFormat(config.logFormat) === "pretty" ? { stream: prettyDestination() } : {}),
          }),
    // Request URLs can carry one-time tokens (verify-email?token=…): no automatic request logs.
    logController: new LogController({ disableRequestLogging: true }),
    // No child logger per request: it cost 8 µs of a 25 µs request (pino bindings + redaction),
    // and nothing logs through request.log — features log through ctx.log with the route.
    childLoggerFactory: (logger) => logger,
    bodyLimit: config.bodyLimitBytes,
    // A hop count or the proxies' addresses; never every hop (http/trust-proxy.ts).
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Graceful close (features/health/ready.ts): requests in flight finish, new ones get a typed
    // 503, and close() cuts what is left after config.shutdownTimeout.
    return503OnClosing: false,
    forceCloseConnections: false,
    // Router failures (bad URL encoding, overlong path parameters) answer from the catalogue too.
    frameworkErrors,
  });
  const log: Logger = server.log as unknown as Logger;
  const context = createContext({ ...options, clock, log });
  if (options.devClock) context.devClock = options.devClock;
  if (options.desktopLocal) context.desktopLocal = true;
  if (options.configFile) context.configFile = options.configFile;
  const { mailer } = context;
  // Before anything is served: stored settings apply from the first request (features/settings).
  const settings = createRuntimeSettings(context);
  context.settings = settings;
  await settings.reload();
  const changeListener = await listenForChanges(config, db, context, log);
  // Webhooks: the sender polls the shared queue; the audit writer wakes it when it queued some.
  const webhooks = createWebhookSender(context);
  context.webhooks = webhooks;
  context.audit.watchDeliveries(() => webhooks.nudge());
  context.metrics.watchWebhookQueue(() => queueStats(db, context.clock.now()));
  settings.watch({ notices: changeListener !== undefined });
  const origins = createOriginPolicy(context.baseURL, config.trustedOrigins);

  // First: it learns every route as it is declared (405 answers name the methods a path has).
  const errors = installErrorHandling(server, log, (code) => context.metrics.unavailableAnswers.inc({ code }));
  const readiness = installReadiness(server, context);
  context.live = readiness.live;
  // After the draining hook: a server shutting down says so rather than "busy".
  const limits = installLoadLimits(server, { maxInFlight: config.maxInFlight, requestTimeoutMs: config.requestTimeoutMs, basePath: config.basePath });
  context.metrics.watchInFlight(limits.inFlight);
  if (config.metrics.enabled) registerMetrics(server, context);
  installJsonParser(server);
  installCors(server, origins.isTrusted);
  // Shared counters (Redis, PostgreSQL) or memory; docs/scale-out.md. Health goes on the context for readiness.
  let limiter: RateLimitHandle | undefined;
  if (config.rateLimit.enabled) {
    limiter = await installRateLimit(server, { config, clock, db, log, onRefused: (store) => context.metrics.rateLimitRefusals.inc({ store }) });
    context.limiterHealth = limiter.health;
    context.counters = limiter.counter;
  }
  // Unknown paths count against the caller's general limit too (all of them under one key).
  errors.installNotFound(limiter ? server.rateLimit() : undefined);

  const fastPath = registerRoutes(server, { app: context, handlers, hooks: routeHooks, origins, checkResponses: options.checkResponses ?? false });
  // Cached get-session by bearer, before Fastify (issue 41). Its answers were checked against the
  // contract (checkResponses) when the route first produced them.
  let fastAnswers: FastPath | undefined;
  if (fastPath) {
    const routePath = fastPath.url.slice(config.basePath.length);
    const rateLimiter = limiter;
    fastAnswers = installSessionFastPath(server.server, context, fastPath, {
      draining: () => readiness.draining,
      busy: limits.busy,
      needsProxyAddress: rateLimiter !== undefined && config.trustProxy !== false && config.trustProxy !== 0,
      ...(rateLimiter ? { countRequest: (ip: string) => rateLimiter.countGeneral(ip, routePath) } : {}),
    });
  }
  // SCIM 2.0 for directories: RFC 7644's methods, media type and errors, outside the contract (features/scim).
  registerScim(server, context);
  const openapi = JSON.stringify(buildOpenApi(config.basePath, context.baseURL, VERSION, [scimOpenApi(config.basePath)]));
  server.get(`${config.basePath}/openapi.json`, (_request, reply) => {
    reply.type("application/json; charset=utf-8").send(openapi);
  });
  // The console is the front door; the dependency-free demo page stays as an API example.
  server.get("/", (_request, reply) => {
    reply.redirect("/console/", 302);
  });
  server.get("/demo", (_request, reply) => {
    reply.type("text/html; charset=utf-8").send(demoPage(context));
  });
  await registerConsole(server, undefined, config.basePath);
  // The manual, offline: README.md and docs/*.md at /docs.
  registerDocs(server, packageRoot());

  return {
    server,
    context,
    readiness,
    changeListener,
    ...(fastAnswers ? { fastPath: fastAnswers } : {}),
    async close() {
      // Node's close() drops idle keep-alive connections at once; busy ones get the time left.
      const force = setTimeout(() => server.server.closeAllConnections(), config.shutdownTimeout * 1000);
      readiness.stop();
      try {
        await server.close();
      } finally {
        clearTimeout(force);
      }
      settings.close();
      await context.audit.flush();
      await webhooks.stop();
      await limiter?.close();
      await changeListener?.close();
      await mailer.close?.();
      await context.passwords.close();
    },
  };
}

/** The services' view of the world, without HTTP: also used by CLI commands that work on the database. */
export function createContext(options: { config: Config; db: DB; secret: string; clock?: Clock; mailer?: Mailer; log: Logger; resolveHost?: ResolveHost }): AppContext {
  const { config, db, log } = options;
  const clock = options.clock ?? systemClock;
  rememberPreviousSecrets(options.secret, config.previousSecrets);
  const baseURL = baseURLOf(config);
  const mailer = options.mailer ?? (config.mail.smtpUrl ? createSmtpMailer(config.mail.smtpUrl, config.mail.from) : createOutboxMailer(db, clock, options.secret));
  const metrics = createMetrics();
  const hashPool = createHashPool(
    { maxQueue: config.maxHashQueue },
    { onWait: (op, seconds) => metrics.hashWait.observe({ op }, seconds), onReject: (op) => metrics.hashRejections.inc({ op }) },
  );
  metrics.watchHashQueue(() => hashPool.stats());
  return {
    config,
    db,
    clock,
    mailer,
    metrics,
    limiterHealth: () => RATE_LIMIT_OFF,
    passwords: createPasswordHasher(config.password, hashPool),
    audit: createAuditRecorder(db, clock, (error) => log.error({ err: { message: (error as Error).message } }, "audit write failed")),
    secret: options.secret,
    baseURL,
    apiURL: baseURL + config.basePath,
    log,
    sessionAnswers: sessionAnswerCacheFor(config, db),
    ...(options.resolveHost ? { resolveHost: options.resolveHost } : {}),
  };
}

/**
 * SQLite (its triggers name the users this process's writes touch, its change counter sees the CLI's; PostgreSQL's cache
 * is set up by listenForChanges in createApp, which owns the listening connection), and not when
 * get-session signs a fresh JWT for its header on every call.
 */
function sessionAnswerCacheFor(config: Config, db: DB): SessionAnswerCache | undefined {
  const changes = changeCounterOf(db);
  if (!changes || (config.jwt.enabled && config.jwt.setAuthJwtHeader)) return undefined;
  // Per user when this connection's writes can name their users (issue 41: a sign-in storm's
  // inserts no longer empty it); otherwise any write empties it.
  const rows = createRowAnswerCache(changes.foreign);
  if (watchAnswerRows(db, (userIds) => rows.invalidate(userIds))) return rows;
  return createSessionAnswerCache(changes);
}

/**
 * PostgreSQL: the answer cache too, kept true by the database's change notices (docs/scale-out.md,
 * "Session checks on several servers"). Only for a database opened by openPostgres from the
 * `db` URL (the listener needs the URL for its own connection), and not when get-session signs a
 * fresh JWT for its header.
 */
async function listenForChanges(config: Config, db: DB, context: AppContext, log: Logger): Promise<ChangeListener | undefined> {
  const writes = localWritesOf(db);
  if (!writes || !isPostgresUrl(config.db) || (config.jwt.enabled && config.jwt.setAuthJwtHeader)) return undefined;
  const { metrics } = context;
  // One warning a minute at most: a stranger flooding the channel must not flood the log too.
  const warnRejected = throttledLog(context.clock);
  const reloadSettings = () => {
    context.settings?.reload().catch((error: Error) => log.warn({ err: { message: error.message } }, "settings reload failed"));
  };
  let usable = () => false;
  const cache = createNotifiedAnswerCache(() => usable());
  const handlers = {
    writes,
    onNotice(notice: ChangeNotice) {
      metrics.sessionCacheInvalidations.inc({ scope: notice.userIds ? "users" : "all" });
      cache.invalidate(notice.userIds);
      if (notice.settings) reloadSettings();
    },
    onReset() {
      metrics.sessionCacheInvalidations.inc({ scope: "reset" });
      cache.invalidate();
      // A settings notice may have been missed while the channel was down.
      reloadSettings();
    },
    onRejected(reason: string) {
      metrics.sessionChangeRejections.inc({ reason });
      warnRejected(() => log.warn({ reason }, "session change channel: dropped a message this deployment did not send (someone else publishes on the channel, or a server runs another release); see latchkey_session_change_rejected_total"));
    },
    onState(state: ListenerState) {
      if (state === "lagging" || state === "down") log.warn({ state }, "session change listener not listening: session checks go to the database");
      else if (state === "listening") log.info({ state }, "session change listener listening: session checks may be answered from memory");
    },
  };
  // With Redis, one server LISTENs and relays to every server (db/redis-change-channel.ts);
  // loaded only then, as the Redis rate-limit store is, so other starts do not load ioredis.
  const listener = config.redisUrl
    ? (await import("./db/redis-change-channel.js")).startRedisChangeChannel({
        ...handlers,
        redisUrl: config.redisUrl,
        databaseUrl: config.db,
        secret: context.secret,
        notify: (payload) => sql`select pg_notify(${CHANGE_CHANNEL}, ${payload})`.execute(db),
        onRelaying(relaying) {
          log.info({ relaying }, relaying ? "session change relay: this server listens on PostgreSQL for every server" : "session change relay: this server stopped relaying");
        },
        onDeaf(message) {
          log.warn(message);
        },
        onError(message) {
          log.debug({ err: { message } }, "session change channel");
        },
      })
    : startChangeListener({ ...handlers, url: config.db });
  usable = listener.usable;
  metrics.watchChangeListener(listener);
  context.sessionAnswers = cache;
  return listener;
}

/** JSON bodies only; an empty body counts as `{}` (better-auth's client posts some calls bare). */
function installJsonParser(server: FastifyInstance): void {
  server.removeContentTypeParser(["application/json", "text/plain"]);
  server.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === "") return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(apiError("INVALID_JSON"), undefined);
    }
  });
  // Form bodies only where a provider posts one (Apple's form_post callback, a SAML response) and where the
  // server's own page posts one (the CLI sign-in's approval form, which checks Origin and its
  // form token), and the OAuth endpoints relying parties post forms to (RFC 6749 §3.2: token,
  // introspect, revoke, and RFC 8628's device authorization; their answers are JSON no page can read cross-site): nowhere else can a cross-site HTML form reach the API without a CORS preflight.
  server.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (request, body, done) => {
    if (!/\/callback\/[^/?]+(\?|$)|\/sso\/saml2\/sp\/acs\/[^/?]+(\?|$)|\/cli\/sign-in\/social\/approval(\?|$)|\/oauth2\/(token|introspect|revoke|device-authorization)(\?|$)/.test(request.url)) return done(apiError("UNSUPPORTED_MEDIA_TYPE"), undefined);
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
}

/**
 * Trusted origins may call the API from browsers, with credentials; others get no CORS headers,
 * and their preflights a 404 without permission (the browser blocks the call either way).
 * @fastify/cors does the work (docs/architecture.md: well-kept parts).
 */
function installCors(server: FastifyInstance, isTrusted: (origin: string) => boolean): void {
  void server.register(fastifyCors, {
    origin: (origin, callback) => callback(null, origin !== undefined && isTrusted(origin)),
    credentials: true,
    exposedHeaders: ["set-auth-token", "set-auth-jwt"],
    methods: ["GET", "POST", "OPTIONS"],
    allowedHeaders: ["content-type", "authorization", "x-api-key"],
    maxAge: 600,
    optionsSuccessStatus: 204,
    // A trusted preflight without Access-Control-Request-Method still answers 204.
    strictPreflight: false,
  });
}

