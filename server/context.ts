/** What every service receives: settings and the injected parts (database, clock, mail, audit). */
import type { Config } from "./config.js";
import type { Clock, ShiftedClock } from "./clock.js";
import type { DB } from "./db/database.js";
import type { Mailer } from "./mail/mailer.js";
import type { PasswordHasher } from "./crypto/password.js";
import type { AuditRecorder } from "./audit/recorder.js";
import type { Metrics } from "./metrics/metrics.js";
import type { SessionAnswerCache } from "./core/session/answer-cache.js";
import type { CounterStore, LimiterHealth } from "./http/rate-limit-store.js";
import type { RuntimeSettings } from "./features/settings/runtime.js";
import type { ResolveHost } from "./core/net/public-address.js";
import type { WebhookSender } from "./webhook/sender.js";

export interface Logger {
  info(obj: object | string, msg?: string): void;
  warn(obj: object | string, msg?: string): void;
  error(obj: object | string, msg?: string): void;
  debug(obj: object | string, msg?: string): void;
}

export interface AppContext {
  config: Config;
  db: DB;
  clock: Clock;
  mailer: Mailer;
  passwords: PasswordHasher;
  audit: AuditRecorder;
  /** Prometheus counters (server/metrics/metrics.ts); served at /metrics when enabled. */
  metrics: Metrics;
  /** The rate limiter's store and whether it is shared right now (server/http/rate-limit.ts), for readiness. */
  limiterHealth: () => LimiterHealth;
  /** The rate limiter's counter store (memory, Redis or PostgreSQL), for other limits counted beside it (http/signup-throttle.ts); set by createApp when rateLimit.enabled. */
  counters?: CounterStore;
  /** Server secret: signs the session-data cookie cache. */
  secret: string;
  /** Public origin, e.g. http://127.0.0.1:3000. */
  baseURL: string;
  /** Origin + base path, e.g. http://127.0.0.1:3000/api/auth — where mail links point. */
  apiURL: string;
  log: Logger;
  /** Settings administrators change at run time (features/settings); set by createApp, absent for offline CLI work. */
  settings?: RuntimeSettings;
  /** Liveness (features/health/ready.ts): false once the database has failed for longer than `livenessTimeout`; set by createApp. */
  live?: () => boolean;
  /** Resolves names for requests sent on a stranger's behalf (core/net/public-address.ts); tests give their own. */
  resolveHost?: ResolveHost;
  /**
   * The clock an administrator may move while the server runs (`auth dev clock advance`): only on a
   * server started with `--dev` (issue 39), never in production.
   */
  devClock?: ShiftedClock;
  /**
   * The desktop app's local server (electron/utility/local-server-entry.ts): it listens on a
   * loopback address only, for the person at this computer, so it offers the Demo data section
   * as a `--dev` server does (without a clock to move). startServer refuses it anywhere else.
   */
  desktopLocal?: boolean;
  /**
   * The config file the server was started with (`--config`, AUTH_CONFIG), absolute. On PostgreSQL
   * the Demo data section keeps snapshots beside it in `<file>.snapshots`, where `auth server
   * snapshot --config <file>` finds them; without one there is nowhere to keep them.
   */
  configFile?: string;
  /** get-session answers by token hash (core/session/answer-cache.ts; PostgreSQL: notified-answer-cache.ts). */
  sessionAnswers?: SessionAnswerCache;
  /** Sends queued webhook deliveries (server/webhook/sender.ts); set by createApp, absent offline. */
  webhooks?: WebhookSender;
}
