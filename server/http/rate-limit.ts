/**
 * Rate limiting per client IP and route, through @fastify/rate-limit with Latchkey's counter
 * stores: Redis when `redisUrl` is set, PostgreSQL (batched, rate-limit-postgres.ts) when the
 * database is PostgreSQL, else memory. Sign-in, sign-up and password endpoints get the strict
 * rule; the OpenID provider's token endpoint its own (`rateLimit.oauthToken`), counted like it. A refusal is 429 `{ code: "TOO_MANY_REQUESTS", message }` with Retry-After (seconds);
 * no X-RateLimit-* headers on other answers (they would tell a script exactly how fast to go).
 */
import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { PostgresAdapter } from "kysely";
import { apiError } from "../../shared/errors.js";
import type { Clock } from "../clock.js";
import type { Config } from "../config.js";
import type { Logger } from "../context.js";
import type { DB } from "../db/database.js";
import { createMemoryCounter } from "./rate-limit-memory.js";
import { pluginStore, type CounterStore, type LimiterHealth } from "./rate-limit-store.js";

export type { LimiterHealth } from "./rate-limit-store.js";

const STRICT_PATHS = [
  "/sign-in/",
  "/sign-up/",
  "/forget-password",
  "/request-password-reset",
  "/reset-password",
  "/change-password",
  "/set-password",
  "/change-email",
  "/send-verification-email",
  "/delete-user",
  // Passwordless: each send mails an address, each check spends one of a code's few attempts.
  "/email-otp/",
  "/magic-link/",
  // Second factors: 6-digit codes must not be guessable at the general rate.
  "/two-factor/",
  "/passkey/verify-authentication",
  // Passkey-first sign-up creates accounts: the sign-up rule (adding a passkey to one's own account shares it).
  "/passkey/generate-register-options",
  "/passkey/verify-registration",
  // Social sign-in callbacks finish a sign-in (and spend a code at the provider): same rule.
  "/callback/",
  "/oauth2/callback/",
  // The desktop hand-off: codes are minted, traded for sessions, and social flows started here.
  "/electron/",
  // The public invitation preview: ids are unguessable, and the strict rule keeps it that way.
  "/organization/invitation-preview",
  // The device grant's approval page looks user codes up (8 letters): guessing stays slow. The
  // device's own polling (/cli/sign-in/device/token, /oauth2/token) is paced by `interval` instead.
  "/device/",
];

/** The OpenID provider's token endpoint: secrets checked and codes spent here, by app servers. */
const TOKEN_PATH = "/oauth2/token";
/** SCIM provisioning: a directory's push of a whole company comes from one address (features/scim). */
const SCIM_PATHS = "/scim/v2/";

export function isStrictPath(path: string): boolean {
  return STRICT_PATHS.some((prefix) => path === prefix || path.startsWith(prefix));
}

export interface RateLimitOptions {
  config: Config;
  clock: Clock;
  db: DB;
  log: Logger;
  /** Called on each refusal (metrics). */
  onRefused?: (store: LimiterHealth["store"]) => void;
}

export interface RateLimitHandle {
  health(): LimiterHealth;
  /** The store the limiter counts in, shared with other limits (http/signup-throttle.ts). */
  counter: CounterStore;
  /**
   * Counts one request to `path` (the route without the base path, under the general rule) from
   * `ip`, as the plugin would; false once over the limit. For the session fast path
   * (session-fast-path.ts), which answers before the plugin's hook runs.
   */
  countGeneral(ip: string, path: string): boolean;
  close(): Promise<void>;
}

export const RATE_LIMIT_OFF: LimiterHealth = { enabled: false, store: "memory", shared: false, degraded: false };

/** Picks the store the settings call for. Redis and PostgreSQL load only when used. */
export async function createCounterStore(options: Omit<RateLimitOptions, "onRefused">): Promise<CounterStore> {
  const { config, clock, db, log } = options;
  if (config.redisUrl) {
    const { createRedisCounter } = await import("./rate-limit-redis.js");
    const store = createRedisCounter({ url: config.redisUrl, clock, log, syncMs: config.rateLimit.syncMs });
    await store.ready?.();
    return store;
  }
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const { createPostgresCounter } = await import("./rate-limit-postgres.js");
    return createPostgresCounter({ db, clock, log, syncMs: config.rateLimit.syncMs });
  }
  return createMemoryCounter(clock);
}

// The rule and key are worked out once per request and read by the plugin's three callbacks.
const RULE = Symbol("latchkey.rateRule");
type Rule = { window: number; max: number };
type Marked = FastifyRequest & { [RULE]?: Rule };

/** Registers the limiter for every route added after it; call before the routes. */
export async function installRateLimit(server: FastifyInstance, options: RateLimitOptions): Promise<RateLimitHandle> {
  const { config } = options;
  const counter = await createCounterStore(options);
  const basePath = config.basePath;
  const ruleFor = (path: string): Rule =>
    path === TOKEN_PATH ? config.rateLimit.oauthToken : path.startsWith(SCIM_PATHS) ? config.rateLimit.scim : isStrictPath(path) ? config.rateLimit.strict : config.rateLimit;
  const ruleOf = (request: Marked): Rule => (request[RULE] ??= ruleFor(pathOf(request, basePath)));
  // The rule's name leads the key: stores may count the strict rules differently (Redis counts them exactly).
  const keyOf = (request: Marked) => `${ruleOf(request) === config.rateLimit ? "general:" : ruleOf(request) === config.rateLimit.scim ? "scim:" : "strict:"}${request.ip}|${pathOf(request, basePath)}`;

  await server.register(rateLimit, {
    global: true,
    hook: "onRequest",
    store: pluginStore(counter) as never,
    // Preflights are answered by CORS and never counted (as before).
    allowList: (request) => request.method === "OPTIONS",
    keyGenerator: (request) => keyOf(request as Marked),
    max: (request) => ruleOf(request as Marked).max,
    timeWindow: (request) => ruleOf(request as Marked).window * 1000,
    addHeadersOnExceeding: { "x-ratelimit-limit": false, "x-ratelimit-remaining": false, "x-ratelimit-reset": false },
    addHeaders: { "x-ratelimit-limit": false, "x-ratelimit-remaining": false, "x-ratelimit-reset": false, "retry-after": true },
    errorResponseBuilder: () => {
      options.onRefused?.(counter.health().store);
      return apiError("TOO_MANY_REQUESTS");
    },
  });
  const general = config.rateLimit;
  return {
    counter,
    health: () => counter.health(),
    close: () => counter.close(),
    countGeneral(ip, path) {
      const hit = counter.hit(`general:${ip}|${path}`, general.window * 1000);
      // Every store counts the general rule synchronously (the shared ones batch it); were one
      // not to, the plugin counts this request again and decides.
      if (hit instanceof Promise) {
        hit.catch(() => undefined);
        return false;
      }
      return hit.current <= general.max;
    },
  };
}

/**
 * The route pattern without the API base path: "/sign-in/email", "/get-session". Unknown paths
 * share one key, "(unmatched)": keyed by their URL, a scanner varying the path would get a fresh
 * allowance (and a fresh counter to keep) for every request.
 */
function pathOf(request: FastifyRequest, basePath: string): string {
  const route = request.routeOptions.url;
  if (route === undefined) return "(unmatched)";
  return route.startsWith(basePath) ? route.slice(basePath.length) : route;
}
