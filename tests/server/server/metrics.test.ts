/**
 * Issue 12 item 7: GET /metrics in Prometheus text format, counters that move with traffic,
 * access only by token or from loopback, and readiness apart from /ok liveness.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\[\\"n])*",?)*\})? (\S+)( -?\d+)?$/;
/** Values as Prometheus reads them (Go's ParseFloat): numbers, and Inf/NaN in any case (prom-client writes "Nan"). */
const VALUE = /^(?:[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?|[+-]?inf(?:inity)?|nan)$/i;
const TYPES = new Set(["counter", "gauge", "histogram", "summary", "untyped"]);

/** A strict reading of the Prometheus text exposition format (0.0.4): throws on any bad line. */
function parsePrometheus(text: string): Map<string, number> {
  const samples = new Map<string, number>();
  const typed = new Map<string, string>();
  expect(text.endsWith("\n"), "ends with a newline").toBe(true);
  for (const line of text.slice(0, -1).split("\n")) {
    if (line === "") continue;
    if (line.startsWith("# HELP ")) {
      expect(line.split(" ")[2], line).toMatch(NAME);
      continue;
    }
    if (line.startsWith("# TYPE ")) {
      const [, , name, type, ...rest] = line.split(" ");
      expect(name, line).toMatch(NAME);
      expect(TYPES.has(type ?? ""), line).toBe(true);
      expect(rest, line).toEqual([]);
      expect(typed.has(name as string), `${name} typed once`).toBe(false);
      typed.set(name as string, type as string);
      continue;
    }
    expect(line.startsWith("#"), `unknown comment: ${line}`).toBe(false);
    const match = SAMPLE.exec(line);
    expect(match, `not a sample line: ${line}`).not.toBeNull();
    const [, name, labels = "", value] = match as RegExpExecArray;
    expect(value, `not a value: ${line}`).toMatch(VALUE);
    // Every sample belongs to a declared family (histograms add _bucket/_sum/_count).
    const family = [name, name?.replace(/_(bucket|sum|count)$/, "")].find((candidate) => candidate && typed.has(candidate));
    expect(family, `sample before its # TYPE: ${line}`).toBeDefined();
    samples.set(`${name}${labels}`, Number(value));
  }
  return samples;
}

describe("GET /metrics (issue 12)", () => {
  let server: TestServer;
  const token = "metrics-token-metrics-token-42";
  beforeAll(async () => {
    server = await startTestServer({ config: { metrics: { enabled: true, token } } });
  });
  afterAll(async () => {
    await server.close();
  });

  async function scrape(): Promise<Map<string, number>> {
    const response = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/plain");
    return parsePrometheus(await response.text());
  }

  it("refuses a scrape without the token, or with a wrong one, with a typed 401", async () => {
    for (const headers of [{}, { authorization: "Bearer wrong-token-wrong-token-wrong" }, { authorization: token }] as Array<Record<string, string>>) {
      const response = await fetch(`${server.url}/metrics`, { headers });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ code: "METRICS_TOKEN_REQUIRED", message: expect.any(String) });
    }
  });

  it("parses as Prometheus text and names every family the operations guide lists", async () => {
    const samples = await scrape();
    const names = [...samples.keys()].map((key) => key.replace(/\{.*$/, ""));
    for (const family of [
      "latchkey_http_requests_total",
      "latchkey_http_request_duration_seconds_bucket",
      "latchkey_password_hash_queue_depth",
      "latchkey_password_hash_workers",
      "latchkey_process_cpu_seconds_total",
      "latchkey_nodejs_eventloop_lag_seconds",
    ]) {
      expect(names, family).toContain(family);
    }
  });

  it("request, latency, sign-in and hash-wait counters move with traffic", async () => {
    const before = await scrape();
    const ada = await server.signUp({ email: "ada-metrics@example.com", password: "correct horse battery" });
    for (let i = 0; i < 3; i++) expect((await server.request("GET", "/get-session", { token: ada.token })).status).toBe(200);
    expect((await server.request("POST", "/sign-in/email", { body: { email: "ada-metrics@example.com", password: "wrong password here" } })).status).toBe(401);
    expect((await server.request("POST", "/sign-in/email", { body: { email: "ada-metrics@example.com", password: "correct horse battery" } })).status).toBe(200);
    expect((await server.request("GET", "/no-such-route")).status).toBe(404);
    const after = await scrape();

    const delta = (key: string) => (after.get(key) ?? 0) - (before.get(key) ?? 0);
    expect(delta('latchkey_http_requests_total{method="GET",route="/api/auth/get-session",status="200"}')).toBe(3);
    expect(delta('latchkey_http_requests_total{method="POST",route="/api/auth/sign-up/email",status="200"}')).toBe(1);
    expect(delta('latchkey_http_requests_total{method="GET",route="unmatched",status="404"}')).toBe(1);
    expect(delta('latchkey_http_request_duration_seconds_count{method="GET",route="/api/auth/get-session"}')).toBe(3);
    expect(delta('latchkey_sign_ins_total{method="email",outcome="success"}')).toBe(1);
    expect(delta('latchkey_sign_ins_total{method="email",outcome="invalid_credentials"}')).toBe(1);
    // Sign-up hashes once and the two sign-ins verify: three jobs went through the pool's queue.
    expect(delta('latchkey_password_hash_wait_seconds_count{op="argon2-hash"}')).toBeGreaterThanOrEqual(1);
    expect(delta('latchkey_password_hash_wait_seconds_count{op="argon2-verify"}')).toBeGreaterThanOrEqual(2);
  });
});

