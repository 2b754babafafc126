/**
 * The Redis rate-limit store (issue 12): two servers — the in-process test server and a real
 * `auth server start` process — share one count exactly; when Redis goes away from under one of
 * them (its connection runs through a proxy the test closes), both keep serving, the cut-off one
 * counting per process and saying so in its health, and it shares again once Redis is back.
 * The machine's Redis itself is never stopped: the test uses its own database number.
 */
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { redisProxy, type RedisProxy } from "../helpers/redis-proxy.js";
import { freePort, startCliServer, stopProcess } from "../helpers/run-cli.js";
import { startTestServer, type TestServer } from "../helpers/test-server.js";

const REDIS_URL = process.env.LATCHKEY_TEST_REDIS_URL ?? "redis://127.0.0.1:6379/13";
// Hour-long windows never straddle a test. The general rule syncs every 100 ms; the strict one is exact.
const LIMITS = { enabled: true, window: 3600, max: 10, strict: { window: 3600, max: 4 }, syncMs: 100 };

describe("rate limits shared through Redis", () => {
  let server: TestServer;
  let other: ChildProcess | undefined;
  let otherApi: string;
  let cwd: string;
  let proxy: RedisProxy;

  beforeAll(async () => {
    const admin = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
    await admin.flushdb(); // this run's own database number: counts from an earlier run must not leak in
    admin.disconnect();
    proxy = await redisProxy(new URL(REDIS_URL));
    server = await startTestServer({ config: { rateLimit: LIMITS, redisUrl: proxy.url } });
    cwd = mkdtempSync(join(tmpdir(), "latchkey-redis-"));
    const port = await freePort();
    const configFile = join(cwd, "latchkey.json");
    writeFileSync(configFile, JSON.stringify({ rateLimit: LIMITS }));
    other = (
      await startCliServer(["--port", String(port), "--db", join(cwd, "other.db"), "--config", configFile, "--redis-url", REDIS_URL], {
        cwd,
        env: { AUTH_SECRET: "", NODE_ENV: "development", AUTH_LOG_LEVEL: "warn" },
      })
    ).child;
    otherApi = `http://127.0.0.1:${port}/api/auth`;
  });
  afterAll(async () => {
    if (other) await stopProcess(other);
    await server?.close();
    await proxy?.cut();
    rmSync(cwd, { recursive: true, force: true });
  });

  /** POSTs to a strict path, alternating servers with no pause; a fresh email each time (no lockout). */
  const alternateStrict = async (count: number, path: string) => {
    const statuses: number[] = [];
    for (let i = 0; i < count; i++) {
      const response = await fetch(`${i % 2 === 0 ? server.api : otherApi}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: `u${i}-${Math.random().toString(36).slice(2)}@example.com`, password: "some password" }),
      });
      statuses.push(response.status);
    }
    return statuses;
  };

  it("counts the strict rule of a client alternating between the servers once, exactly", async () => {
    expect(server.app.context.limiterHealth()).toEqual({ enabled: true, store: "redis", shared: true, degraded: false });
    const statuses = await alternateStrict(10, "/sign-in/email");
    expect(statuses.slice(0, 4)).toEqual([401, 401, 401, 401]);
    expect(statuses.slice(4).every((status) => status === 429)).toBe(true);
    const refused = await fetch(`${otherApi}/sign-in/email`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(await refused.json()).toEqual({ code: "TOO_MANY_REQUESTS", message: "Too many requests. Please try again later." });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("shares the general rule within its sync bound", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      statuses.push((await fetch(`${i % 2 === 0 ? server.api : otherApi}/ok`)).status);
      await sleep(300);
    }
    const allowed = statuses.filter((status) => status === 200).length;
    expect(allowed).toBeGreaterThanOrEqual(10); // alone, each server would allow 10: 20 in all
    expect(allowed).toBeLessThanOrEqual(11);
  });

  it("keeps both servers serving when Redis goes away from one, and shares again when it is back", async () => {
    await proxy.cut();
    await sleep(200);
    expect(server.app.context.limiterHealth()).toMatchObject({ store: "redis", shared: false, degraded: true });
    // Readiness says so, and stays 200: a weaker limit is no reason to leave the load balancer.
    const ready = await fetch(`${server.api}/ready`);
    expect(ready.status).toBe(200);
    expect((await ready.json()).checks).toMatchObject({ database: "ok", rateLimitStore: "degraded" });
    // The cut-off server counts alone now: a fresh path gets its own 10 there…
    const local: number[] = [];
    for (let i = 0; i < 12; i++) local.push((await fetch(`${server.api}/get-session`)).status);
    expect(local.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(local.slice(10)).toEqual([429, 429]);
    // …and the other server, still on Redis, has seen none of them.
    expect((await fetch(`${otherApi}/get-session`)).status).toBe(200);

    await proxy.restore();
    const deadline = Date.now() + 10_000;
    while (!server.app.context.limiterHealth().shared && Date.now() < deadline) await sleep(100);
    expect(server.app.context.limiterHealth()).toEqual({ enabled: true, store: "redis", shared: true, degraded: false });
    expect((await (await fetch(`${server.api}/ready`)).json()).checks).toMatchObject({ rateLimitStore: "ok" });
    // Shared again, exactly, on a strict path neither has counted yet.
    const fresh = await alternateStrict(8, "/sign-up/email");
    expect(fresh.filter((status) => status !== 429)).toHaveLength(4);
  });
});
