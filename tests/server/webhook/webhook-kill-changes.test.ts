/**
 * Issue 38, "never lost", for a sample of the actions written in their change's transaction
 * (audit/durability.ts): a real `auth server start` process makes each change, answers, and is
 * killed with SIGKILL right after the last answer, while the receiver holds every request the
 * first process manages to send; each event and its delivery are in the database the moment the
 * process is dead (they committed with their change: before issue 38's conversion they were
 * written by the audit writer's batch after the answer), and the next process on the same
 * database delivers every one. SQLite and (LATCHKEY_TEST_DIALECT=postgres) PostgreSQL.
 * Runs against dist/ (`npx tsc -p tsconfig.build.json` first).
 */
import { describe, expect, it } from "vitest";
import { killWorld } from "./kill-world.js";

const SECRET = "kill-nine-changes-secret-kill-nine-changes";
const SAMPLE = ["user.sign-up", "user.role-change", "user.unban", "session.revoke-all", "organization.create"];

describe("changes' events across kill -9", () => {
  const world = killWorld("latchkey-webhook-kill-changes-", SECRET);
  const start = world.start;

  it("delivers sign-up, role change, unban, revoke-all and organization create made just before the kill", async () => {
    const db = world.database.database.db;
    await world.subscribe("ep_changes", SAMPLE);
    let holding = false;
    world.receiver.answer = () => (holding ? null : { status: 204 });

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
    // The set-up's own sign-ups are delivered (and answered) first.
    await world.receiver.waitFor((all) => all.filter((r) => r.verified?.type === "user.sign-up").length >= 2, 30_000);

    // From here on, whatever the first process sends is held, never answered.
    holding = true;
    const since = Date.now(); // the set-up's own events (the target's sign-up) are older
    const late = await signUp("changes-late@example.com");
    await post("/admin/set-role", { userId: late.user.id, role: "admin" }, admin.token);
    await post("/admin/unban-user", { userId: target.user.id }, admin.token);
    await post("/admin/revoke-user-sessions", { userId: late.user.id }, admin.token);
    const org = await post("/organization/create", { name: "Killed Org", slug: "killed-org" }, admin.token);
    first.server.child.kill("SIGKILL");
    await new Promise((resolve) => (first.server.child.exitCode !== null || first.server.child.signalCode !== null ? resolve(null) : first.server.child.once("exit", resolve)));

    // Each change committed with its event.
    const rows = await db.selectFrom("auditEvent").select(["id", "action", "targetId"]).where("action", "in", SAMPLE).where("targetId", "in", [late.user.id, target.user.id, org.id as string]).where("createdAt", ">=", since).execute();
    const expected = [
      ["user.sign-up", late.user.id],
      ["user.role-change", late.user.id],
      ["user.unban", target.user.id],
      ["session.revoke-all", late.user.id],
      ["organization.create", org.id as string],
    ];
    expect(rows.map((row) => [row.action, row.targetId]).sort()).toEqual([...expected].sort());
    // ... and its delivery, not yet answered by the world.receiver.
    const queued = await db.selectFrom("webhookDelivery").select(["auditEventId", "status"]).where("auditEventId", "in", rows.map((row) => row.id)).execute();
    expect(queued.map((row) => row.status)).toEqual(["pending", "pending", "pending", "pending", "pending"]);

    holding = false;
    await start();
    const delivered = (all: typeof world.receiver.received) => expected.every(([type, id]) => all.some((r) => r.verified?.type === type && (r.verified?.data.target as { id?: string } | undefined)?.id === id));
    await world.receiver.waitFor(delivered, 60_000);
    await expect
      .poll(async () => (await db.selectFrom("webhookDelivery").select("status").where("auditEventId", "in", rows.map((row) => row.id)).execute()).map((row) => row.status).join(), { timeout: 30_000 })
      .toBe("delivered,delivered,delivered,delivered,delivered");
  }, 180_000);
});