describe("lockout and rate-limit metrics", () => {
  it("count an account lock, the refusals it causes, and 429s from the limiter", async () => {
    const server = await startTestServer({
      config: {
        metrics: { enabled: true },
        rateLimit: { enabled: true, max: 1000, strict: { window: 60, max: 6 } },
        lockout: { freeAttempts: 1, slowDelay: 1, maxAttempts: 2 },
      },
    });
    try {
      await server.signUp({ email: "locked-metrics@example.com", password: "correct horse battery" });
      const scrapeNow = async () => parsePrometheus(await (await fetch(`${server.url}/metrics`)).text());
      const before = await scrapeNow();
      const statuses: number[] = [];
      const codes: string[] = [];
      // Until the limiter itself refuses (the strict rule allows 6): the lockout answers 429 first.
      for (let i = 0; i < 20 && !codes.includes("TOO_MANY_REQUESTS"); i++) {
        const response = await server.request("POST", "/sign-in/email", { body: { email: "locked-metrics@example.com", password: "wrong password here" } });
        statuses.push(response.status);
        codes.push(response.body?.code);
        server.clock.advance(2_000); // past each slow-down wait, inside the lock and the rate window
      }
      expect(codes).toContain("TOO_MANY_SIGN_IN_ATTEMPTS");
      expect(codes).toContain("TOO_MANY_REQUESTS");
      // Bookkeeping may finish just after an answer is sent: read until both show (≤ 10 s, for a loaded CI box).
      const refusalsIn = (sample: Map<string, number>) => [...sample.keys()].filter((key) => key.startsWith("latchkey_rate_limit_refusals_total{")).reduce((sum, key) => sum + (sample.get(key) ?? 0), 0);
      let after = await scrapeNow();
      for (let tries = 0; tries < 100 && (!(after.get("latchkey_account_locks_total") ?? 0) || refusalsIn(after) <= refusalsIn(before)); tries++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        after = await scrapeNow();
      }
      const delta = (key: string) => (after.get(key) ?? 0) - (before.get(key) ?? 0);
      expect(statuses).toContain(429);
      expect(delta("latchkey_account_locks_total")).toBeGreaterThanOrEqual(1);
      expect(delta("latchkey_lockout_refusals_total")).toBeGreaterThanOrEqual(1);
      expect(delta('latchkey_sign_ins_total{method="email",outcome="locked"}')).toBeGreaterThanOrEqual(1);
      // The store label is memory on SQLite, postgres on PostgreSQL (shared counters).
      const refusals = [...after.keys()].filter((key) => key.startsWith("latchkey_rate_limit_refusals_total{")).reduce((sum, key) => sum + delta(key), 0);
      expect(refusals).toBeGreaterThanOrEqual(1);
      expect(delta('latchkey_sign_ins_total{method="email",outcome="rate_limited"}')).toBeGreaterThanOrEqual(1);
    } finally {
      await server.close();
    }
  });
});

describe("GET /metrics without a token", () => {
  it("answers loopback callers and is absent unless metrics are enabled", async () => {
    const on = await startTestServer({ config: { metrics: { enabled: true } } });
    const off = await startTestServer();
    try {
      const response = await fetch(`${on.url}/metrics`);
      expect(response.status).toBe(200);
      parsePrometheus(await response.text());
      const absent = await fetch(`${off.url}/metrics`);
      expect(absent.status).toBe(404);
      expect((await absent.json()).code).toBe("NOT_FOUND");
    } finally {
      await on.close();
      await off.close();
    }
    // Two test servers, each a database of its own: 28.6 s on SQLite and over 30 s on PostgreSQL
    // at load average 30 (seen); the default 30 s would fail a slow start, not a broken endpoint.
  }, 90_000);
});

describe("readiness (issue 12)", () => {
  it("answers 200 while the database answers, and a typed 503 naming it once the database is closed; /ok stays alive", async () => {
    const server = await startTestServer();
    try {
      const ready = await server.request("GET", "/ready");
      expect(ready.status).toBe(200);
      expect(ready.body).toEqual({ ok: true, checks: { database: "ok" } });

      await server.database.close();
      const notReady = await server.request("GET", "/ready");
      expect(notReady.status).toBe(503);
      expect(notReady.body).toMatchObject({ code: "NOT_READY", checks: { database: "failing" } });
      expect(notReady.body.message).toContain("database");
      expect((await server.request("GET", "/ok")).status).toBe(200);
    } finally {
      await server.close().catch(() => {});
    }
  });

  it("reports an extra dependency's check (a shared rate-limit store) by name", async () => {
    const server = await startTestServer();
    try {
      let healthy = true;
      server.app.readiness.addCheck({ name: "redis", check: () => healthy });
      expect((await server.request("GET", "/ready")).body.checks).toEqual({ database: "ok", redis: "ok" });
      healthy = false;
      const failing = await server.request("GET", "/ready");
      expect(failing.status).toBe(503);
      expect(failing.body.checks).toEqual({ database: "ok", redis: "failing" });
    } finally {
      await server.close();
    }
  });
});
