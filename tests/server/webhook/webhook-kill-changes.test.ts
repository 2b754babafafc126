/**
 * Issue 38, "never lost", for a sample of the actions written in their change's transaction
 * (audit/durability.ts): a real `auth server start` process makes each change, answers, and is
 * killed with SIGKILL before it could queue the deliveries; the next process on the same database
 * delivers every one. On PostgreSQL the queue table is locked while the changes are made, so no
 * delivery can be queued before the kill (the event rows alone are durable, `fannedOut = 0`);
 * before issue 38's conversion these events were written after the answer, by a batch the lock
 * would have held too, and the kill lost them. SQLite has one writer: there the kill simply
 * follows the last answer. Runs against dist/ (`npx tsc -p tsconfig.build.json` first).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startCliServer, stopProcess, type CliServer } from "../../helpers/run-cli.js";
import { createTestDatabase, testDialect, type TestDatabase } from "../../helpers/test-database.js";
import { newWebhookSecret, sealWebhookSecret } from "../../../server/webhook/secret.js";
import { startReceiver, type Receiver } from "./receiver.js";

const SECRET = "kill-nine-changes-secret-kill-nine-changes";
const SAMPLE = ["user.sign-up", "user.role-change", "user.unban", "session.revoke-all", "organization.create"];

describe("changes' events across kill -9", () => {
  let database: TestDatabase;
  let cwd: string;
  let receiver: Receiver;
  const servers: CliServer[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    receiver = await startReceiver();
    cwd = mkdtempSync(join(tmpdir(), "latchkey-webhook-kill-changes-"));
    writeFileSync(join(cwd, "config.json"), JSON.stringify({ password: { memoryCost: 1024, timeCost: 1, parallelism: 1 }, logLevel: "warn" }));
  });
  afterAll(async () => {
    for (const server of servers) if (server.child.exitCode === null && server.child.signalCode === null) await stopProcess(server.child);
    await receiver?.close();
    await database?.drop();
    if (cwd) rmSync(cwd, { recursive: true, force: true });
  });

  const start = async () => {
    const port = await freePort();
    const server = await startCliServer(["--port", String(port), "--no-rate-limit", "--config", join(cwd, "config.json")], {
      cwd,
      env: { AUTH_DB: database.target, AUTH_SECRET: SECRET, NODE_ENV: "development" },
    });
    servers.push(server);
    return { server, api: `http://127.0.0.1:${port}/api/auth` };
  };

  it("delivers sign-up, role change, unban, revoke-all and organization create made just before the kill", async () => {
    const db = database.database.db;
    const secret = newWebhookSecret();
    const now = Date.now();
    await db
      .insertInto("webhookEndpoint")
      .values({ id: "ep_changes", url: receiver.url, description: null, events: JSON.stringify(SAMPLE), secretSealed: sealWebhookSecret(secret, SECRET), previousSecretSealed: null, previousUntil: null, disabled: 0, failedInARow: 0, createdBy: null, createdAt: now, updatedAt: now })
      .execute();
    receiver.secrets = [secret];
    receiver.answer = () => ({ status: 204 });

    const first = await start();
    const post = async (path: string, body: Record<string, unknown>, token?: string) => {
      const response = await fetch(`${first.api}${path}`, { method: "POST", headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
      const text = await response.text();
      expect(response.status, `${path}: ${text}`).toBe(200);
      return JSON.parse(text) as Record<string, any>;
    };
    const signUp = async (email: string) => (await post("/sign-up/email", { email, password: "correct horse battery", name: email })) as { token: string; user: { id: string } };
    const admin = await signUp("changes-admin@example.com");
    await db.updateTable("user").set({ role: "admin" }).where("id", "=", admin.user.id).execute();
    const target = await signUp("changes-target@example.com");
    await post("/admin/ban-user", { userId: target.user.id, banReason: "to be lifted" }, admin.token);
    // The set-up's own sign-ups are delivered before the lock.
    await receiver.waitFor((all) => all.filter((r) => r.verified?.type === "user.sign-up").length >= 2, 30_000);

    let release: (() => void) | null = null;
    let locked: Promise<unknown> = Promise.resolve();
    if (testDialect === "postgres") {
      const held = new Promise<void>((resolve) => (release = resolve));
      let ready!: () => void;
      const isLocked = new Promise<void>((resolve) => (ready = resolve));
      locked = db.connection().execute(async (connection) => {
        await sql`begin`.execute(connection);
        await sql`lock table "webhookDelivery" in exclusive mode`.execute(connection);
        ready();
        await held;
        await sql`rollback`.execute(connection);
      });
      await isLocked;
    }
    const before = receiver.received.length;
    const since = Date.now(); // the set-up's own events (the target's sign-up) are older
    const late = await signUp("changes-late@example.com");
    await post("/admin/set-role", { userId: late.user.id, role: "admin" }, admin.token);
    await post("/admin/unban-user", { userId: target.user.id }, admin.token);
    await post("/admin/revoke-user-sessions", { userId: late.user.id }, admin.token);
    const org = await post("/organization/create", { name: "Killed Org", slug: "killed-org" }, admin.token);
    first.server.child.kill("SIGKILL");
    await new Promise((resolve) => (first.server.child.exitCode !== null || first.server.child.signalCode !== null ? resolve(null) : first.server.child.once("exit", resolve)));
    (release as (() => void) | null)?.();
    await locked;

    // Each change committed with its event.
    const rows = await db.selectFrom("auditEvent").select(["id", "action", "targetId", "fannedOut"]).where("action", "in", SAMPLE).where("targetId", "in", [late.user.id, target.user.id, org.id as string]).where("createdAt", ">=", since).execute();
    const expected = [
      ["user.sign-up", late.user.id],
      ["user.role-change", late.user.id],
      ["user.unban", target.user.id],
      ["session.revoke-all", late.user.id],
      ["organization.create", org.id as string],
    ];
    expect(rows.map((row) => [row.action, row.targetId]).sort()).toEqual([...expected].sort());
    if (testDialect === "postgres") {
      // Nothing was queued before the kill: only the durable rows carry the events over.
      expect(rows.map((row) => row.fannedOut)).toEqual([0, 0, 0, 0, 0]);
      expect(await db.selectFrom("webhookDelivery").select("id").where("auditEventId", "in", rows.map((row) => row.id)).execute()).toEqual([]);
      expect(receiver.received.length).toBe(before);
    }

    await start();
    const delivered = (all: typeof receiver.received) => expected.every(([type, id]) => all.some((r) => r.verified?.type === type && (r.verified?.data.target as { id?: string } | undefined)?.id === id));
    await receiver.waitFor(delivered, 60_000);
    await expect
      .poll(async () => (await db.selectFrom("webhookDelivery").select("status").where("auditEventId", "in", rows.map((row) => row.id)).execute()).map((row) => row.status).join(), { timeout: 30_000 })
      .toBe("delivered,delivered,delivered,delivered,delivered");
  }, 180_000);
});
