/**
 * Issue 44 items 2, 3 and 5 on PostgreSQL, through a TCP proxy between the server and the
 * database (tests/helpers/fault-proxy.ts) that cuts, stalls, freezes and slows connections:
 * - every fault answers within a bound with a typed 503 DATABASE_UNAVAILABLE and Retry-After —
 *   never a hang (a frozen, half-open connection used to hang every pool slot for good) and
 *   never a crash — while /ok keeps answering;
 * - once the network is back (frozen connections stay dead), the server answers again on its own;
 * - a slow database with more requests than `maxInFlight` sheds the rest at once with 503
 *   SERVER_BUSY; every acknowledged sign-up is in the database.
 * PostgreSQL pass only; loopback only; a bounded number of requests.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp, type LatchkeyApp } from "../../server/app.js";
import { mergeConfig, resolveConfig } from "../../server/config.js";
import { openDatabase, type OpenedDatabase } from "../../server/db/database.js";
import { faultProxy, type FaultProxy } from "../helpers/fault-proxy.js";
import { createTestDatabase, testDialect, type TestDatabase } from "../helpers/test-database.js";

const TIMEOUTS = { connectTimeoutMs: 1_000, queryTimeoutMs: 1_000 };

interface Answer {
  status: number;
  code?: string;
  retryAfter: string | null;
}

describe("PostgreSQL faults through a proxy (issue 44)", () => {
  let database: TestDatabase;
  let proxy: FaultProxy;
  let served: OpenedDatabase;
  let app: LatchkeyApp;
  let api: string;
  let n = 0;
  const acknowledged: string[] = [];

  beforeAll(async () => {
    expect(testDialect, "tests/postgres runs only with LATCHKEY_TEST_DIALECT=postgres").toBe("postgres");
    database = await createTestDatabase();
    proxy = await faultProxy(database.target);
    served = await openDatabase(proxy.url, { postgres: TIMEOUTS });
    const config = resolveConfig(
      mergeConfig(
        {
          db: proxy.url,
          host: "127.0.0.1",
          port: 0,
          logLevel: "silent",
          rateLimit: { enabled: false },
          password: { memoryCost: 1024, timeCost: 1, parallelism: 1 },
          database: TIMEOUTS,
          maxInFlight: 4,
          livenessTimeout: 0,
        },
        {},
      ),
    );
    app = await createApp({ config, db: served.db, secret: "fault-secret-fault-secret-fault-secret-1", logger: false });
    await app.server.listen({ port: 0, host: "127.0.0.1" });
    api = `http://127.0.0.1:${(app.server.server.address() as { port: number }).port}${config.basePath}`;
  });
  afterAll(async () => {
    proxy?.restore();
    await app?.close();
    await served?.close();
    await proxy?.close();
    await database?.drop();
  });

  async function signUp(): Promise<Answer> {
    const email = `fault-${n++}@example.com`;
    const response = await fetch(`${api}/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: "correct horse battery", name: "Fault" }),
      // A bound far above the timeouts: a hang fails the test instead of stalling it.
      signal: AbortSignal.timeout(20_000),
    });
    const body = (await response.json()) as { code?: string };
    if (response.status === 200) acknowledged.push(email);
    return { status: response.status, code: body.code, retryAfter: response.headers.get("retry-after") };
  }

  /** The server answers sign-ups again within 20 s of the network coming back. */
  async function recovers(): Promise<void> {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const answer = await signUp();
      if (answer.status === 200) return;
      expect(answer).toMatchObject({ status: 503, code: "DATABASE_UNAVAILABLE" });
      if (Date.now() > deadline) throw new Error("no sign-up went through within 20 s of the network coming back");
      await sleep(100);
    }
  }

  for (const fault of ["freeze", "stall", "cut"] as const) {
    it(`${fault}: writes answer 503 DATABASE_UNAVAILABLE with Retry-After, /ok answers, and the server recovers by itself`, async () => {
      expect((await signUp()).status).toBe(200);
      proxy[fault]();
      const answers = await Promise.all([signUp(), signUp(), signUp()]);
      for (const answer of answers) {
        expect(answer).toMatchObject({ status: 503, code: "DATABASE_UNAVAILABLE" });
        expect(Number(answer.retryAfter)).toBeGreaterThan(0);
      }
      expect((await fetch(`${api}/ok`)).status).toBe(200);
      proxy.restore();
      await recovers();
      // Several at once: the pool's slots were freed, not left hanging on dead connections.
      expect((await Promise.all([signUp(), signUp(), signUp()])).map((answer) => answer.status)).toEqual([200, 200, 200]);
    });
  }

  it("slow: beyond maxInFlight requests are shed at once with 503 SERVER_BUSY; the admitted ones succeed", async () => {
    proxy.slow(150);
    try {
      const answers = await Promise.all(Array.from({ length: 10 }, () => signUp()));
      const statuses = answers.map((answer) => `${answer.status} ${answer.code ?? ""}`.trim());
      for (const status of statuses) expect(["200", "503 SERVER_BUSY"]).toContain(status);
      expect(statuses.filter((status) => status === "503 SERVER_BUSY").length).toBeGreaterThan(0);
      expect(statuses.filter((status) => status === "200").length).toBeGreaterThan(0);
    } finally {
      proxy.restore();
    }
  });

  it("lost nothing acknowledged", async () => {
    const rows = await database.database.db.selectFrom("user").select("email").where("email", "in", acknowledged).execute();
    expect(rows.length).toBe(acknowledged.length);
  });
});
