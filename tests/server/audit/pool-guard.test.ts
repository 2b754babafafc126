/**
 * Issue 38: a query on the root pool from inside a change whose transaction is open
 * (db/pool-guard.ts). On SQLite it used to wait forever for the connection the change's
 * transaction holds, and every other request with it; now it fails at once, naming its call
 * site, and the change rolls back. Before the transaction starts (the change's first reads) and
 * after it ends, and from any other request, the pool answers as before.
 * Runs on SQLite and (LATCHKEY_TEST_DIALECT=postgres) PostgreSQL: the guard is the same on both.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runChange } from "../../../server/audit/change.js";
import { PoolUsedInsideChangeError } from "../../../server/db/pool-guard.js";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";

/** Fails (rather than hanging the run) when `work` has not settled in time: the deadlock this file guards against. */
function settlesWithin<T>(work: Promise<T>, ms = 5_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`did not settle within ${ms} ms: the pool waited for the change's own transaction`)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

describe("the root pool inside a change", () => {
  let server: TestServer;
  let userId: string;

  beforeAll(async () => {
    server = await startTestServer();
    userId = (await server.signUp({ email: "pool-guard@example.com", name: "Before" })).userId;
  });
  afterAll(async () => {
    await server?.close();
  });

  const app = () => server.app.context;
  const pool = () => server.database.db;
  const nameOf = async () => (await pool().selectFrom("user").select("name").where("id", "=", userId).executeTakeFirstOrThrow()).name;

  it("refuses a read once the change has written, naming the call site, and rolls the change back", async () => {
    const attempt = runChange(app(), async (change) => {
      await change.app.db.updateTable("user").set({ name: "Written in the change" }).where("id", "=", userId).execute();
      // The mistake: the pool, not change.app.db. On SQLite this waited forever.
      return pool().selectFrom("user").select("name").where("id", "=", userId).executeTakeFirst();
    });
    const error = await settlesWithin(attempt).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PoolUsedInsideChangeError);
    expect((error as PoolUsedInsideChangeError).callSite).toMatch(/tests[/\\]server[/\\]audit[/\\]pool-guard\.test\.ts:\d+/);
    expect((error as Error).message).toContain("use the change's app.db");
    // The change rolled back and the connection is free again.
    expect(await settlesWithin(nameOf())).toBe("Before");
  });

  it("refuses a write through the pool as well", async () => {
    const attempt = runChange(app(), async (change) => {
      await change.app.db.updateTable("user").set({ name: "In the change" }).where("id", "=", userId).execute();
      await pool().updateTable("user").set({ name: "Beside the change" }).where("id", "=", userId).execute();
    });
    await expect(settlesWithin(attempt)).rejects.toBeInstanceOf(PoolUsedInsideChangeError);
    expect(await settlesWithin(nameOf())).toBe("Before");
  });

  it("lets the pool answer before the change's first write and after its commit", async () => {
    let afterCommit: Promise<string> | undefined;
    await settlesWithin(
      runChange(app(), async (change) => {
        expect(await nameOf()).toBe("Before"); // no transaction yet: a plain read of the pool
        await change.app.db.updateTable("user").set({ name: "Committed" }).where("id", "=", userId).execute();
        // Left running in the background: it reads once the change has committed.
        afterCommit = new Promise((resolve) => setTimeout(resolve, 50)).then(nameOf);
      }),
    );
    expect(await settlesWithin(afterCommit!)).toBe("Committed");
    await pool().updateTable("user").set({ name: "Before" }).where("id", "=", userId).execute();
  });

  it("lets another request use the pool while a change's transaction is open: it waits its turn or runs beside it", async () => {
    let wrote!: () => void;
    const written = new Promise<void>((resolve) => (wrote = resolve));
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const change = runChange(app(), async (inChange) => {
      await inChange.app.db.updateTable("user").set({ name: "Open change" }).where("id", "=", userId).execute();
      wrote();
      await finished;
    });
    await written;
    // This test's own context is not the change's: its read is not refused.
    const other = nameOf();
    if (server.dialect === "postgres") {
      // Another connection: it runs beside the open change and does not see its write.
      expect(await settlesWithin(other)).toBe("Before");
      finish();
    } else {
      // SQLite's one connection: it waits for the change to commit, then reads its write.
      finish();
      expect(await settlesWithin(other)).toBe("Open change");
    }
    await settlesWithin(change);
    expect(await nameOf()).toBe("Open change");
    await pool().updateTable("user").set({ name: "Before" }).where("id", "=", userId).execute();
  });
});
