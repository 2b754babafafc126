/**
 * Issue 44, a really full disk: the SQLite file lives on a small tmpfs of its own, and a filler
 * file takes all but a few kilobytes of it. Writes answer 507 DATABASE_FULL with Retry-After (not a
 * 500, not a crash), reads go on, and once the filler is removed writes work again without a
 * restart. (sqlite-faults.test.ts reaches the same SQLITE_FULL through SQLite's page limit; this
 * one goes through the kernel's ENOSPC.) Mounting needs root, which the test machines and CI have.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, statfsSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUp, startSqliteServer, type Server } from "../../helpers/sqlite-fault-server.js";

describe("SQLite on a full disk (issue 44)", () => {
  let mountPoint: string;
  let server: Server | undefined;

  beforeAll(() => {
    mountPoint = mkdtempSync(join(tmpdir(), "latchkey-full-disk-"));
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=16m", "tmpfs", mountPoint]);
  });
  afterAll(async () => {
    await server?.close();
    execFileSync("umount", [mountPoint]);
    rmSync(mountPoint, { recursive: true, force: true });
  });

  it("answers 507 DATABASE_FULL to writes, keeps serving reads, and writes again once space is freed", async () => {
    server = await startSqliteServer(join(mountPoint, "latchkey.db"), 300);
    const before = await signUp(server.api, "disk-before@example.com");
    expect(before.status).toBe(200);

    // Leave the database a few kilobytes: the next pages it needs cannot be written (ENOSPC).
    const filler = join(mountPoint, "filler");
    const { bavail, bsize } = statfsSync(mountPoint);
    writeFileSync(filler, Buffer.alloc(Math.max(0, bavail * bsize - 16 * 1024)));

    let full: Awaited<ReturnType<typeof signUp>> | undefined;
    for (let n = 0; n < 300 && full?.status !== 507; n++) {
      full = await signUp(server.api, `disk-filler-${n}@example.com`);
      expect([200, 507]).toContain(full.status);
    }
    expect(full).toMatchObject({ status: 507, code: "DATABASE_FULL" });
    expect(Number(full?.retryAfter)).toBeGreaterThan(0);

    // Reads go on: the first person's session still answers.
    const session = await fetch(`${server.api}/get-session`, { headers: { authorization: `Bearer ${before.token}` } });
    expect(session.status).toBe(200);
    expect(((await session.json()) as { user: { email: string } }).user.email).toBe("disk-before@example.com");

    // Room again: writes work without a restart.
    rmSync(filler);
    expect((await signUp(server.api, "disk-after@example.com")).status).toBe(200);
  });
});
