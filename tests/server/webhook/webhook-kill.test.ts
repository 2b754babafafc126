/**
 * The webhook queue survives kill -9 (issue 38): a real `auth server start` process is killed
 * while its sender has deliveries in flight (the receiver holds the requests open), then a new
 * process on the same database sends every one of them again, with the same webhook-id, once
 * the dead sender's lease has run out. And a change's event survives a kill right after the
 * change commits: its audit row and its delivery were written in the change's transaction, and
 * the next process sends it. SQLite and (LATCHKEY_TEST_DIALECT=postgres) PostgreSQL.
 * Runs against dist/ (`npx tsc -p tsconfig.build.json` first), like the CLI suites.
 */
import { describe, expect, it } from "vitest";
import { killWorld } from "./kill-world.js";

const SECRET = "kill-nine-secret-kill-nine-secret-kill9";

describe("webhook queue across kill -9", () => {
  const world = killWorld("latchkey-webhook-kill-", SECRET);
  const start = world.start;

  it("sends every delivery in flight at the kill again after a restart, under the same webhook-id", async () => {
    await world.subscribe("ep_kill", ["user.sign-up"]);
    // Mid-send: the first process's requests are never answered.
    let holding = true;
    world.receiver.answer = () => (holding ? null : { status: 204 });

    const first = await start();
    const signUps = await Promise.all(
      [0, 1, 2, 3, 4].map((i) =>
        fetch(`${first.api}/sign-up/email`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email: `killed-${i}@example.com`, password: "correct horse battery", name: `Killed ${i}` }),
        }),
      ),
    );
    expect(signUps.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
    await world.receiver.waitFor((all) => all.length >= 5, 30_000);
    first.server.child.kill("SIGKILL");
    await new Promise((resolve) => (first.server.child.exitCode !== null || first.server.child.signalCode !== null ? resolve(null) : first.server.child.once("exit", resolve)));
    const inFlight = new Set(world.receiver.received.map((r) => r.id));
    expect(inFlight.size).toBe(5);
    const rows = await world.database.database.db.selectFrom("webhookDelivery").selectAll().execute();
    expect(rows.map((row) => row.status)).toEqual(["pending", "pending", "pending", "pending", "pending"]);
    // Nothing was answered (on a loaded machine a held request may have timed out after 10 s and
    // been recorded as a failed try; it is then retried under the same id, held again).
    const tries = await world.database.database.db.selectFrom("webhookAttempt").select("httpStatus").execute();
    expect(tries.filter((t) => t.httpStatus !== null)).toEqual([]);

    holding = false;
    const before = world.receiver.received.length;
    await start();
    // The dead sender's lease (15 s) runs out; then the new process sends all five.
    await world.receiver.waitFor((all) => all.slice(before).filter((r) => r.verified).length >= 5, 60_000);
    const again = world.receiver.received.slice(before);
    expect(new Set(again.map((r) => r.id))).toEqual(inFlight);
    expect(again.every((r) => r.verified?.type === "user.sign-up")).toBe(true);
    await expect
      .poll(async () => (await world.database.database.db.selectFrom("webhookDelivery").select("status").execute()).map((row) => row.status).join(), { timeout: 20_000 })
      .toBe("delivered,delivered,delivered,delivered,delivered");
  }, 120_000);

  it("delivers a ban whose server was killed right after the ban committed: its delivery was written in the ban's transaction", async () => {
    const db = world.database.database.db;
    await db.deleteFrom("webhookAttempt").execute();
    await db.deleteFrom("webhookDelivery").execute();
    await db.deleteFrom("webhookEndpoint").execute();
    await world.subscribe("ep_ban", ["user.ban"]);
    // Whatever the first process manages to send before the kill is held, never answered.
    let holding = true;
    world.receiver.answer = () => (holding ? null : { status: 204 });

    const first = await start();
    const signUp = async (email: string) => {
      const response = await fetch(`${first.api}/sign-up/email`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password: "correct horse battery", name: email }) });
      expect(response.status).toBe(200);
      return (await response.json()) as { token: string; user: { id: string } };
    };
    const admin = await signUp("ban-admin@example.com");
    await db.updateTable("user").set({ role: "admin" }).where("id", "=", admin.user.id).execute();
    const target = await signUp("ban-target@example.com");

    const ban = await fetch(`${first.api}/admin/ban-user`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${admin.token}` }, body: JSON.stringify({ userId: target.user.id, banReason: "killed after commit" }) });
    expect(ban.status).toBe(200);
    first.server.child.kill("SIGKILL");
    await new Promise((resolve) => (first.server.child.exitCode !== null || first.server.child.signalCode !== null ? resolve(null) : first.server.child.once("exit", resolve)));

    // The ban, its event and its delivery committed together: all there the moment it answered.
    const row = await db.selectFrom("auditEvent").select(["id", "fannedOut"]).where("action", "=", "user.ban").where("targetId", "=", target.user.id).executeTakeFirstOrThrow();
    expect(row.fannedOut).toBe(1);
    const [queued, ...more] = await db.selectFrom("webhookDelivery").select(["id", "auditEventId", "endpointId", "status"]).where("auditEventId", "=", row.id).execute();
    expect(more).toEqual([]);
    expect(queued).toMatchObject({ auditEventId: row.id, endpointId: "ep_ban", status: "pending" });

    holding = false;
    const isTheBan = (r: (typeof world.receiver.received)[number]) => r.verified?.type === "user.ban" && (r.verified.data.target as { id?: string } | undefined)?.id === target.user.id;
    const before = world.receiver.received.length;
    await start();
    // Sent by the new process (after the dead one's lease ran out, if it had begun), under its one id.
    await world.receiver.waitFor((all) => all.slice(before).some(isTheBan), 60_000);
    expect(world.receiver.received.filter(isTheBan).every((r) => r.id === queued!.id)).toBe(true);
    await expect.poll(async () => (await db.selectFrom("webhookDelivery").select("status").where("id", "=", queued!.id).executeTakeFirstOrThrow()).status, { timeout: 20_000 }).toBe("delivered");
  }, 120_000);
});
