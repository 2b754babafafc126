/**
 * Issue 44 on SQLite (both passes: each test makes its own SQLite file):
 * - another process holds the write lock (`BEGIN EXCLUSIVE`, as a `sqlite3` shell or an `auth`
 *   command would): the server keeps answering (/ok, reads) while a write waits for the lock;
 *   the write goes through once the lock is released, or answers a typed 503
 *   DATABASE_UNAVAILABLE with Retry-After once `database.busyTimeoutMs` is spent — it used to
 *   block the event loop for SQLite's five-second busy wait, then answer 500;
 * - a full database (SQLite's size limit reached: SQLITE_FULL, as on a full disk) answers
 *   507 DATABASE_FULL to writes, keeps serving reads, and writes again once there is room;
 * - two servers migrating a fresh file at once both succeed (the migration run is one
 *   BEGIN IMMEDIATE transaction; one used to fail with `table … already exists`).
 */
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openSqlite } from "../../../server/db/database.js";
import { migrateToLatest } from "../../../server/db/migrate.js";
import { foreignLock, signUp, startSqliteServer as startServer, type Server } from "../../helpers/sqlite-fault-server.js";

describe("SQLite faults (issue 44)", () => {
  let dir: string;
  const servers: Server[] = [];
  const holders: ChildProcess[] = [];

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "latchkey-sqlite-faults-"));
  });
  afterAll(async () => {
    for (const holder of holders) if (holder.exitCode === null) holder.kill("SIGKILL");
    for (const server of servers) await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("a write waiting for another process's lock blocks nothing: /ok answers meanwhile, and the write goes through after the release", async () => {
    const server = await startServer(join(dir, "lock-wait.db"), 60_000);
    servers.push(server);
    const lock = await foreignLock(server.database.sqlite.name);
    holders.push(lock.child);
    let settled = false;
    const write = signUp(server.api, "waits@example.com").finally(() => (settled = true));
    // /ok answers although the write is waiting for the lock (it used to wait with the event loop blocked).
    const ok = await fetch(`${server.api}/ok`);
    expect(ok.status).toBe(200);
    // The lock is still held, so the write cannot have finished.
    expect(settled).toBe(false);
    await lock.release();
    const answer = await write;
    expect(answer.status).toBe(200);
    const row = await server.database.db.selectFrom("user").select("email").where("email", "=", "waits@example.com").executeTakeFirst();
    expect(row?.email).toBe("waits@example.com");
  });

  it("a lock held longer than busyTimeoutMs answers 503 DATABASE_UNAVAILABLE with Retry-After; reads go on; writes work after the release", async () => {
    const server = await startServer(join(dir, "lock-timeout.db"), 300);
    servers.push(server);
    const before = await signUp(server.api, "before@example.com");
    expect(before.status).toBe(200);
    const lock = await foreignLock(server.database.sqlite.name);
    holders.push(lock.child);
    const refused = await signUp(server.api, "refused@example.com");
    expect(refused).toMatchObject({ status: 503, code: "DATABASE_UNAVAILABLE" });
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    // Reads do not need the write lock (WAL).
    const session = await fetch(`${server.api}/get-session`, { headers: { authorization: `Bearer ${before.token}` } });
    expect(session.status).toBe(200);
    await lock.release();
    expect((await signUp(server.api, "after@example.com")).status).toBe(200);
    const rows = await server.database.db.selectFrom("user").select("email").execute();
    expect(rows.map((row) => row.email).sort()).toEqual(["after@example.com", "before@example.com"]);
  });

  it("a full database answers 507 DATABASE_FULL to writes, keeps serving reads, and writes again once there is room", async () => {
    const server = await startServer(join(dir, "full.db"), 300);
    servers.push(server);
    const before = await signUp(server.api, "full-before@example.com");
    expect(before.status).toBe(200);
    // No page may be added: what a full disk does to SQLite (SQLITE_FULL).
    const pages = server.database.sqlite.pragma("page_count", { simple: true }) as number;
    server.database.sqlite.pragma(`max_page_count = ${pages}`);
    let full: Awaited<ReturnType<typeof signUp>> | undefined;
    // A few sign-ups may still fit in free pages; the file fills within a bounded number.
    for (let n = 0; n < 200 && full?.status !== 507; n++) {
      full = await signUp(server.api, `filler-${n}@example.com`);
      expect([200, 507]).toContain(full.status);
    }
    expect(full).toMatchObject({ status: 507, code: "DATABASE_FULL" });
    expect(Number(full?.retryAfter)).toBeGreaterThan(0);
    const session = await fetch(`${server.api}/get-session`, { headers: { authorization: `Bearer ${before.token}` } });
    expect(session.status).toBe(200);
    server.database.sqlite.pragma(`max_page_count = ${pages * 100}`);
    expect((await signUp(server.api, "full-after@example.com")).status).toBe(200);
  });

  it("two servers migrating one fresh file at once both succeed, five times over", async () => {
    for (let round = 0; round < 5; round++) {
      const file = join(dir, `race-${round}.db`);
      const a = openSqlite(file, { synchronous: "normal" });
      const b = openSqlite(file, { synchronous: "normal" });
      try {
        const [first, second] = await Promise.all([migrateToLatest(a.db), migrateToLatest(b.db)]);
        // Each migration was applied exactly once, by one of the two.
        expect(first.applied.length + second.applied.length).toBe(first.total);
      } finally {
        await a.close();
        await b.close();
      }
    }
  });
});
