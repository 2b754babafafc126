/**
 * The session answer cache's change notices over Redis (issue 24): servers on one PostgreSQL with
 * `redisUrl` set hear the database's change notices through one relay — the server holding the
 * lease in Redis LISTENs and publishes, every server subscribes. R, a real `auth server start`
 * process, starts first and relays; A (writes) and B (checks; its Redis runs through a proxy the
 * test cuts) are in this process. Every change on A is seen by B (within 2 s, a bound a loaded CI
 * machine cannot miss; without the relay B's cached answer would stand until expiry); only one LISTEN
 * connection exists; with the relay's LISTEN backend killed, B's Redis cut, or R killed outright,
 * no server answers a revoked session from memory, and once another server holds the lease
 * (within the lease time) caching resumes. The machine's Redis is never stopped.
 */
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { Redis } from "ioredis";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { channelNames } from "../../server/db/redis-change-channel.js";
import { startChannelServer as startServer, until, type ChannelServer as Server } from "../helpers/change-channel-server.js";
import { redisProxy, type RedisProxy } from "../helpers/redis-proxy.js";
import { freePort, startCliServer } from "../helpers/run-cli.js";
import { createTestDatabase, testDialect, type TestDatabase } from "../helpers/test-database.js";
import { TEST_SECRET } from "../helpers/test-server.js";

const REDIS_URL = process.env.LATCHKEY_TEST_REDIS_URL ?? "redis://127.0.0.1:6379/13";

