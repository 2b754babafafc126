/**
 * Issue 12 item 6: graceful shutdown and durability, with real `auth server start` processes on
 * the test dialect's database (a SQLite file, or PostgreSQL in the PostgreSQL pass).
 *
 * SIGTERM under load: every request either completed (200, and its user is in the database with
 * its audit event) or was refused before being read (a typed 503 SHUTTING_DOWN, or a connection
 * the server never read from) — and then its user is NOT in the database.
 * kill -9 under load: after a restart, every acknowledged sign-up is there.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startCliServer, stopProcess, type CliServer } from "../../helpers/run-cli.js";
import { createTestDatabase, type TestDatabase } from "../../helpers/test-database.js";

interface Outcome {
  email: string;
  status?: number;
  code?: string;
  error?: string;
}

/** Sign-ups from `workers` concurrent loops until the server stops answering; `outcomes` fills as answers come. */
async function signUpLoad(api: string, prefix: string, workers: number, outcomes: Outcome[]): Promise<Outcome[]> {
  let n = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      for (;;) {
        const email = `${prefix}-${n++}@example.com`;
        const outcome: Outcome = { email };
        outcomes.push(outcome);
        try {
          const response = await fetch(`${api}/sign-up/email`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ email, password: "correct horse battery", name: "Load" }),
          });
          outcome.status = response.status;
          const body = (await response.json()) as { code?: string };
          outcome.code = body.code;
        } catch (error) {
          outcome.error = String((error as Error & { cause?: Error }).cause?.message ?? (error as Error).message);
          // Refused connections mean the listener is gone: this loop is done.
          if (outcome.error.includes("ECONNREFUSED")) return;
        }
      }
    }),
  );
  return outcomes;
}

/** Resolves once `count` sign-ups were acknowledged (200). */
async function acknowledgedAtLeast(outcomes: Outcome[], count: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (outcomes.filter((outcome) => outcome.status === 200).length < count) {
    if (Date.now() > deadline) throw new Error(`only ${outcomes.filter((outcome) => outcome.status === 200).length} sign-ups acknowledged in 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function usersIn(database: TestDatabase, emails: string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await database.database.db.selectFrom("user").select("email").where("email", "in", emails).execute();
  return new Set(rows.map((row) => row.email));
}

describe("graceful shutdown and durability (issue 12)", () => {
  let database: TestDatabase;
  let cwd: string;
  let configFile: string;
  const running: CliServer[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    cwd = mkdtempSync(join(tmpdir(), "latchkey-shutdown-"));
    configFile = join(cwd, "config.json");
    // Cheapest legal argon2id: the load is many sign-ups on two shared cores.
    writeFileSync(configFile, JSON.stringify({ password: { memoryCost: 1024, timeCost: 1, parallelism: 1 }, logLevel: "warn", shutdownTimeout: 10 }));
  });
  afterAll(async () => {
    for (const server of running) if (server.child.exitCode === null && server.child.signalCode === null) await stopProcess(server.child);
    await database.drop();
    rmSync(cwd, { recursive: true, force: true });
  });

  async function start(): Promise<{ server: CliServer; api: string }> {
    const port = await freePort();
    const server = await startCliServer(["--port", String(port), "--no-rate-limit", "--config", configFile], {
      cwd,
      env: { AUTH_DB: database.target, AUTH_SECRET: "shutdown-secret-shutdown-secret-shutdown", NODE_ENV: "development" },
    });
    running.push(server);
    return { server, api: `http://127.0.0.1:${port}/api/auth` };
  }

  it("SIGTERM under load: each request completed or was refused unread; nothing acknowledged is lost; exit 0", async () => {
    const { server, api } = await start();
    const live: Outcome[] = [];
    const load = signUpLoad(api, "term", 6, live);
    // Let the load run until some sign-ups are acknowledged, then send SIGTERM mid-stream.
    await acknowledgedAtLeast(live, 20);
    const exited = new Promise<number | null>((resolve) => server.child.once("exit", (code) => resolve(code)));
    server.child.kill("SIGTERM");
    const outcomes = await load;
    expect(await exited).toBe(0);

    const present = await usersIn(database, outcomes.map((outcome) => outcome.email));
    const completed = outcomes.filter((outcome) => outcome.status === 200);
    const refused = outcomes.filter((outcome) => outcome.status === 503);
    const unread = outcomes.filter((outcome) => outcome.status === undefined);
    const other = outcomes.filter((outcome) => outcome.status !== undefined && outcome.status !== 200 && outcome.status !== 503);

    expect(completed.length).toBeGreaterThanOrEqual(20);
    expect(other, "no answer other than 200 or a typed 503").toEqual([]);
    for (const outcome of completed) expect(present.has(outcome.email), `${outcome.email} was acknowledged`).toBe(true);
    for (const outcome of refused) {
      expect(outcome.code).toBe("SHUTTING_DOWN");
      expect(present.has(outcome.email), `${outcome.email} was refused`).toBe(false);
    }
    for (const outcome of unread) expect(present.has(outcome.email), `${outcome.email} failed with ${outcome.error}`).toBe(false);

    // The audit queue was flushed before exit: every acknowledged sign-up has its event.
    const ids = await database.database.db.selectFrom("user").select("id").where("email", "in", completed.map((outcome) => outcome.email)).execute();
    const audited = await database.database.db.selectFrom("auditEvent").select("actorId").where("action", "=", "user.sign-up").where("actorId", "in", ids.map((row) => row.id)).execute();
    expect(new Set(audited.map((row) => row.actorId)).size).toBe(ids.length);
  });

  it("kill -9 under concurrent writes: after a restart every acknowledged sign-up is present", async () => {
    const { server, api } = await start();
    const live: Outcome[] = [];
    const outcomes = signUpLoad(api, "kill", 6, live);
    await acknowledgedAtLeast(live, 30);
    const exited = new Promise<NodeJS.Signals | null>((resolve) => server.child.once("exit", (_code, signal) => resolve(signal)));
    server.child.kill("SIGKILL");
    expect(await exited).toBe("SIGKILL");
    const done = await outcomes;
    const acknowledged = done.filter((outcome) => outcome.status === 200).map((outcome) => outcome.email);
    expect(acknowledged.length).toBeGreaterThanOrEqual(30);

    // Restart on the same database; the restarted server serves every acknowledged account.
    const again = await start();
    const present = await usersIn(database, acknowledged);
    expect(acknowledged.filter((email) => !present.has(email))).toEqual([]);
    const first = acknowledged[0] as string;
    const signIn = await fetch(`${again.api}/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: first, password: "correct horse battery" }),
    });
    expect(signIn.status).toBe(200);
  });
});
