/**
 * Two servers on one PostgreSQL (issue 12): the in-process test server and a real
 * `auth server start` process. The rate limit and the account lockout hold across both — a client
 * alternating between them gets the limit once, not twice. PostgreSQL pass only.
 */
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startCliServer, stopProcess } from "../helpers/run-cli.js";
import { startTestServer, testDialect, type TestServer } from "../helpers/test-server.js";

// Windows of an hour: a test never straddles two. Sync every 100 ms; requests 300 ms apart.
const SETTINGS = {
  rateLimit: { enabled: true, window: 3600, max: 10, strict: { window: 3600, max: 1000 }, syncMs: 100 },
  lockout: { freeAttempts: 2, maxAttempts: 3, slowDelay: 1, lockDuration: 600 },
};

describe("rate limit and lockout across two servers on one PostgreSQL", () => {
  let server: TestServer;
  let cwd: string;
  let other: ChildProcess | undefined;
  let otherApi: string;

  beforeAll(async () => {
    expect(testDialect, "tests/postgres runs only with LATCHKEY_TEST_DIALECT=postgres").toBe("postgres");
    server = await startTestServer({ config: SETTINGS });
    cwd = mkdtempSync(join(tmpdir(), "latchkey-pg-limits-"));
    const configFile = join(cwd, "latchkey.json");
    writeFileSync(configFile, JSON.stringify(SETTINGS));
    const port = await freePort();
    other = (await startCliServer(["--port", String(port), "--config", configFile], { cwd, env: { AUTH_DB: server.dbFile, AUTH_SECRET: "", NODE_ENV: "development", AUTH_LOG_LEVEL: "warn" } })).child;
    otherApi = `http://127.0.0.1:${port}/api/auth`;
  });
  afterAll(async () => {
    if (other) await stopProcess(other);
    await server?.close();
    rmSync(cwd, { recursive: true, force: true });
  });

  it("a client alternating between the servers gets the limit once, not once per server", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      const base = i % 2 === 0 ? server.api : otherApi;
      statuses.push((await fetch(`${base}/ok`)).status);
      await sleep(300);
    }
    const allowed = statuses.filter((status) => status === 200).length;
    // Alone, each server would allow 10: 20 in all. Shared, 10 (the documented bound allows one
    // extra when a sync is late on a loaded machine).
    expect(allowed).toBeGreaterThanOrEqual(10);
    expect(allowed).toBeLessThanOrEqual(11);
    expect(statuses.slice(-4)).toEqual([429, 429, 429, 429]);
    expect(server.app.context.limiterHealth()).toMatchObject({ enabled: true, store: "postgres", shared: true, degraded: false });
  });

  it("an account locked through one server is locked on the other, and so is an unknown one", async () => {
    await server.signUp({ email: "ada@example.com", password: "correct horse" });
    const attempt = (base: string, email: string, password: string) =>
      fetch(`${base}/sign-in/email`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password }) });
    for (const email of ["ada@example.com", "nobody@example.com"]) {
      expect((await attempt(server.api, email, "wrong")).status).toBe(401);
      expect((await attempt(otherApi, email, "wrong")).status).toBe(401);
      expect((await attempt(server.api, email, "wrong")).status).toBe(401); // the 3rd: locked
    }
    const real = await attempt(otherApi, "ada@example.com", "correct horse");
    const ghost = await attempt(otherApi, "nobody@example.com", "correct horse");
    expect(real.status).toBe(429);
    expect(await real.json()).toEqual(await ghost.json());
    expect(ghost.status).toBe(429);
  });
});

describe("the PostgreSQL counter store when the database goes away", () => {
  it("keeps counting in the process, says degraded, and logs once", async () => {
    expect(testDialect).toBe("postgres");
    const server = await startTestServer();
    const { openDatabase } = await import("../../server/db/database.js");
    const { createPostgresCounter } = await import("../../server/http/rate-limit-postgres.js");
    const own = await openDatabase(server.dbFile);
    const warnings: string[] = [];
    const log = { info() {}, debug() {}, error() {}, warn: (_obj: object | string, msg?: string) => void warnings.push(msg ?? "") };
    const counter = createPostgresCounter({ db: own.db, clock: server.clock, log, syncMs: 60_000 });
    try {
      expect(counter.hit("k", 3_600_000).current).toBe(1);
      await counter.sync();
      expect(counter.health()).toMatchObject({ store: "postgres", shared: true, degraded: false });
      await own.close(); // the pool is gone: every sync fails from here on
      for (let i = 2; i <= 5; i++) expect(counter.hit("k", 3_600_000).current).toBe(i);
      await counter.sync();
      await counter.sync();
      expect(counter.health()).toMatchObject({ store: "postgres", shared: false, degraded: true });
      expect(counter.hit("k", 3_600_000).current).toBe(6);
      expect(warnings).toEqual(["rate-limit store unreachable: counting per process"]);
    } finally {
      await counter.close();
      await server.close();
    }
  });
});