describe("session answers cached on servers sharing a Redis change channel", () => {
  let testDatabase: TestDatabase;
  let url: string;
  let cwd: string;
  let relay: ChildProcess | undefined;
  let a: Server;
  let b: Server;
  let proxy: RedisProxy;
  let adminToken: string;
  let userCount = 0;

  beforeAll(async () => {
    expect(testDialect, "npm run test:redis runs on PostgreSQL (vitest.redis.config.ts)").toBe("postgres");
    testDatabase = await createTestDatabase();
    url = testDatabase.target;
    cwd = mkdtempSync(join(tmpdir(), "latchkey-relay-"));
    const port = await freePort();
    relay = (
      await startCliServer(["--port", String(port), "--db", url, "--redis-url", REDIS_URL, "--no-rate-limit"], {
        cwd,
        env: { AUTH_SECRET: TEST_SECRET, NODE_ENV: "development", AUTH_LOG_LEVEL: "warn" },
      })
    ).child;
    // R holds the lease and listens before A and B start, so it is the relay.
    const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
    try {
      const { leaseKey } = channelNames(TEST_SECRET, url);
      await until(async () => (await redis.get(leaseKey)) !== null && (await listeningBackends()).length === 1, 10_000);
    } finally {
      redis.disconnect();
    }
    a = await startServer(url, REDIS_URL);
    proxy = await redisProxy(new URL(REDIS_URL));
    b = await startServer(url, proxy.url);
    await until(() => usable(a) && usable(b));
    const admin = await signUp();
    await testDatabase.database.db.updateTable("user").set({ role: "admin" }).where("id", "=", admin.userId).execute();
    adminToken = admin.token;
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    relay?.kill("SIGKILL");
    await proxy?.cut();
    await testDatabase?.drop();
    if (cwd) rmSync(cwd, { recursive: true, force: true });
  });

  const usable = (server: Server) => server.app.changeListener?.usable() === true;

  /** Backend pids of the database's change listeners (only a relay holds one). */
  async function listeningBackends(): Promise<number[]> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query("select pid from pg_stat_activity where datname = current_database() and application_name = 'latchkey-change-listener'");
      return rows.map((row) => Number(row.pid));
    } finally {
      await client.end();
    }
  }

  async function signUp(): Promise<{ token: string; userId: string; email: string; password: string }> {
    const n = userCount++;
    const email = `relay-user${n}-${process.pid}@example.com`;
    const password = "correct horse battery";
    const answer = await post(a, "/sign-up/email", { email, password, name: `User ${n}` });
    expect(answer.status).toBe(200);
    return { token: answer.body.token, userId: answer.body.user.id, email, password };
  }

  async function post(server: Server, path: string, body: object, token?: string): Promise<{ status: number; body: any }> {
    const response = await fetch(`${server.api}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  }

  async function check(server: Server, token: string): Promise<any> {
    const response = await fetch(`${server.api}/get-session`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    return response.json();
  }

  async function count(server: Server, counter: "sessionCacheLookups" | "sessionCacheInvalidations", label: string): Promise<number> {
    const { values } = await server.app.context.metrics[counter].get();
    return values.find((v) => Object.values(v.labels).includes(label))?.value ?? 0;
  }

  /**
   * B answers `token` from memory: a check followed by a cache hit. A notice about the user (their
   * own sign-up) may still be on its way when B first reads; then B rightly keeps nothing and the
   * next pair of checks tries again.
   */
  async function cachedOnB(token: string): Promise<any> {
    for (let attempt = 1; ; attempt++) {
      await until(() => usable(b));
      const first = await check(b, token);
      expect(first).not.toBeNull();
      const before = await count(b, "sessionCacheLookups", "hit");
      expect(await check(b, token)).toEqual(first);
      if ((await count(b, "sessionCacheLookups", "hit")) === before + 1) return first;
      if (attempt === 5) throw new Error("B never answered from memory");
    }
  }

  /** After `change` answers on A, B's checks show `seen` within 2 s (checked every 5 ms). */
  async function seenOnBSoon(token: string, change: () => Promise<{ status: number }>, seen: (answer: any) => boolean): Promise<void> {
    expect((await change()).status).toBe(200);
    const start = performance.now();
    let answer = await check(b, token);
    while (!seen(answer) && performance.now() - start <= 2_000) {
      await sleep(5);
      answer = await check(b, token);
    }
    const elapsed = performance.now() - start;
    expect(seen(answer), `B's answer after ${elapsed.toFixed(1)} ms: ${JSON.stringify(answer)}`).toBe(true);
    expect(elapsed).toBeLessThanOrEqual(2_000);
  }

  it("one server, the relay, LISTENs on PostgreSQL; the others only subscribe", async () => {
    expect(await listeningBackends()).toHaveLength(1);
    for (const server of [a, b]) {
      expect(server.app.changeListener?.channel).toBe("redis");
      expect(server.app.changeListener?.relaying?.()).toBe(false);
      expect(server.app.changeListener?.backendPid()).toBeUndefined();
      const metrics = await server.app.context.metrics.registry.metrics();
      expect(metrics).toMatch(/latchkey_session_cache_listener_state\{state="listening",channel="redis"\} 1/);
      expect(metrics).toMatch(/latchkey_session_cache_relay 0/);
    }
  });

  it("a ban on A ends the user's session on B", async () => {
    const ada = await signUp();
    await cachedOnB(ada.token);
    await seenOnBSoon(ada.token, () => post(a, "/admin/ban-user", { userId: ada.userId }, adminToken), (body) => body === null);
  });

  it("a sign-out on A ends the session on B", async () => {
    const bob = await signUp();
    await cachedOnB(bob.token);
    await seenOnBSoon(bob.token, () => post(a, "/sign-out", {}, bob.token), (body) => body === null);
  });

  it("a session revoked on A (from another session) is gone on B soon, and the other session stays", async () => {
    const cy = await signUp();
    const second = await post(a, "/sign-in/email", { email: cy.email, password: cy.password });
    const otherToken = second.body.token as string;
    await cachedOnB(cy.token);
    await cachedOnB(otherToken);
    await seenOnBSoon(cy.token, () => post(a, "/revoke-session", { token: cy.token }, otherToken), (body) => body === null);
    expect((await check(b, otherToken)).user.id).toBe(cy.userId);
  });

  it("with the relay's listening connection killed, no server answers a revoked session from memory; the relay listens again and caching resumes", async () => {
    const gus = await signUp();
    await cachedOnB(gus.token);
    const [pid] = await listeningBackends();
    const resets = { a: await count(a, "sessionCacheInvalidations", "reset"), b: await count(b, "sessionCacheInvalidations", "reset") };
    const killer = new pg.Client({ connectionString: url });
    await killer.connect();
    try {
      expect((await killer.query("select pg_terminate_backend($1) as ok", [pid])).rows[0].ok).toBe(true);
    } finally {
      await killer.end();
    }
    // The relay tells every server over Redis that it lost its ear: their caches empty at once.
    await until(async () => (await count(a, "sessionCacheInvalidations", "reset")) > resets.a && (await count(b, "sessionCacheInvalidations", "reset")) > resets.b);
    // This sign-out's notice may go nowhere (the relay may not listen yet); no server may answer the session.
    expect((await post(a, "/sign-out", {}, gus.token)).status).toBe(200);
    expect(await check(b, gus.token)).toBeNull();
    expect(await check(a, gus.token)).toBeNull();

    // The relay listens again on a new connection; the servers cache again.
    await until(async () => usable(a) && usable(b) && (await listeningBackends()).some((each) => each !== pid));
    expect(await listeningBackends()).toHaveLength(1);
    expect(await check(b, gus.token)).toBeNull();
    const hal = await signUp();
    await cachedOnB(hal.token);
    await seenOnBSoon(hal.token, () => post(a, "/sign-out", {}, hal.token), (body) => body === null);
  });

  it("with B's Redis connection cut, B answers from the database and never a revoked session; it caches again once Redis is back", async () => {
    const ivy = await signUp();
    await cachedOnB(ivy.token);
    await proxy.cut();
    await until(() => !usable(b));
    expect(b.app.changeListener?.state()).not.toBe("listening");
    // B hears nothing now; A signs Ivy out, and B must not answer her session from memory.
    expect((await post(a, "/sign-out", {}, ivy.token)).status).toBe(200);
    const misses = await count(b, "sessionCacheLookups", "miss");
    for (let i = 0; i < 20; i++) {
      expect(await check(b, ivy.token)).toBeNull();
      await sleep(25);
    }
    expect(await count(b, "sessionCacheLookups", "miss")).toBeGreaterThanOrEqual(misses + 20);

    await proxy.restore();
    await until(() => usable(b), 10_000);
    expect(await check(b, ivy.token)).toBeNull();
    const jo = await signUp();
    await cachedOnB(jo.token);
    await seenOnBSoon(jo.token, () => post(a, "/admin/ban-user", { userId: jo.userId }, adminToken), (body) => body === null);
  });

  it("with the relay process killed, the servers check the database within 2 s, another takes the lease within 5 s, and caching resumes", async () => {
    const kim = await signUp();
    await cachedOnB(kim.token);
    const [pid] = await listeningBackends();
    relay?.kill("SIGKILL");
    const killedAt = performance.now();
    // No relay, no heartbeats: both stop using memory once theirs is 2 s old.
    await until(() => !usable(a) && !usable(b), 3_000);
    expect((await post(a, "/sign-out", {}, kim.token)).status).toBe(200);
    expect(await check(b, kim.token)).toBeNull();

    // The lease runs out at most 5 s after R's last renewal, and A or B takes it just after (1 s
    // allowed for that on two shared cores) and relays.
    await until(() => a.app.changeListener?.relaying?.() === true || b.app.changeListener?.relaying?.() === true, 7_000);
    expect(performance.now() - killedAt).toBeLessThanOrEqual(6_000);
    await until(async () => usable(a) && usable(b) && (await listeningBackends()).every((each) => each !== pid) && (await listeningBackends()).length === 1);
    expect(await check(b, kim.token)).toBeNull();
    const lee = await signUp();
    await cachedOnB(lee.token);
    await seenOnBSoon(lee.token, () => post(a, "/admin/ban-user", { userId: lee.userId }, adminToken), (body) => body === null);
    const relaying = [a, b].filter((server) => server.app.changeListener?.relaying?.());
    expect(relaying).toHaveLength(1);
    for (const holder of relaying) expect(await holder.app.context.metrics.registry.metrics()).toMatch(/latchkey_session_cache_relay 1/);
  });
});
