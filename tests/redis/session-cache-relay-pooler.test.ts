/**
 * The Redis change channel with a server whose LISTEN hears nothing, as behind a transaction-
 * pooling PgBouncer (issue 24): D reaches PostgreSQL through a proxy that drops notifications.
 * D takes the relay lease first, cannot hear its own heartbeats, never uses its cache meanwhile,
 * and gives the lease up; A, on a direct connection, takes it and relays — and then D caches too,
 * its heartbeats (sent through its pool) coming back to it over Redis.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startChannelServer, until, type ChannelServer } from "../helpers/change-channel-server.js";
import { deafPostgresProxy, type DeafPostgresProxy } from "../helpers/deaf-postgres-proxy.js";
import { createTestDatabase, testDialect, type TestDatabase } from "../helpers/test-database.js";

const REDIS_URL = process.env.LATCHKEY_TEST_REDIS_URL ?? "redis://127.0.0.1:6379/13";

describe("a relay that cannot hear (LISTEN through a transaction pooler) hands the relay on", () => {
  let testDatabase: TestDatabase;
  let deaf: DeafPostgresProxy;
  let d: ChannelServer;
  let a: ChannelServer | undefined;

  beforeAll(async () => {
    expect(testDialect, "npm run test:redis runs on PostgreSQL (vitest.redis.config.ts)").toBe("postgres");
    testDatabase = await createTestDatabase();
    deaf = await deafPostgresProxy(testDatabase.target);
    d = await startChannelServer(deaf.url, REDIS_URL);
  });
  afterAll(async () => {
    await a?.close();
    await d?.close();
    await deaf?.close();
    await testDatabase?.drop();
  });

  async function post(server: ChannelServer, path: string, body: object, token?: string): Promise<{ status: number; body: any }> {
    const response = await fetch(`${server.api}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  }
  const check = async (server: ChannelServer, token: string) => (await fetch(`${server.api}/get-session`, { headers: { authorization: `Bearer ${token}` } })).json();
  const hits = async (server: ChannelServer) => (await server.app.context.metrics.sessionCacheLookups.get()).values.find((v) => v.labels.result === "hit")?.value ?? 0;

  it("D relays deafly without ever using its cache, gives the lease up, and caches once A relays", async () => {
    const listener = d.app.changeListener;
    await until(() => listener?.relaying?.() === true);
    a = await startChannelServer(testDatabase.target, REDIS_URL);
    // Deaf for 3 s, D gives the lease up; A takes it within a second. Meanwhile nothing proves
    // D's cache current: it is never used.
    const start = performance.now();
    while (listener?.relaying?.()) {
      expect(listener.usable()).toBe(false);
      expect(a.app.changeListener?.usable()).toBe(false);
      if (performance.now() - start > 6_000) throw new Error("D kept the relay lease");
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await until(() => a?.app.changeListener?.relaying?.() === true);
    await until(() => listener?.usable() === true && a?.app.changeListener?.usable() === true);
    expect(listener?.relaying?.()).toBe(false);

    // D answers from memory now, and hears A's change (within 2 s: a bound a loaded machine cannot miss).
    const email = `pooled-${process.pid}@example.com`;
    const signed = await post(a, "/sign-up/email", { email, password: "correct horse battery", name: "Pooled" });
    expect(signed.status).toBe(200);
    const token = signed.body.token as string;
    for (let attempt = 1; ; attempt++) {
      const first = await check(d, token);
      expect(first.user.email).toBe(email);
      const before = await hits(d);
      await check(d, token);
      if ((await hits(d)) === before + 1) break;
      if (attempt === 5) throw new Error("D never answered from memory");
    }
    expect((await post(a, "/sign-out", {}, token)).status).toBe(200);
    const signedOut = performance.now();
    while ((await check(d, token)) !== null) {
      expect(performance.now() - signedOut).toBeLessThanOrEqual(2_000);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(await d.app.context.metrics.registry.metrics()).toMatch(/latchkey_session_cache_relay 0/);
  });
});
