/**
 * The get-session answer cache on PostgreSQL (issue 24): two servers on one database, B checking
 * from memory what A changes. Every change on A — a ban, a sign-out, a revocation, a role change,
 * a deletion — is seen by B's checks soon after A's answer (typically within a few ms; the test
 * allows 2 s so a loaded CI machine cannot fail it — without the notices B's cached answer would
 * stand until the session's expiry), through the database's change notices; with B's listening connection killed, B answers from the database until it listens
 * again, then caches again. PostgreSQL pass only.
 */
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp, type LatchkeyApp } from "../../server/app.js";
import { mergeConfig, resolveConfig } from "../../server/config.js";
import { openDatabase, type OpenedDatabase } from "../../server/db/database.js";
import { signUpAdmin } from "../server/admin/admin-helpers.js";
import { startTestServer, testDialect, TEST_SECRET, type TestServer } from "../helpers/test-server.js";

/** B: a second server in this process on A's database (its listener and metrics in reach). */
async function startSecondServer(url: string): Promise<{ app: LatchkeyApp; api: string; database: OpenedDatabase; close(): Promise<void> }> {
  const database = await openDatabase(url);
  const config = resolveConfig(mergeConfig({ db: url, host: "127.0.0.1", port: 0, logLevel: "silent", rateLimit: { enabled: false } }, {}));
  const app = await createApp({ config, db: database.db, secret: TEST_SECRET, logger: false });
  await app.server.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.server.address() as { port: number };
  return {
    app,
    api: `http://127.0.0.1:${port}${config.basePath}`,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

describe("session answers cached on two servers over one PostgreSQL", () => {
  let a: TestServer;
  let b: Awaited<ReturnType<typeof startSecondServer>>;
  let admin: { token: string };

  beforeAll(async () => {
    expect(testDialect, "tests/postgres runs only with LATCHKEY_TEST_DIALECT=postgres").toBe("postgres");
    a = await startTestServer();
    b = await startSecondServer(a.dbFile);
    admin = await signUpAdmin(a);
    await until(() => b.app.changeListener?.state() === "listening");
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  async function checkOnB(token: string): Promise<{ status: number; body: any }> {
    const response = await fetch(`${b.api}/get-session`, { headers: { authorization: `Bearer ${token}` } });
    return { status: response.status, body: await response.json() };
  }

  async function hits(): Promise<number> {
    const { values } = await b.app.context.metrics.sessionCacheLookups.get();
    return values.find((v) => v.labels.result === "hit")?.value ?? 0;
  }

  /**
   * B answers `token` from memory: a check followed by a cache hit. The notice of the user's own
   * sign-up may still be on its way when B first reads the session; then B rightly keeps nothing
   * and the next pair of checks tries again.
   */
  async function cachedOnB(token: string): Promise<any> {
    for (let attempt = 1; ; attempt++) {
      await until(() => b.app.changeListener?.usable() === true);
      const first = await checkOnB(token);
      expect(first.body).not.toBeNull();
      const before = await hits();
      expect((await checkOnB(token)).body).toEqual(first.body);
      if ((await hits()) === before + 1) return first.body;
      if (attempt === 5) throw new Error("B never answered from memory");
    }
  }

  /** After `change` answers on A, B's checks show `seen` within 2 s (checked every 5 ms). */
  async function seenOnBSoon(token: string, change: () => Promise<{ status: number }>, seen: (answer: any) => boolean): Promise<void> {
    const answered = await change();
    expect(answered.status).toBe(200);
    const start = performance.now();
    let answer = await checkOnB(token);
    while (!seen(answer.body) && performance.now() - start <= 2_000) {
      await sleep(5);
      answer = await checkOnB(token);
    }
    const elapsed = performance.now() - start;
    expect(seen(answer.body), `B's answer after ${elapsed.toFixed(1)} ms: ${JSON.stringify(answer.body)}`).toBe(true);
    expect(elapsed).toBeLessThanOrEqual(2_000);
  }

  it("a ban on A ends the user's session on B", async () => {
    const ada = await a.signUp();
    await cachedOnB(ada.token);
    await seenOnBSoon(ada.token, () => a.request("POST", "/admin/ban-user", { token: admin.token, body: { userId: ada.userId } }), (body) => body === null);
  });

  it("a sign-out on A ends the session on B", async () => {
    const bob = await a.signUp();
    await cachedOnB(bob.token);
    await seenOnBSoon(bob.token, () => a.request("POST", "/sign-out", { token: bob.token }), (body) => body === null);
  });

  it("a session revoked on A (from another session) is gone on B, and the other session stays", async () => {
    const cy = await a.signUp();
    const second = await a.request("POST", "/sign-in/email", { body: { email: cy.email, password: cy.password } });
    const otherToken = second.body.token as string;
    await cachedOnB(cy.token);
    await cachedOnB(otherToken);
    await seenOnBSoon(cy.token, () => a.request("POST", "/revoke-session", { token: otherToken, body: { token: cy.token } }), (body) => body === null);
    expect((await checkOnB(otherToken)).body.user.id).toBe(cy.userId);
  });

  it("a role change on A shows in B's answer", async () => {
    const dee = await a.signUp();
    expect((await cachedOnB(dee.token)).user.role).toBe("user");
    await seenOnBSoon(dee.token, () => a.request("POST", "/admin/set-role", { token: admin.token, body: { userId: dee.userId, role: "admin" } }), (body) => body?.user.role === "admin");
  });

  it("a user deleted on A is gone on B", async () => {
    const eve = await a.signUp();
    await cachedOnB(eve.token);
    await seenOnBSoon(eve.token, () => a.request("POST", "/admin/remove-user", { token: admin.token, body: { userId: eve.userId } }), (body) => body === null);
  });

  it("a change made on B itself is in B's very next answer", async () => {
    const fay = await a.signUp();
    await cachedOnB(fay.token);
    const adminOnB = await fetch(`${b.api}/admin/set-role`, { method: "POST", headers: { authorization: `Bearer ${admin.token}`, "content-type": "application/json" }, body: JSON.stringify({ userId: (await checkOnB(fay.token)).body.user.id, role: "admin" }) });
    expect(adminOnB.status).toBe(200);
    expect((await checkOnB(fay.token)).body.user.role).toBe("admin");
  });

  it("with B's listening connection killed, B answers from the database until it listens again, then caches again", async () => {
    const gus = await a.signUp();
    await cachedOnB(gus.token);
    const pid = b.app.changeListener?.backendPid();
    expect(pid).toBeTypeOf("number");

    const killer = new pg.Client({ connectionString: a.dbFile });
    await killer.connect();
    try {
      const killed = await killer.query("select pg_terminate_backend($1) as ok", [pid]);
      expect(killed.rows[0].ok).toBe(true);
    } finally {
      await killer.end();
    }
    // B notices the lost connection and stops using its memory.
    await until(() => b.app.changeListener?.usable() === false);
    const lookupsBefore = await hits();
    // The revocation's notice went nowhere (B was not listening); B must still never answer it.
    const revoked = await a.request("POST", "/sign-out", { token: gus.token });
    expect(revoked.status).toBe(200);
    expect((await checkOnB(gus.token)).body).toBeNull();

    // B listens again on a new connection and caches again, starting empty.
    await until(() => b.app.changeListener?.state() === "listening" && b.app.changeListener.usable());
    expect(b.app.changeListener?.backendPid()).not.toBe(pid);
    expect((await checkOnB(gus.token)).body).toBeNull();
    const hal = await a.signUp();
    await cachedOnB(hal.token);
    expect(await hits()).toBeGreaterThan(lookupsBefore);

    const metrics = await b.app.context.metrics.registry.metrics();
    expect(metrics).toMatch(/latchkey_session_cache_listener_state\{state="listening",channel="postgres"\} 1/);
    expect(metrics).toMatch(/latchkey_session_cache_invalidations_total\{scope="reset"\} [1-9]/);
    expect(metrics).toMatch(/latchkey_session_cache_invalidations_total\{scope="users"\} [1-9]/);
    expect(metrics).toMatch(/latchkey_session_cache_hit_ratio 0\.\d+/);
  });
});

/** Polls `condition` every 5 ms for up to 5 s. */
async function until(condition: () => boolean): Promise<void> {
  const deadline = performance.now() + 5_000;
  while (!condition()) {
    if (performance.now() > deadline) throw new Error("condition not met within 5 s");
    await sleep(5);
  }
}
