/**
 * Run-time settings on several servers over one PostgreSQL (issue 33, item 10): a change made
 * through server A applies on server B without a restart, carried by the change notice the
 * settings table's trigger sends; a change written straight into the table (psql, a restore)
 * too; and a server without a listening connection (JWT header mode) finds it by looking again.
 * PostgreSQL pass only.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpAdmin } from "../server/admin/admin-helpers.js";
import { startSecondServer, type SecondServer } from "../helpers/second-server.js";
import { startTestServer, testDialect, type TestServer } from "../helpers/test-server.js";

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 1_000; i++) {
    if (condition()) return;
    await sleep(10);
  }
  throw new Error(`never: ${what}`);
}

describe("run-time settings on several servers over one PostgreSQL", () => {
  let a: TestServer;
  let b: SecondServer;
  let c: SecondServer;
  let admin: { token: string };

  beforeAll(async () => {
    expect(testDialect, "tests/postgres runs only with LATCHKEY_TEST_DIALECT=postgres").toBe("postgres");
    a = await startTestServer();
    b = await startSecondServer(a.dbFile);
    // JWT header mode keeps no session cache, so no listener: settings are looked for every second.
    c = await startSecondServer(a.dbFile, { jwt: { enabled: true } });
    admin = await signUpAdmin(a);
    await until(() => b.app.changeListener?.state() === "listening", "B listens");
  });
  afterAll(async () => {
    await c?.close();
    await b?.close();
    await a?.close();
  });

  it("a change through one server applies on the others without a restart", async () => {
    expect(c.app.changeListener).toBeUndefined();
    const changed = await a.request("POST", "/admin/settings/set", { token: admin.token, body: { key: "emailAndPassword.requireEmailVerification", value: true } });
    expect(changed.status).toBe(200);
    await until(() => b.app.context.config.emailAndPassword.requireEmailVerification, "B applies the change");
    await until(() => c.app.context.config.emailAndPassword.requireEmailVerification, "C applies the change");

    await a.request("POST", "/admin/settings/reset", { token: admin.token, body: { key: "emailAndPassword.requireEmailVerification" } });
    await until(() => !b.app.context.config.emailAndPassword.requireEmailVerification, "B applies the reset");
    await until(() => !c.app.context.config.emailAndPassword.requireEmailVerification, "C applies the reset");
  });

  it("a row written straight into the table is heard through the notice", async () => {
    await a.database.db.insertInto("runtimeSetting").values({ key: "twoFactor.requiredForRoles", value: JSON.stringify(["admin"]), updatedAt: Date.now(), updatedBy: null }).execute();
    await until(() => b.app.context.config.twoFactor.requiredForRoles.join() === "admin", "B applies the row");
    await a.database.db.deleteFrom("runtimeSetting").execute();
    await until(() => b.app.context.config.twoFactor.requiredForRoles.length === 0, "B applies the deletion");
  });

  it("a server whose listening connection was cut catches up when it listens again", async () => {
    const pid = b.app.changeListener!.backendPid()!;
    // Cut B's ear and change the setting at once: the notice may be lost; the reload on reconnecting is not.
    await sql`select pg_terminate_backend(${pid})`.execute(a.database.db);
    await a.database.db.insertInto("runtimeSetting").values({ key: "user.changeEmailEnabled", value: "false", updatedAt: Date.now(), updatedBy: null }).execute();
    await until(() => b.app.context.config.user.changeEmailEnabled === false, "B catches up after reconnecting");
    await until(() => b.app.changeListener?.state() === "listening", "B listens again");
    await a.database.db.deleteFrom("runtimeSetting").execute();
    await until(() => b.app.context.config.user.changeEmailEnabled === true, "B hears the deletion");
  });
});
