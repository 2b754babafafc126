/**
 * Issue 38, "never lost": every audit action is either written in the transaction of the change
 * it records (audit/durability.ts IN_CHANGE) or on a short list of actions recorded after the
 * fact, each with its reason. A new action must be put on one of the two lists; an IN_CHANGE
 * action recorded outside ctx.change fails its request under the test runner. And the change
 * runner itself (audit/change.ts, db/change-db.ts): change and event commit together or not at
 * all, a service's own transaction is a savepoint inside the change, mail waits for the commit.
 * The kill -9 proof for sample actions: tests/server/webhook/webhook-kill-changes.test.ts.
 * Runs on SQLite and (LATCHKEY_TEST_DIALECT=postgres) PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUDIT_ACTIONS } from "../../../shared/audit-actions.js";
import { AFTER_THE_FACT, IN_CHANGE } from "../../../server/audit/durability.js";
import { runChange } from "../../../server/audit/change.js";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";
import { signUpAdmin } from "../admin/admin-helpers.js";

describe("the audit catalogue's durability lists", () => {
  it("puts every action on exactly one list, each after-the-fact one with its reason", () => {
    const after = Object.keys(AFTER_THE_FACT);
    for (const action of AUDIT_ACTIONS) {
      const places = Number(IN_CHANGE.has(action)) + Number(after.includes(action));
      expect(places, `${action}: on ${places} lists`).toBe(1);
    }
    for (const action of [...IN_CHANGE, ...after]) expect(AUDIT_ACTIONS as readonly string[], action).toContain(action);
    for (const [action, reason] of Object.entries(AFTER_THE_FACT)) expect(reason?.length ?? 0, action).toBeGreaterThan(20);
  });

  it("keeps the subscribers' first choices in the change's transaction", () => {
    for (const action of ["user.ban", "user.unban", "user.delete", "user.role-change", "user.update", "session.revoke", "session.revoke-all", "user.password-change", "user.password-reset", "user.two-factor-disable", "organization.create", "organization.member-remove", "invitation.create", "api-key.create", "webhook.update"] as const) {
      expect(IN_CHANGE.has(action), action).toBe(true);
    }
  });
});

describe("a change and its events", () => {
  let server: TestServer;
  let admin: { token: string; userId: string };

  beforeAll(async () => {
    server = await startTestServer();
    admin = await signUpAdmin(server, { email: "durable-admin@example.com" });
    await server.app.context.audit.flush();
    const now = Date.now();
    await server.database.db
      .insertInto("webhookEndpoint")
      .values({ id: "ep_durable", url: "http://127.0.0.1:9/never", description: null, events: JSON.stringify(["user.*", "session.*", "organization.*"]), secretSealed: "unused", previousSecretSealed: null, previousUntil: null, disabled: 0, failedInARow: 0, createdBy: null, createdAt: now, updatedAt: now })
      .execute();
    server.app.context.audit.endpointsChanged();
  });
  afterAll(async () => {
    await server?.close();
  });

  const app = () => server.app.context;
  const db = () => server.database.db;
  const eventsOf = (targetId: string) => db().selectFrom("auditEvent").select(["action", "fannedOut"]).where("targetId", "=", targetId).execute();

  it("has the subscribed event of a converted route written when the answer arrives, without waiting for the writer", async () => {
    const user = await server.signUp({ email: "durable-target@example.com" });
    await app().audit.flush();
    const answer = await server.request("POST", "/admin/set-role", { token: admin.token, body: { userId: user.userId, role: "admin" } });
    expect(answer.status, answer.text).toBe(200);
    // No flush: the row was written in the change's transaction, not by the asynchronous writer.
    const rows = await db().selectFrom("auditEvent").select(["action", "actorId"]).where("targetId", "=", user.userId).where("action", "=", "user.role-change").execute();
    expect(rows).toEqual([{ action: "user.role-change", actorId: admin.userId }]);
  });

  it("writes neither the change nor its event when the change fails after writing", async () => {
    const id = "usr_rolled_back";
    await expect(
      runChange(app(), async (change) => {
        await change.app.db.insertInto("user").values({ id, email: "rolled-back@example.com", name: "Rolled back", emailVerified: 0, role: "user", createdAt: Date.now(), updatedAt: Date.now() } as never).execute();
        change.audit({ action: "user.create", targetId: id, targetType: "user" });
        throw new Error("the change fails after its write");
      }),
    ).rejects.toThrow("the change fails after its write");
    await app().audit.flush();
    expect(await db().selectFrom("user").select("id").where("id", "=", id).execute()).toEqual([]);
    expect(await eventsOf(id)).toEqual([]);
  });

  it("makes a service's own transaction a savepoint: its rollback undoes only its part", async () => {
    const user = await server.signUp({ email: "savepoint@example.com" });
    await app().audit.flush();
    await runChange(app(), async (change) => {
      await change.app.db.updateTable("user").set({ name: "Kept" }).where("id", "=", user.userId).execute();
      await expect(
        change.app.db.transaction().execute(async (trx) => {
          await trx.updateTable("user").set({ name: "Undone" }).where("id", "=", user.userId).execute();
          throw new Error("inner");
        }),
      ).rejects.toThrow("inner");
      change.audit({ action: "user.update", targetId: user.userId, targetType: "user" });
    });
    expect((await db().selectFrom("user").select("name").where("id", "=", user.userId).executeTakeFirstOrThrow()).name).toBe("Kept");
    expect((await eventsOf(user.userId)).map((row) => row.action)).toContain("user.update");
  });

  it("sends the change's mail only once it committed, and none for a change that failed", async () => {
    const mail = { kind: "verify-email", to: "mail-after-commit@example.com", subject: "s", text: "t", html: "h", url: "http://x", token: null, validFor: null } as const;
    await expect(
      runChange(app(), async (change) => {
        await change.app.mailer.send(mail);
        throw new Error("no mail for this one");
      }),
    ).rejects.toThrow("no mail for this one");
    expect(await server.outbox("mail-after-commit@example.com")).toEqual([]);
    await runChange(app(), async (change) => {
      await change.app.db.updateTable("user").set({ name: "Mailed" }).where("id", "=", admin.userId).execute();
      await change.app.mailer.send(mail);
      // Not yet, as the change itself sees the table (through the pool, SQLite's one connection would wait for this transaction).
      expect(await change.app.db.selectFrom("outbox").select("id").where("to", "=", "mail-after-commit@example.com").execute()).toEqual([]);
    });
    expect(await server.outbox("mail-after-commit@example.com")).toHaveLength(1);
  });
});
