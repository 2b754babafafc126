/**
 * Issue 41 item 2: SQLite's commit sync runs on libuv's thread pool, not inside COMMIT on the
 * event loop (server/db/sqlite-wal-sync.ts, server/db/wal-synced-dialect.ts). SQLite only (the
 * code is SQLite's; each test makes its own file, so both passes run it unchanged).
 *
 * - hundreds of commits at once, mixed with reads, a rollback and failing statements, through
 *   several checkpoints and WAL restarts: every promise settles, only after a sync that began
 *   after it was issued; one sync covers many commits; every committed row is in the file
 *   (read back by a fresh connection after close); close completes. The first attempt hung here:
 *   a commit arriving during a sync waited for a next sync nobody started;
 * - the connection is handed on during a sync (a second commit lands while the first one's sync
 *   is held), but neither caller is answered before a sync covering it ends;
 * - a read-only transaction, a rollback and a failed statement cost no sync;
 * - a failed sync is final: the write waiting for it and every database call after it are refused
 *   with DatabaseUnavailableError (503), and close still completes;
 * - another connection's commit (the offline CLI) still moves `PRAGMA data_version`.
 */
import { mkdtempSync, rmSync } from "node:fs";
import type { FileHandle } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChangeCounter, changeCounterOf, countingWrites } from "../../../server/db/change-counter.js";
import { openSqlite } from "../../../server/db/database.js";
import { DatabaseUnavailableError } from "../../../server/db/failures.js";
import { guardedDialect } from "../../../server/db/guarded-dialect.js";
import { createWalSync, type SyncFile } from "../../../server/db/sqlite-wal-sync.js";
import { walSyncedDialect } from "../../../server/db/wal-synced-dialect.js";

interface Tables {
  item: { id: number; name: string };
}

/** Fails the test with a clear message instead of hanging until vitest's timeout. */
async function settlesWithin<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not settle within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** What openSqlite builds, with the sync step observable (and, for one test, made to fail). */
function openObserved(file: string, syncFile: SyncFile) {
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  const changes = createChangeCounter(sqlite);
  const database = {
    prepare: (text: string) => countingWrites(sqlite.prepare(text), changes),
    close: () => sqlite.close(),
  };
  const walSync = createWalSync(`${resolve(file)}-wal`, { syncFile });
  const dialect = walSyncedDialect(guardedDialect(new SqliteDialect({ database }), { sqlite: { busyTimeoutMs: 1_000 } }), { sqlite, writes: changes.localWrites, walSync });
  return { db: new Kysely<Tables>({ dialect }), sqlite };
}

/** A sync that really reaches the disk, counting starts and ends. */
function countingSync() {
  const counts = { started: 0, ended: 0, endedStarts: [] as number[] };
  const syncFile: SyncFile = async (handle: FileHandle) => {
    const index = counts.started++;
    await handle.datasync();
    counts.ended++;
    counts.endedStarts.push(index);
  };
  return { counts, syncFile };
}

async function createItems(db: Kysely<Tables>): Promise<void> {
  await sql`create table item (id integer primary key, name text not null unique)`.execute(db);
}

