/**
 * The Redis rate-limit store (issue 12): two servers — the in-process test server and a real
 * `auth server start` process — share one count exactly; when Redis goes away from under one of
 * them (its connection runs through a proxy the test closes), both keep serving, the cut-off one
 * counting per process and saying so in its health, and it shares again once Redis is back.
 * The machine's Redis itself is never stopped: the test uses its own database number.
 */
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, connect, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startCliServer, stopProcess } from "../helpers/run-cli.js";
import { startTestServer, type TestServer } from "../helpers/test-server.js";

const REDIS_URL = process.env.LATCHKEY_TEST_REDIS_URL ?? "redis://127.0.0.1:6379/13";
const LIMITS = { enabled: true, window: 3600, max: 10, strict: { window: 3600, max: 1000 } };

/** A TCP relay to Redis that the test can cut (and restore on the same port). */
async function redisProxy(target: URL) {
  const port = await freePort();
  const sockets = new Set<Socket>();
  let listener: Server | undefined;
  const open = () =>
    new Promise<void>((resolve) => {
      listener = createServer((client) => {
        const upstream = connect(Number(target.port || 6379), target.hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on("close", () => sockets.delete(socket));
          socket.on("error", () => socket.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      listener.listen(port, "127.0.0.1", () => resolve());
    });
  await open();
  const url = new URL(target.toString());
  url.hostname = "127.0.0.1";
  url.port = String(port);
  return {
    url: url.toString(),
    async cut() {
      await new Promise<void>((resolve) => {
        listener?.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
    },
    restore: open,
  };
}

describe("rate limits shared through Redis", () => {
  let server: TestServer;
  let other: ChildProcess | undefined;
  let otherApi: string;
  let cwd: string;
  let proxy: Awaited<ReturnType<typeof redisProxy>>;

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

  const alternate = async (count: number, path: string) => {
    const statuses: number[] = [];
    for (let i = 0; i < count; i++) statuses.push((await fetch(`${i % 2 === 0 ? server.api : otherApi}${path}`)).status);
    return statuses;
  };

  it("counts a client alternating between the servers once, exactly", async () => {
    expect(server.app.context.limiterHealth()).toEqual({ enabled: true, store: "redis", shared: true, degraded: false });
    const statuses = await alternate(20, "/ok");
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.slice(10).every((status) => status === 429)).toBe(true);
    const refused = await fetch(`${server.api}/ok`);
    expect(await refused.json()).toEqual({ code: "TOO_MANY_REQUESTS", message: "Too many requests. Please try again later." });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("keeps both servers serving when Redis goes away from one, and shares again when it is back", async () => {
    await proxy.cut();
    await sleep(200);
    expect(server.app.context.limiterHealth()).toMatchObject({ store: "redis", shared: false, degraded: true });
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
    // Shared again: the other server's one request and this one's next count together.
    const fresh = await alternate(12, "/list-sessions");
    expect(fresh.filter((status) => status !== 429)).toHaveLength(10);
  });
});
