/**
 * Webhooks on several servers over one PostgreSQL (issue 38): both servers' senders work the one
 * queue at once, leasing rows FOR UPDATE SKIP LOCKED, and every delivery reaches the receiver
 * exactly once (one try each), whichever server queued or sent it, and deliveries written with
 * their change (leased to the writing server's sender at insert) are sent once too. No Redis.
 * PostgreSQL pass only.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpAdmin } from "../server/admin/admin-helpers.js";
import { startSecondServer, type SecondServer } from "../helpers/second-server.js";
import { startTestServer, testDialect, type TestServer } from "../helpers/test-server.js";
import { startReceiver, type Receiver } from "../server/webhook/receiver.js";
import { setTimeout as sleep } from "node:timers/promises";
import { TTL_MS } from "../../server/webhook/endpoint-cache.js";

describe("webhook deliveries shared by two servers on one PostgreSQL", () => {
  let a: TestServer;
  let b: SecondServer;
  let receiver: Receiver;

  beforeAll(async () => {
    expect(testDialect, "tests/postgres runs only with LATCHKEY_TEST_DIALECT=postgres").toBe("postgres");
    a = await startTestServer();
    b = await startSecondServer(a.dbFile);
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await receiver?.close();
  });

  it("sends each of 60 deliveries once, with both senders draining the queue at the same time", async () => {
    const admin = await signUpAdmin(a, { email: "hooks-two@example.com" });
    const created = await a.request("POST", "/admin/webhooks/create", { token: admin.token, body: { url: receiver.url, events: ["user.update"] } });
    expect(created.status, created.text).toBe(200);
    receiver.secrets = [created.body.secret as string];
    // Server B keeps its copy of the endpoint list for up to TTL_MS: an endpoint created on A is
    // documented to reach B's events within that bound (server/webhook/endpoint-cache.ts).
    await sleep(TTL_MS + 200);
    for (let i = 0; i < 30; i++) {
      a.app.context.audit.record({ action: "user.update", actorId: admin.userId, targetId: admin.userId, targetType: "user", metadata: { n: i, via: "a" } });
      b.app.context.audit.record({ action: "user.update", actorId: admin.userId, targetId: admin.userId, targetType: "user", metadata: { n: i, via: "b" } });
    }
    await Promise.all([a.app.context.audit.flush(), b.app.context.audit.flush()]);
    await Promise.all([a.app.context.webhooks!.runOnce(), b.app.context.webhooks!.runOnce()]);
    await receiver.waitFor((all) => all.length >= 60, 30_000);
    const ids = receiver.received.map((r) => r.id);
    expect(ids.length).toBe(60);
    expect(new Set(ids).size).toBe(60);
    expect(receiver.received.every((r) => r.verified?.type === "user.update")).toBe(true);
    const tries = await a.database.db.selectFrom("webhookAttempt").select("deliveryId").execute();
    expect(tries.length).toBe(60);
    const statuses = await a.database.db.selectFrom("webhookDelivery").select("status").execute();
    expect(statuses.every((row) => row.status === "delivered")).toBe(true);

    // Events written in changes' transactions on both servers: each delivery is leased at insert to
    // the server that wrote it, while both senders also lease whatever is due; still one try each.
    const inChange = async (server: TestServer | SecondServer, n: number, via: string) => {
      const { audit } = server.app.context;
      await server.app.context.db.transaction().execute((trx) => audit.recordIn(trx, { action: "user.update", targetId: admin.userId, targetType: "user", metadata: { n, via } }));
      audit.committed();
    };
    await Promise.all(Array.from({ length: 20 }, (_, n) => Promise.all([inChange(a, n, "a-trx"), inChange(b, n, "b-trx")])));
    await Promise.all([a.app.context.webhooks!.runOnce(), b.app.context.webhooks!.runOnce()]);
    await receiver.waitFor((all) => all.length >= 100, 30_000);
    await expect.poll(async () => (await a.database.db.selectFrom("webhookDelivery").select("status").where("status", "!=", "delivered").execute()).length, { timeout: 30_000 }).toBe(0);
    const all = receiver.received.map((r) => r.id);
    expect(all.length).toBe(100);
    expect(new Set(all).size).toBe(100);
    expect((await a.database.db.selectFrom("webhookAttempt").select("deliveryId").execute()).length).toBe(100);
  });
});
