/**
 * Webhooks (issue 38): endpoints registered over the admin API receive audit events in the
 * Standard Webhooks format, verified here by a real receiver with the `standardwebhooks` library;
 * retries keep the webhook-id; redirects are not followed; unreachable endpoints keep their
 * deliveries for a later redeliver; rotation signs with both secrets; who may manage them.
 * Runs on SQLite and (LATCHKEY_TEST_DIALECT=postgres) PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";
import { signUpAdmin } from "../admin/admin-helpers.js";
import { startReceiver, verifyWith, type Receiver } from "./receiver.js";
import { LEASE_MS } from "../../../server/webhook/sender.js";

let server: TestServer;
let admin: { token: string; userId: string };
let receiver: Receiver;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signUpAdmin(server, { email: "hooks-admin@example.com" });
  // The audit writer is asynchronous: the administrator's own sign-up must be written before any
  // endpoint exists, or a loaded machine delivers it to the first test's endpoint.
  await server.app.context.audit.flush();
  receiver = await startReceiver();
});
afterAll(async () => {
  await server.close();
  await receiver.close();
});

const call = (path: string, body: Record<string, unknown>, auth: { token?: string; headers?: Record<string, string> } = { token: admin.token }) => server.request("POST", path, { ...auth, body });

async function createEndpoint(body: Record<string, unknown>) {
  const created = await call("/admin/webhooks/create", body);
  expect(created.status, created.text).toBe(200);
  return created.body as { endpoint: { id: string; url: string; events: string[] }; secret: string };
}

async function deliveries(query: string) {
  const answer = await server.request("GET", `/admin/webhooks/list-deliveries?${query}`, { token: admin.token });
  expect(answer.status, answer.text).toBe(200);
  return answer.body.deliveries as Array<{ id: string; status: string; eventType: string; attempts: number; payload: any; tries: Array<{ httpStatus: number | null; error: string | null; durationMs: number; response: string | null }> }>;
}

const endpointCount = async () => (await server.database.db.selectFrom("webhookEndpoint").select("id").execute()).length;

const sendDue = () => server.app.context.webhooks!.runOnce();

describe("webhook delivery", () => {
  it("delivers a sign-up signed with the endpoint's secret, in the Standard Webhooks format, without secrets", async () => {
    const { endpoint, secret } = await createEndpoint({ url: receiver.url, events: ["user.sign-up", "user.ban"] });
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    receiver.secrets = [secret];
    const listed = await server.request("GET", "/admin/webhooks/list", { token: admin.token });
    expect(JSON.stringify(listed.body)).not.toContain(secret);
    // The secret is sealed at rest, not stored as given.
    const row = await server.database.db.selectFrom("webhookEndpoint").selectAll().where("id", "=", endpoint.id).executeTakeFirstOrThrow();
    expect(row.secretSealed).not.toContain(secret.slice(6, 20));

    const user = await server.signUp({ email: "hooked@example.com", password: "correct horse battery" });
    const isHis = (r: (typeof receiver.received)[number]) => r.verified?.type === "user.sign-up" && (r.verified.data.actor as { id?: string } | undefined)?.id === user.userId;
    const [got] = await receiver.waitFor((all) => all.some(isHis));
    const arrived = receiver.received.find(isHis)!;
    expect(got).toBeDefined();
    expect(arrived.headers["webhook-id"]).toMatch(/^msg_/);
    expect(arrived.headers["webhook-timestamp"]).toMatch(/^\d{10}$/);
    expect(arrived.headers["webhook-signature"]).toMatch(/^v1,/);
    expect(arrived.verified!.data).toMatchObject({ actor: { id: user.userId }, success: true });
    // Nothing secret travels: not the password, not the session token, no hash.
    for (const secretText of [user.password, user.token, "argon2", "scrypt"]) expect(arrived.body).not.toContain(secretText);
    // A signature by another secret does not verify: the receiver really checks.
    expect(verifyWith("whsec_" + Buffer.alloc(32, 1).toString("base64"), arrived)).toBeNull();
    // The receiver has the request before the server has recorded its answer: wait for the record.
    await expect.poll(async () => (await deliveries(`endpointId=${endpoint.id}&eventType=user.*`))[0]?.status, { timeout: 20_000 }).toBe("delivered");
    const [delivery] = await deliveries(`endpointId=${endpoint.id}&eventType=user.*`);
    expect(delivery).toMatchObject({ id: arrived.id, status: "delivered", attempts: 1, eventType: "user.sign-up" });
    expect(delivery!.tries).toEqual([expect.objectContaining({ httpStatus: 204, error: null })]);
    await call("/admin/webhooks/delete", { id: endpoint.id });
  });

  it("writes the event of a change and its deliveries in the change's own transaction when an endpoint selects it", async () => {
    await server.app.context.audit.flush();
    const { endpoint, secret } = await createEndpoint({ url: receiver.url, events: ["user.ban"] });
    receiver.secrets = [secret];
    const { audit } = server.app.context;
    const db = server.database.db;
    const event = { action: "user.ban" as const, targetId: "u_in_trx", targetType: "user" as const, reason: "test" };
    // Rolled back with its change: no audit row, no delivery.
    await expect(
      db.transaction().execute(async (trx) => {
        await audit.recordIn(trx, event);
        throw new Error("the change fails");
      }),
    ).rejects.toThrow("the change fails");
    expect(await db.selectFrom("auditEvent").select("id").where("targetId", "=", "u_in_trx").execute()).toEqual([]);
    expect(await db.selectFrom("webhookDelivery").select("id").where("endpointId", "=", endpoint.id).execute()).toEqual([]);
    // Committed with it: the row and its delivery are there at once (no audit flush, no sweep).
    // With the endpoint list just dropped, it is read through the transaction (through the pool, one
    // SQLite connection, it would wait for the transaction forever).
    audit.endpointsChanged();
    await db.transaction().execute(async (trx) => {
      await audit.recordIn(trx, event);
      // Inside the change's transaction, before its commit.
      const inside = await trx.selectFrom("webhookDelivery").select(["eventType", "leasedBy", "leaseUntil", "createdAt"]).where("endpointId", "=", endpoint.id).execute();
      expect(inside).toEqual([{ eventType: "user.ban", leasedBy: expect.stringMatching(/^sender_/), leaseUntil: expect.anything(), createdAt: expect.anything() }]);
      // Leased at insert to this server's sender, for one lease's time: sent without a lease statement.
      expect(Number(inside[0]!.leaseUntil) - Number(inside[0]!.createdAt)).toBe(LEASE_MS);
    });
    const [row] = await db.selectFrom("auditEvent").select("id").where("targetId", "=", "u_in_trx").execute();
    expect(row).toBeDefined();
    // Nothing is left for the sweep older servers needed.
    expect(await audit.fanOut()).toBe(0);
    const queued = await db.selectFrom("webhookDelivery").select(["endpointId", "auditEventId"]).where("auditEventId", "=", row!.id).execute();
    expect(queued).toEqual([{ endpointId: endpoint.id, auditEventId: row!.id }]);
    // A row an older server left for the sweep (fannedOut 0, deliveries not yet queued) is queued once.
    await db
      .insertInto("auditEvent")
      .values({ id: "ae_left_by_older_server", action: "user.ban", actorId: null, targetId: "u_older", targetType: "user", organizationId: null, reason: null, ipAddress: null, userAgent: null, metadata: null, success: 1, createdAt: Date.now(), fannedOut: 0 })
      .execute();
    expect(await audit.fanOut()).toBe(1);
    expect(await audit.fanOut()).toBe(0);
    await sendDue();
    const banOf = (id: string) => (r: (typeof receiver.received)[number]) => r.verified?.type === "user.ban" && (r.verified.data.target as { id?: string } | undefined)?.id === id;
    await receiver.waitFor((all) => all.some(banOf("u_in_trx")) && all.some(banOf("u_older")));
    // An action no endpoint selects takes the asynchronous path: nothing in the transaction.
    await db.transaction().execute((trx) => audit.recordIn(trx, { action: "user.unban", targetId: "u_in_trx", targetType: "user" }));
    await audit.flush();
    expect(await db.selectFrom("auditEvent").select(["action", "fannedOut"]).where("targetId", "=", "u_in_trx").orderBy("seq").execute()).toEqual([
      { action: "user.ban", fannedOut: 1 },
      { action: "user.unban", fannedOut: 1 },
    ]);

    // The admin API's ban writes its event that way: delivered, its row fanned out.
    const banned = await server.signUp({ email: "banned-in-trx@example.com" });
    const ban = await call("/admin/ban-user", { userId: banned.userId, banReason: "spam" });
    expect(ban.status, ban.text).toBe(200);
    await receiver.waitFor((all) => all.some((r) => r.verified?.type === "user.ban" && (r.verified.data.target as { id?: string } | undefined)?.id === banned.userId));
    const banRow = await db.selectFrom("auditEvent").select(["fannedOut", "reason"]).where("action", "=", "user.ban").where("targetId", "=", banned.userId).executeTakeFirstOrThrow();
    expect(banRow).toEqual({ fannedOut: 1, reason: "spam" });
    await call("/admin/webhooks/delete", { id: endpoint.id });
  });

  it("records each outcome of a batch sent together: one receiver failing, another answering, each delivery its own try", async () => {
    await server.app.context.audit.flush();
    const failing = await startReceiver();
    try {
      const good = await createEndpoint({ url: receiver.url, events: ["user.update"] });
      const bad = await createEndpoint({ url: failing.url, events: ["user.update"] });
      receiver.secrets = [good.secret];
      receiver.answer = () => ({ status: 204 });
      failing.secrets = [bad.secret];
      failing.answer = () => ({ status: 500, body: "down" });
      const db = server.database.db;
      // A success clears the endpoint's failing count, recorded in the same transaction.
      await db.updateTable("webhookEndpoint").set({ failedInARow: 2 }).where("id", "=", good.endpoint.id).execute();
      server.app.context.audit.endpointsChanged();
      const before = { good: receiver.received.length, bad: failing.received.length };
      // Five events, ten deliveries: one lease (at most 16 rows) and one recording transaction.
      for (let n = 0; n < 5; n++) server.app.context.audit.record({ action: "user.update", targetId: `u_batch_${n}`, targetType: "user" });
      await server.app.context.audit.flush();
      await sendDue();
      await receiver.waitFor((all) => all.length >= before.good + 5);
      await failing.waitFor((all) => all.length >= before.bad + 5);
      const rows = async (endpointId: string) =>
        db.selectFrom("webhookDelivery").select(["id", "status", "attempts", "nextAttemptAt", "leasedBy", "updatedAt"]).where("endpointId", "=", endpointId).execute();
      await expect.poll(async () => (await rows(good.endpoint.id)).map((row) => row.status).join(), { timeout: 20_000 }).toBe("delivered,delivered,delivered,delivered,delivered");
      await expect.poll(async () => (await rows(bad.endpoint.id)).every((row) => row.attempts === 1), { timeout: 20_000 }).toBe(true);
      for (const row of await rows(good.endpoint.id)) expect(row).toMatchObject({ attempts: 1, leasedBy: null });
      for (const row of await rows(bad.endpoint.id)) {
        // Retried in 5 s, under the same id: still pending, its lease given back.
        expect(row).toMatchObject({ status: "pending", attempts: 1, leasedBy: null });
        expect(Number(row.nextAttemptAt) - Number(row.updatedAt)).toBe(5_000);
      }
      const tries = async (endpointId: string) =>
        db
          .selectFrom("webhookAttempt")
          .innerJoin("webhookDelivery", "webhookDelivery.id", "webhookAttempt.deliveryId")
          .select(["webhookAttempt.deliveryId", "webhookAttempt.httpStatus", "webhookAttempt.error", "webhookAttempt.response"])
          .where("webhookDelivery.endpointId", "=", endpointId)
          .execute();
      const goodTries = await tries(good.endpoint.id);
      expect(goodTries.map((t) => [t.httpStatus, t.error])).toEqual(Array.from({ length: 5 }, () => [204, null]));
      const badTries = await tries(bad.endpoint.id);
      expect(badTries.map((t) => [t.httpStatus, t.error, t.response])).toEqual(Array.from({ length: 5 }, () => [500, "HTTP 500", "down"]));
      // One try per delivery, each the delivery's own, and each receiver got exactly its five.
      expect(new Set(badTries.map((t) => t.deliveryId))).toEqual(new Set((await rows(bad.endpoint.id)).map((row) => row.id)));
      expect(new Set(failing.received.slice(before.bad).map((r) => r.id))).toEqual(new Set((await rows(bad.endpoint.id)).map((row) => row.id)));
      expect(new Set(receiver.received.slice(before.good).map((r) => r.id))).toEqual(new Set((await rows(good.endpoint.id)).map((row) => row.id)));
      expect((await db.selectFrom("webhookEndpoint").select("failedInARow").where("id", "=", good.endpoint.id).executeTakeFirstOrThrow()).failedInARow).toBe(0);
      await call("/admin/webhooks/delete", { id: good.endpoint.id });
      await call("/admin/webhooks/delete", { id: bad.endpoint.id });
    } finally {
      await failing.close();
    }
  });

  it("retries a refused delivery after 5 s with the same webhook-id, keeping at most 1 KiB of each answer", async () => {
    await server.app.context.audit.flush(); // nothing earlier may reach this endpoint
    const { endpoint, secret } = await createEndpoint({ url: receiver.url, events: ["user.*"] });
    receiver.secrets = [secret];
    let refusals = 2;
    receiver.answer = () => (refusals-- > 0 ? { status: 503, body: "x".repeat(5000) } : { status: 200, body: "ok" });
    const before = receiver.received.length;
    await server.signUp({ email: "retried@example.com" });
    await receiver.waitFor((all) => all.length > before);
    await expect.poll(async () => (await deliveries(`endpointId=${endpoint.id}`))[0]?.attempts, { timeout: 20_000 }).toBe(1);
    // Not due yet: nothing is sent before the back-off has passed.
    await sendDue();
    expect(receiver.received.length).toBe(before + 1);
    server.clock.advance(5_000);
    await sendDue();
    server.clock.advance(30_000);
    await sendDue();
    const mine = receiver.received.slice(before);
    expect(mine.length).toBe(3);
    expect(new Set(mine.map((r) => r.id)).size).toBe(1);
    for (const request of mine) expect(request.verified?.type).toBe("user.sign-up");
    const [delivery] = await deliveries(`endpointId=${endpoint.id}`);
    expect(delivery!.status).toBe("delivered");
    expect(delivery!.tries.map((t) => t.httpStatus)).toEqual([503, 503, 200]);
    expect(delivery!.tries[0]!.response!.length).toBe(1024);
    receiver.answer = () => ({ status: 204 });
    await call("/admin/webhooks/delete", { id: endpoint.id });
  });

  it("keeps deliveries to an unreachable endpoint with their payloads, and redelivers them once it answers (offline capture)", async () => {
    const offline = await startReceiver();
    const url = offline.url;
    await offline.close();
    const { endpoint, secret } = await createEndpoint({ url, events: ["*"] });
    await server.signUp({ email: "offline-demo@example.com" });
    await expect.poll(async () => (await deliveries(`endpointId=${endpoint.id}&eventType=user.sign-up`))[0]?.attempts, { timeout: 20_000 }).toBe(1);
    const [kept] = await deliveries(`endpointId=${endpoint.id}&eventType=user.sign-up`);
    expect(kept!.status).toBe("pending");
    expect(kept!.tries[0]).toMatchObject({ httpStatus: null });
    expect(kept!.tries[0]!.error).toBeTruthy();
    expect(kept!.payload).toMatchObject({ type: "user.sign-up", data: { success: true } });
    // Back online at the same address: the redeliver button sends it now, same id.
    const back = await startReceiver();
    back.secrets = [secret];
    await call("/admin/webhooks/update", { id: endpoint.id, url: back.url });
    const redelivered = await call("/admin/webhooks/redeliver", { deliveryId: kept!.id });
    expect(redelivered.status, redelivered.text).toBe(200);
    const got = (await back.waitFor((all) => all.some((r) => r.id === kept!.id))).find((r) => r.id === kept!.id);
    expect(got!.verified?.type).toBe("user.sign-up");
    await back.close();
    await call("/admin/webhooks/delete", { id: endpoint.id });
  });

  it("signs with the old and the new secret for 24 h after a rotation, and sends webhook.test on demand", async () => {
    const { endpoint, secret: old } = await createEndpoint({ url: receiver.url, events: ["user.ban"] });
    const rotated = await call("/admin/webhooks/rotate-secret", { id: endpoint.id });
    expect(rotated.status, rotated.text).toBe(200);
    const fresh = rotated.body.secret as string;
    expect(fresh).not.toBe(old);
    expect(rotated.body.endpoint.previousSecretUntil).not.toBeNull();
    receiver.secrets = [];
    const test = await call("/admin/webhooks/test", { id: endpoint.id });
    expect(test.status, test.text).toBe(200);
    const [got] = (await receiver.waitFor((all) => all.some((r) => r.id === test.body.delivery.id))).filter((r) => r.id === test.body.delivery.id);
    expect(String(got!.headers["webhook-signature"]).split(" ")).toHaveLength(2);
    expect(verifyWith(old, got!)?.type).toBe("webhook.test");
    expect(verifyWith(fresh, got!)?.type).toBe("webhook.test");
    await call("/admin/webhooks/delete", { id: endpoint.id });
  });
});

describe("webhook administration", () => {
  it("refuses unknown events, fields a caller must not set, and non-http URLs, with typed errors", async () => {
    const before = await endpointCount();
    const unknown = await call("/admin/webhooks/create", { url: receiver.url, events: ["user.explode"] });
    expect([unknown.status, unknown.body.code]).toEqual([400, "WEBHOOK_UNKNOWN_EVENT"]);
    for (const extra of [{ id: "ep_mine" }, { secret: "whsec_mine" }, { createdAt: 1 }, { failedInARow: 0 }]) {
      const refused = await call("/admin/webhooks/create", { url: receiver.url, events: ["*"], ...extra });
      expect([refused.status, refused.body.code], JSON.stringify(extra)).toEqual([400, "VALIDATION_ERROR"]);
    }
    const ftp = await call("/admin/webhooks/create", { url: "ftp://example.com/x", events: ["*"] });
    expect([ftp.status, ftp.body.code]).toEqual([400, "VALIDATION_ERROR"]);
    const missing = await call("/admin/webhooks/redeliver", { deliveryId: "msg_nope" });
    expect([missing.status, missing.body.code]).toEqual([404, "WEBHOOK_DELIVERY_NOT_FOUND"]);
    expect(await endpointCount()).toBe(before);
  });

  it("is refused to a member and to API keys not naming webhook:manage; a key that does may register only public https URLs", async () => {
    const member = await server.signUp({ email: "hooks-member@example.com" });
    const keyOf = async (body: Record<string, unknown>) => {
      const created = await server.request("POST", "/api-key/create", { token: admin.token, body });
      expect(created.status, created.text).toBe(200);
      return created.body.key as string;
    };
    const before = await endpointCount();
    const body = { url: receiver.url, events: ["*"] };
    const byMember = await call("/admin/webhooks/create", body, { token: member.token });
    expect([byMember.status, byMember.body.code]).toEqual([403, "WEBHOOK_FORBIDDEN"]);
    const byFull = await call("/admin/webhooks/create", body, { headers: { "x-api-key": await keyOf({ name: "full" }) } });
    expect([byFull.status, byFull.body.code]).toEqual([403, "API_KEY_NOT_ALLOWED"]);
    const reader = await keyOf({ name: "hooks-reader", permissions: { webhook: ["read"] } });
    const byReader = await call("/admin/webhooks/create", body, { headers: { "x-api-key": reader } });
    expect([byReader.status, byReader.body.code]).toEqual([403, "API_KEY_NOT_ALLOWED"]);
    expect((await server.request("GET", "/admin/webhooks/list", { headers: { "x-api-key": reader } })).status).toBe(200);
    const manager = await keyOf({ name: "hooks-manager", permissions: { webhook: ["manage"] } });
    const loopback = await call("/admin/webhooks/create", body, { headers: { "x-api-key": manager } });
    expect([loopback.status, loopback.body.code]).toEqual([400, "WEBHOOK_URL_NOT_ALLOWED"]);
    const plain = await call("/admin/webhooks/create", { url: "http://hooks.example.com/in", events: ["*"] }, { headers: { "x-api-key": manager } });
    expect([plain.status, plain.body.code]).toEqual([400, "WEBHOOK_URL_NOT_ALLOWED"]);
    expect(await endpointCount()).toBe(before);
  });
});

describe("webhook retries over a day (a server of its own: its clock moves 24 h)", () => {
  let local: TestServer;
  let localAdmin: { token: string; userId: string };
  beforeAll(async () => {
    local = await startTestServer();
    localAdmin = await signUpAdmin(local, { email: "hooks-day@example.com" });
  });
  afterAll(async () => {
    await local.close();
  });

  it("does not follow a redirect, retries at 5 s, 30 s, 2 min, 10 min, 1 h, then every 6 h, gives up at 24 h, and flags the endpoint", async () => {
    const target = await startReceiver();
    const created = await local.request("POST", "/admin/webhooks/create", { token: localAdmin.token, body: { url: receiver.url, events: ["user.update"] } });
    expect(created.status, created.text).toBe(200);
    const endpointId = created.body.endpoint.id as string;
    receiver.answer = (request) => (request.verified === null && request.body.includes(endpointId) ? { status: 204 } : { status: 307, headers: { location: target.url } });
    for (let i = 0; i < 3; i++) local.app.context.audit.record({ action: "user.update", actorId: localAdmin.userId, targetId: localAdmin.userId, targetType: "user" });
    await local.app.context.audit.flush();
    const sendDueHere = () => local.app.context.webhooks!.runOnce();
    const list = async () => {
      const answer = await local.request("GET", `/admin/webhooks/list-deliveries?endpointId=${endpointId}`, { token: localAdmin.token });
      expect(answer.status, answer.text).toBe(200);
      return answer.body.deliveries as Array<{ status: string; nextAttemptAt: string; tries: Array<{ at: string; error: string | null }> }>;
    };
    await sendDueHere();
    expect((await list()).map((d) => d.tries[0]?.error)).toEqual(["redirect not followed", "redirect not followed", "redirect not followed"]);
    expect(target.received).toEqual([]);
    // Walk the clock to each next try until every delivery has given up.
    for (let step = 0; step < 20 && (await list()).some((d) => d.status === "pending"); step++) {
      const next = Math.min(...(await list()).filter((d) => d.status === "pending").map((d) => Date.parse(d.nextAttemptAt)));
      local.clock.set(Math.max(next, local.clock.now()));
      await sendDueHere();
    }
    const last = await list();
    expect(last.map((d) => d.status)).toEqual(["failed", "failed", "failed"]);
    const times = last[0]!.tries.map((t) => Date.parse(t.at));
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    const h = 3_600_000;
    expect(gaps.slice(0, 8)).toEqual([5_000, 30_000, 120_000, 600_000, h, 6 * h, 6 * h, 6 * h]);
    expect(times[times.length - 1]! - times[0]!).toBe(24 * h);
    const listed = await local.request("GET", "/admin/webhooks/list", { token: localAdmin.token });
    expect(listed.body.endpoints.find((e: { id: string }) => e.id === endpointId)).toMatchObject({ failing: true, failedInARow: 3 });
    const metrics = await local.app.context.metrics.registry.getSingleMetricAsString("latchkey_webhook_deliveries_total");
    expect(metrics).toContain('outcome="failed"} 3');
    receiver.answer = () => ({ status: 204 });
    await target.close();
  });
});

describe("webhook addresses checked again at send time (a server of its own: its resolver is the test's)", () => {
  let local: TestServer;
  let localAdmin: { token: string; userId: string };
  const addresses = new Map<string, string[]>();
  beforeAll(async () => {
    local = await startTestServer({ resolveHost: async (host) => addresses.get(host) ?? [] });
    localAdmin = await signUpAdmin(local, { email: "hooks-rebind@example.com" });
  });
  afterAll(async () => {
    await local.close();
  });

  it("refuses a try when an API key's endpoint now resolves to a loopback address (DNS rebinding), recording why; an administrator's endpoint is not bound", async () => {
    const key = await local.request("POST", "/api-key/create", { token: localAdmin.token, body: { name: "rebinder", permissions: { webhook: ["manage"] } } });
    expect(key.status, key.text).toBe(200);
    addresses.set("hooks.rebind.test", ["93.184.216.34"]);
    const created = await local.request("POST", "/admin/webhooks/create", { headers: { "x-api-key": key.body.key as string }, body: { url: "https://hooks.rebind.test/in", events: ["user.ban"] } });
    expect(created.status, created.text).toBe(200);
    const id = created.body.endpoint.id as string;
    expect((await local.database.db.selectFrom("webhookEndpoint").select("publicOnly").where("id", "=", id).executeTakeFirstOrThrow()).publicOnly).toBe(1);

    // The name now points at this machine: the try is refused before any connection.
    addresses.set("hooks.rebind.test", ["127.0.0.1"]);
    const sent = await local.request("POST", "/admin/webhooks/test", { token: localAdmin.token, body: { id } });
    expect(sent.status, sent.text).toBe(200);
    await local.app.context.webhooks!.runOnce();
    const log = await local.request("GET", `/admin/webhooks/list-deliveries?endpointId=${id}`, { token: localAdmin.token });
    const [delivery] = log.body.deliveries as Array<{ status: string; tries: Array<{ httpStatus: number | null; error: string | null }> }>;
    expect(delivery!.status).toBe("pending"); // retried later, in case the name points back
    expect(delivery!.tries).toEqual([expect.objectContaining({ httpStatus: null, error: expect.stringMatching(/^refused: hooks\.rebind\.test does not resolve to a public address/) })]);

    // An administrator re-pointing it lifts the rule (administrators may register any address, loopback included).
    const receiverHere = await startReceiver();
    try {
      const moved = await local.request("POST", "/admin/webhooks/update", { token: localAdmin.token, body: { id, url: receiverHere.url } });
      expect(moved.status, moved.text).toBe(200);
      expect((await local.database.db.selectFrom("webhookEndpoint").select("publicOnly").where("id", "=", id).executeTakeFirstOrThrow()).publicOnly).toBe(0);
      const again = await local.request("POST", "/admin/webhooks/test", { token: localAdmin.token, body: { id } });
      await local.app.context.webhooks!.runOnce();
      await receiverHere.waitFor((all) => all.some((r) => r.id === again.body.delivery.id));
    } finally {
      await receiverHere.close();
    }
  });
});
