/**
 * A real Latchkey server for tests: a fresh database (a temporary SQLite file, or with
 * LATCHKEY_TEST_DIALECT=postgres its own PostgreSQL database) built by the real migrations,
 * listening on a free loopback port, with a movable clock. Rate limiting is off unless a test
 * turns it on; every JSON answer is checked against the contract.
 */
import { freePort } from "./run-cli.js";
import { createApp, type LatchkeyApp } from "../../server/app.js";
import { createShiftedClock, createTestClock, type TestClock } from "../../server/clock.js";
import { mergeConfig, resolveConfig, type ConfigInput } from "../../server/config.js";
import type { Dialect, OpenedDatabase } from "../../server/db/database.js";
import type { Mailer } from "../../server/mail/mailer.js";
import type { ResolveHost } from "../../server/core/net/public-address.js";
import { listOutbox, type OutboxMail } from "../../server/mail/outbox.js";
import { createClient, type LatchkeyClient } from "../../shared/client/index.js";
import { createTestDatabase, testDialect } from "./test-database.js";

export { testDialect };

/** The server secret every test server runs with (the outbox is sealed under it). */
export const TEST_SECRET = "test-secret-test-secret-test-secret-42";

export interface TestServer {
  /** Origin, e.g. http://127.0.0.1:41234 */
  url: string;
  /** url + /api/auth */
  api: string;
  app: LatchkeyApp;
  clock: TestClock;
  database: OpenedDatabase;
  dialect: Dialect;
  /** The `db` setting: the SQLite file, or the PostgreSQL URL. */
  dbFile: string;
  /** A typed client, optionally signed in with a bearer token. */
  client(token?: string): LatchkeyClient;
  /** Raw HTTP for cases the typed client would refuse to send. */
  request(method: string, path: string, init?: RawInit): Promise<RawResponse>;
  /** Mail kept in the outbox, newest first. */
  outbox(to?: string): Promise<OutboxMail[]>;
  /** Create a user by email sign-up and return their bearer token. */
  signUp(input?: Partial<{ email: string; password: string; name: string; username: string }>): Promise<{ token: string; userId: string; email: string; password: string }>;
  /**
   * Verifies `email` the way its owner would: asks for a verification mail over the API and
   * opens the link from the outbox (inviting and accepting invitations need it, issues 19/27).
   */
  verifyEmail(email: string): Promise<void>;
  close(): Promise<void>;
}

export interface RawInit {
  body?: unknown;
  /** Sent as-is (string) instead of JSON. */
  rawBody?: string;
  headers?: Record<string, string>;
  token?: string;
  cookie?: string;
}

export interface RawResponse {
  status: number;
  headers: Headers;
  body: any;
  text: string;
  /** Every Set-Cookie line. */
  cookies: string[];
}

export interface TestServerOptions {
  config?: ConfigInput;
  clock?: TestClock;
  mailer?: Mailer;
  /** Fastify/pino logger settings (e.g. `{ level: "error", stream }`); silent by default. */
  logger?: object;
  /** Name resolution for the server's requests on a stranger's behalf (self-registered apps' back-channel URIs). */
  resolveHost?: ResolveHost;
  /** As `auth server start --dev`: the app's clock is one administrators may move, offset 0 over `clock`. */
  dev?: boolean;
  /** As the desktop app's local server (startServer's `desktopLocal`): Demo data without a clock to move. */
  desktopLocal?: boolean;
  /** The config file the server was "started with" (PostgreSQL: the Demo data section's snapshots go to `<file>.snapshots`). */
  configFile?: string;
}

let counter = 0;

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const testDatabase = await createTestDatabase();
  const { database, target: dbFile } = testDatabase;
  const clock = options.clock ?? createTestClock(Date.now());
  // Port 0 → a free port; baseURL is fixed up after listen so cookies and links use it.
  const config = resolveConfig(
    mergeConfig(
      {
        db: dbFile,
        host: "127.0.0.1",
        port: 0,
        logLevel: "silent",
        rateLimit: { enabled: false },
        // Tests hash thousands of passwords: keep argon2id but at its cheapest legal cost.
        password: { memoryCost: 1024, timeCost: 1, parallelism: 1 },
      },
      options.config ?? {},
    ),
  );
  // The free port is probed before the app exists (its baseURL names it), so another process may
  // take it in between (EADDRINUSE under parallel suites): then probe again, a few times.
  const ownBaseURL = config.baseURL === undefined;
  let probe = 0;
  let app: LatchkeyApp | undefined;
  for (let attempt = 1; !app; attempt++) {
    probe = await freePort();
    config.port = probe;
    if (ownBaseURL) config.baseURL = `http://127.0.0.1:${probe}`;
    const devClock = options.dev ? createShiftedClock(0, clock) : undefined;
    const candidate = await createApp({ config, db: database.db, secret: TEST_SECRET, clock: devClock ?? clock, ...(devClock ? { devClock } : {}), mailer: options.mailer, checkResponses: true, logger: options.logger ?? false, ...(options.resolveHost ? { resolveHost: options.resolveHost } : {}), ...(options.desktopLocal ? { desktopLocal: true } : {}), ...(options.configFile ? { configFile: options.configFile } : {}) });
    try {
      await candidate.server.listen({ port: probe, host: "127.0.0.1" });
      app = candidate;
    } catch (error) {
      await candidate.server.close().catch(() => undefined);
      if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE" || attempt >= 5) throw error;
    }
  }
  const url = `http://127.0.0.1:${probe}`;
  const api = url + config.basePath;

  const server: TestServer = {
    url,
    api,
    app,
    clock,
    database,
    dialect: database.dialect,
    dbFile,
    client: (token) => createClient({ baseURL: url, token }),
    async request(method, path, init = {}) {
      const headers: Record<string, string> = { ...init.headers };
      let body: string | undefined;
      if (init.rawBody !== undefined) body = init.rawBody;
      else if (init.body !== undefined) {
        body = JSON.stringify(init.body);
        headers["content-type"] ??= "application/json";
      }
      if (init.token) headers.authorization = `Bearer ${init.token}`;
      if (init.cookie) headers.cookie = init.cookie;
      const response = await fetch(api + path, { method, headers, body, redirect: "manual" });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        /* not JSON */
      }
      return { status: response.status, headers: response.headers, body: parsed, text, cookies: response.headers.getSetCookie() };
    },
    outbox: (to) => listOutbox(database.db, TEST_SECRET, { to }),
    async signUp(input = {}) {
      const n = counter++;
      const email = input.email ?? `user${n}-${Math.random().toString(36).slice(2, 8)}@example.com`;
      const password = input.password ?? "correct horse battery";
      const result = await createClient({ baseURL: url }).signUpEmail({ email, password, name: input.name ?? `User ${n}`, username: input.username });
      if (!result.token) throw new Error("sign-up did not sign in (verification required?)");
      return { token: result.token, userId: result.user.id, email, password };
    },
    async verifyEmail(email) {
      const asked = await server.request("POST", "/send-verification-email", { body: { email } });
      if (asked.status !== 200) throw new Error(`send-verification-email: ${asked.status} ${asked.text}`);
      const [mail] = (await server.outbox(email)).filter((m) => m.kind === "verify-email");
      if (!mail) throw new Error(`no verification mail to ${email} (already verified?)`);
      const link = new URL(mail.url);
      link.searchParams.delete("callbackURL");
      const opened = await server.request("GET", link.toString().slice(api.length));
      if (opened.status !== 200) throw new Error(`verify-email: ${opened.status} ${opened.text}`);
    },
    async close() {
      await app.close();
      await testDatabase.drop();
    },
  };
  return server;
}
