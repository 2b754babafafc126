/**
 * SQLite's commit sync, off the event loop (issue 41 item 2). With `synchronous = FULL` every
 * COMMIT fsyncs the `-wal` file on the calling thread, and better-sqlite3 calls from the main
 * thread: during a sign-in storm each commit froze every request for one fsync (1–3 ms quiet,
 * 7–14 ms on a busy disk). The server now runs SQLite at NORMAL — a commit writes its frames into
 * the WAL (the OS's page cache) and returns — and syncs the WAL itself, with `fdatasync` on
 * libuv's thread pool. A commit's caller is answered only after a sync that started after the
 * commit has finished (db/wal-synced-dialect.ts), so what an answer acknowledges is on disk, as
 * with FULL.
 *
 * Group commit: one sync covers every commit made before it started. A commit arriving while a
 * sync is in flight cannot count on it (its frames may have been written after the kernel began
 * flushing), so it waits for the next one, which the end of the sync in flight starts whenever
 * anyone is still waiting — the step the first attempt missed, leaving such a commit waiting for
 * good. Checkpoints are SQLite's own business: at NORMAL it syncs the WAL before copying it into
 * the database file and the database file after, so a WAL restart never drops a synced commit.
 *
 * A failed sync is final. After an fsync error Linux may mark the unwritten pages clean, so a
 * later sync that succeeds proves nothing about them: every caller still waiting and every one
 * after is refused with 503 (`DatabaseUnavailableError`) until the process restarts, as
 * PostgreSQL stops on a failed fsync.
 */
import { open, type FileHandle } from "node:fs/promises";
import { dirname } from "node:path";
import { DatabaseUnavailableError } from "./failures.js";

export interface WalSync {
  /** A commit that wrote has just returned: its frames are in the WAL, not yet on disk. */
  noteCommit(): void;
  /** How many commits have been noted: what a statement run now may have seen. */
  noted(): number;
  /**
   * Undefined when the first `upTo` commits (default: all noted so far) are on disk — no
   * promise, no tick; otherwise a promise that settles once they are, or rejects when a sync failed.
   */
  durable(upTo?: number): Promise<void> | undefined;
  /** Waits for the syncs still owed (their failure included), then closes the file. */
  close(): Promise<void>;
}

interface Waiter {
  upTo: number;
  resolve(): void;
  reject(error: Error): void;
}

/** How one sync reaches the disk; tests replace it to make a sync fail (no local part can). */
export type SyncFile = (handle: FileHandle) => Promise<void>;

export function createWalSync(walFile: string, options: { syncFile?: SyncFile } = {}): WalSync {
  const syncFile = options.syncFile ?? ((handle: FileHandle) => handle.datasync());
  let committed = 0;
  let synced = 0;
  let running = false;
  let failure: Error | undefined;
  let waiters: Waiter[] = [];
  let handle: Promise<FileHandle> | undefined;

  function settle(): void {
    const still: Waiter[] = [];
    for (const waiter of waiters) {
      if (failure) waiter.reject(failure);
      else if (waiter.upTo <= synced) waiter.resolve();
      else still.push(waiter);
    }
    waiters = still;
  }

  function start(): void {
    // The sync in flight starts the next one when it ends (below).
    if (running) return;
    running = true;
    const target = committed;
    handle ??= openWal(walFile);
    handle
      .then(syncFile)
      .then(
        () => {
          synced = Math.max(synced, target);
        },
        (error: unknown) => {
          failure ??= new DatabaseUnavailableError(`Could not sync the SQLite WAL to disk: ${(error as Error).message}`, "sync", { cause: error });
        },
      )
      .finally(() => {
        running = false;
        settle();
        if (waiters.length > 0) start();
      });
  }

  function durable(upTo = committed): Promise<void> | undefined {
    if (failure) return Promise.reject(failure);
    if (synced >= upTo) return undefined;
    return new Promise<void>((resolve, reject) => {
      waiters.push({ upTo, resolve, reject });
      start();
    });
  }

  return {
    noteCommit() {
      committed++;
    },
    noted: () => committed,
    durable,
    async close() {
      await durable()?.catch(() => undefined);
      if (handle) await (await handle.catch(() => undefined))?.close();
      handle = undefined;
    },
  };
}

/**
 * The WAL, opened once for syncing (fsync flushes the file, whichever descriptor wrote it).
 * Read-write because Windows flushes only a handle with write access. The folder is synced once
 * too, so the WAL's own name survives a power cut (SQLite does the same on its first sync).
 */
async function openWal(walFile: string): Promise<FileHandle> {
  const wal = await open(walFile, "r+");
  if (process.platform !== "win32") {
    // Windows cannot open a folder as a file; NTFS journals the name itself.
    const folder = await open(dirname(walFile), "r");
    try {
      await folder.sync();
    } finally {
      await folder.close();
    }
  }
  return wal;
}
