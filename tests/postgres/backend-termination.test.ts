/**
 * Issue 44 item 1: PostgreSQL ends the server's connections (`pg_terminate_backend`, what a fast
 * restart or a failover does) while a real `auth server start` process is under a bounded load.
 * The process must survive every termination (it used to exit 1 on an unhandled 'error' event
 * from a checked-out pool client), every acknowledged sign-up must be in the database, and the
 * server must answer again on its own. PostgreSQL pass only.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startCliServer, stopProcess, type CliServer } from "../helpers/run-cli.js";
import { createTestDatabase, testDialect, type TestDatabase } from "../helpers/test-database.js";
import { signUpLoad, type LoadOutcome } from "../helpers/fault-load.js";

describe("PostgreSQL ends the server's connections under load (issue 44)", () => {
  let database: TestDatabase;
  let cwd: string;
  let server: CliServer | undefined;

  beforeAll(async () => {
    expect(testDialect, "tests/postgres runs only with LATCHKEY_TEST_DIALECT=postgres").toBe("postgres");
    database = await createTestDatabase();
    cwd = mkdtempSync(join(tmpdir(), "latchkey-terminate-"));
    writeFileSync(join(cwd, "config.json"), JSON.stringify({ password: { memoryCost: 1024, timeCost: 1, parallelism: 1 }, logLevel: "warn" }));
  });
  afterAll(async () => {
    if (server && server.child.exitCode === null && server.child.signalCode === null) await stopProcess(server.child);
    await database?.drop();
    if (cwd) rmSync(cwd, { recursive: true, force: true });
  });

  it("survives five rounds of pg_terminate_backend, loses no acknowledged sign-up, and answers again", async () => {
    const port = await freePort();
    server = await startCliServer(["--port", String(port), "--no-rate-limit", "--config", join(cwd, "config.json")], {
      cwd,
      env: { AUTH_DB: database.target, AUTH_SECRET: "terminate-secret-terminate-secret-term", NODE_ENV: "development" },
    });
    const api = `http://127.0.0.1:${port}/api/auth`;
    const child = server.child;
    let exit: string | undefined;
    child.on("exit", (code, signal) => (exit = `exit ${code} ${signal ?? ""}`));

    const name = new URL(database.target).pathname.slice(1);
    const admin = new pg.Client({ connectionString: database.target });
    await admin.connect();
    const outcomes: LoadOutcome[] = [];
    const load = signUpLoad(api, "term", 4, outcomes);
    try {
      for (let round = 0; round < 5; round++) {
        // Some requests under way first, so connections are checked out when they are ended.
        const answered = outcomes.filter((outcome) => outcome.status !== undefined).length;
        await until(() => outcomes.filter((outcome) => outcome.status !== undefined).length >= answered + 5 || exit !== undefined);
        await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()", [name]);
        await sleep(50);
      }
    } finally {
      load.stop();
      await load.done;
      await admin.end();
    }
    expect(exit, server.stderr()).toBeUndefined();

    // Every answer was a 200 or a typed "try again"; never a crash, never a bare 500.
    const statuses = new Set(outcomes.map((outcome) => `${outcome.status ?? "none"} ${outcome.code ?? ""}`.trim()));
    for (const status of statuses) expect(["200", "503 DATABASE_UNAVAILABLE"]).toContain(status);
    const acknowledged = outcomes.filter((outcome) => outcome.status === 200).map((outcome) => outcome.email);
    expect(acknowledged.length).toBeGreaterThan(0);
    const rows = await database.database.db.selectFrom("user").select("email").where("email", "in", acknowledged).execute();
    expect(rows.length).toBe(acknowledged.length);

    // Recovers on its own: the next sign-up goes through (the pool reconnects).
    const response = await fetch(`${api}/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "after-terminate@example.com", password: "correct horse battery", name: "After" }),
    });
    expect(response.status).toBe(200);
    expect(exit).toBeUndefined();
  });
});

async function until(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("condition not met in 20 s");
    await sleep(10);
  }
}