describe("SQLite commits synced off the event loop (issue 41)", () => {
  let dir: string;
  let n = 0;
  const file = () => join(dir, `wal-sync-${n++}.db`);

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "latchkey-wal-sync-"));
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it("the server's default opens SQLite at NORMAL with the WAL synced by the driver, and every acknowledged row is in the file", async () => {
    const path = file();
    const opened = openSqlite(path);
    expect(opened.sqlite.pragma("synchronous", { simple: true })).toBe(1); // NORMAL: the driver syncs
    expect(opened.sqlite.pragma("journal_mode", { simple: true })).toBe("wal");
    const db = opened.db as unknown as Kysely<Tables>;
    await createItems(db);
    await Promise.all(Array.from({ length: 50 }, (_, i) => db.insertInto("item").values({ id: i + 1, name: `row ${i + 1}` }).execute()));
    await settlesWithin(opened.close(), 5_000, "close");
    const fresh = new SQLite(path, { readonly: true });
    expect(fresh.prepare("select count(*) from item").pluck().get()).toBe(50);
    fresh.close();
    // "normal" keeps its meaning: no sync per commit, SQLite at NORMAL.
    const normal = openSqlite(file(), { synchronous: "normal" });
    expect(normal.sqlite.pragma("synchronous", { simple: true })).toBe(1);
    await normal.close();
  });

  it("hundreds of concurrent commits mixed with reads, a rollback and failing statements all settle after a sync, grouped, through WAL restarts; close completes", async () => {
    const path = file();
    const { counts, syncFile } = countingSync();
    const { db, sqlite } = openObserved(path, syncFile);
    await createItems(db);
    // Checkpoint (and restart the WAL) every 20 pages, so many happen during the run.
    sqlite.pragma("wal_autocheckpoint = 20");
    // What the failing statements below collide with, whatever order the calls run in.
    await db.insertInto("item").values({ id: 9000, name: "seed" }).execute();
    const before = counts.ended;

    /** Issues a call and checks, when it succeeds, that a sync started after it was issued has ended. */
    let violations = 0;
    const tracked = <T>(run: () => Promise<T>): Promise<T> => {
      const startsAtIssue = counts.started;
      return run().then((value) => {
        if (!counts.endedStarts.some((index) => index >= startsAtIssue)) violations++;
        return value;
      });
    };

    const single = Array.from({ length: 300 }, (_, i) => tracked(() => db.insertInto("item").values({ id: i + 1, name: `single ${i + 1}` }).execute()));
    const transactions = Array.from({ length: 100 }, (_, i) =>
      tracked(() =>
        db.transaction().execute(async (trx) => {
          await trx.insertInto("item").values({ id: 1000 + 2 * i, name: `pair ${i} a` }).execute();
          await trx.insertInto("item").values({ id: 1001 + 2 * i, name: `pair ${i} b` }).execute();
        }),
      ),
    );
    // Controlled transactions (every audited change's way, db/change-db.ts): Kysely does not await their release.
    const controlled = Array.from({ length: 50 }, (_, i) =>
      tracked(async () => {
        const trx = await db.startTransaction().execute();
        await trx.insertInto("item").values({ id: 3000 + i, name: `controlled ${i}` }).execute();
        await trx.commit().execute();
      }),
    );
    const reads = Array.from({ length: 100 }, () => db.selectFrom("item").select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow());
    const rolledBack = db.transaction().execute(async (trx) => {
      await trx.insertInto("item").values({ id: 5000, name: "rolled back" }).execute();
      throw new Error("changed my mind");
    });
    const duplicate = db.insertInto("item").values({ id: 5001, name: "seed" }).execute();
    const failedInside = db.transaction().execute(async (trx) => {
      await trx.insertInto("item").values({ id: 5002, name: "inside a failed transaction" }).execute();
      await trx.insertInto("item").values({ id: 5003, name: "seed" }).execute();
    });

    const outcomes = await settlesWithin(Promise.allSettled([...single, ...transactions, ...controlled, ...reads, rolledBack, duplicate, failedInside]), 20_000, "the concurrent calls");
    const failures = outcomes.filter((outcome) => outcome.status === "rejected").map((outcome) => String((outcome as PromiseRejectedResult).reason));
    expect(failures).toHaveLength(3);
    expect(failures[0]).toContain("changed my mind");
    expect(failures[1]).toMatch(/UNIQUE constraint failed: item\.name/);
    expect(failures[2]).toMatch(/UNIQUE constraint failed: item\.name/);
    expect(violations).toBe(0);
    // Group commit: 450 commits (300 single, 100 transactions, 50 controlled) took far fewer syncs.
    const syncs = counts.ended - before;
    expect(syncs).toBeGreaterThan(0);
    expect(syncs).toBeLessThan(100);
    // Checkpoints ran and the WAL restarted from its start (it holds far fewer frames than were written).
    const walFrames = (sqlite.pragma("wal_checkpoint(PASSIVE)") as Array<{ log: number }>)[0]!.log;
    expect(walFrames).toBeLessThan(200);

    await settlesWithin(db.destroy(), 5_000, "destroy");
    const fresh = new SQLite(path, { readonly: true });
    const names = fresh.prepare("select name from item order by id").pluck().all() as string[];
    fresh.close();
    const expected = [...Array.from({ length: 300 }, (_, i) => `single ${i + 1}`), ...Array.from({ length: 100 }, (_, i) => [`pair ${i} a`, `pair ${i} b`]).flat(), ...Array.from({ length: 50 }, (_, i) => `controlled ${i}`), "seed"];
    expect(names).toEqual(expected);
  });

  it("the connection is handed on during a sync: a second commit lands meanwhile, and neither caller is answered before a sync covering it ends", async () => {
    const path = file();
    let release: (() => void) | undefined;
    let held = false;
    const syncs: string[] = [];
    const { db } = openObserved(path, async (handle) => {
      if (held) {
        syncs.push("held");
        await new Promise<void>((resolve) => (release = resolve));
      }
      await handle.datasync();
      syncs.push("ended");
    });
    await createItems(db);
    held = true;
    let firstDone = false;
    let secondDone = false;
    // A transaction: its COMMIT hands the connection on and waits for the sync itself.
    const first = db
      .transaction()
      .execute((trx) => trx.insertInto("item").values({ id: 1, name: "first" }).execute())
      .then(() => (firstDone = true));
    await expect.poll(() => syncs).toEqual(["ended", "held"]);
    // The first commit's sync is held; the connection is free: the second commits now.
    held = false;
    const second = db.insertInto("item").values({ id: 2, name: "second" }).execute().then(() => (secondDone = true));
    const other = new SQLite(path, { readonly: true });
    await expect.poll(() => other.prepare("select name from item order by id").pluck().all()).toEqual(["first", "second"]);
    other.close();
    expect([firstDone, secondDone]).toEqual([false, false]);
    release!();
    await settlesWithin(Promise.all([first, second]), 5_000, "both writes");
    // The held sync covered the first commit; the second needed one of its own, started after it.
    expect(syncs).toEqual(["ended", "held", "ended", "ended"]);
    await db.destroy();
  });

  it("a read-only transaction, a rollback and a failed statement cost no sync", async () => {
    const { counts, syncFile } = countingSync();
    const { db } = openObserved(file(), syncFile);
    await createItems(db);
    await db.insertInto("item").values({ id: 1, name: "one" }).execute();
    const before = counts.started;
    await db.transaction().execute((trx) => trx.selectFrom("item").selectAll().execute());
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto("item").values({ id: 2, name: "two" }).execute();
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    await expect(db.insertInto("item").values({ id: 3, name: "one" }).execute()).rejects.toThrow(/UNIQUE/);
    expect(await db.selectFrom("item").select("name").execute()).toEqual([{ name: "one" }]);
    expect(counts.started).toBe(before);
    await db.insertInto("item").values({ id: 4, name: "four" }).execute();
    expect(counts.started).toBe(before + 1);
    await db.destroy();
  });

  it("a failed sync is final: the waiting write and every later call are refused with 503's error, and close completes", async () => {
    let fail = false;
    const { db } = openObserved(file(), async (handle) => {
      if (fail) throw Object.assign(new Error("EIO: i/o error, fdatasync"), { code: "EIO" });
      await handle.datasync();
    });
    await createItems(db);
    await db.insertInto("item").values({ id: 1, name: "synced" }).execute();
    fail = true;
    const write = db.insertInto("item").values({ id: 2, name: "not synced" }).execute();
    await expect(write).rejects.toBeInstanceOf(DatabaseUnavailableError);
    await expect(write).rejects.toThrow(/Could not sync the SQLite WAL to disk: EIO/);
    fail = false; // a later sync that succeeds proves nothing about the lost pages
    await expect(db.selectFrom("item").selectAll().execute()).rejects.toBeInstanceOf(DatabaseUnavailableError);
    await expect(db.insertInto("item").values({ id: 3, name: "after" }).execute()).rejects.toBeInstanceOf(DatabaseUnavailableError);
    await settlesWithin(db.destroy(), 5_000, "destroy");
  });

  it("another connection's commit (the offline CLI) still moves PRAGMA data_version for the server's caches", async () => {
    const path = file();
    const server = openSqlite(path);
    const serverDb = server.db as unknown as Kysely<Tables>;
    await createItems(serverDb);
    const counter = changeCounterOf(server.db)!;
    const seen = counter.foreign();
    const cli = openSqlite(path);
    await (cli.db as unknown as Kysely<Tables>).insertInto("item").values({ id: 1, name: "from the CLI" }).execute();
    await cli.close();
    expect(counter.foreign()).not.toBe(seen);
    expect(await serverDb.selectFrom("item").select("name").execute()).toEqual([{ name: "from the CLI" }]);
    await server.close();
  });
});
