/**
 * Issue 44 items 2 and 3, made reproducible with SQLite (each test has its own file): requests
 * are held up by another process holding the database's write lock, the way a stalled database
 * holds them up.
 * - load shedding: with `maxInFlight` requests already waiting, one more is refused at once with
 *   503 SERVER_BUSY and Retry-After, while /ok and /ready still answer; the waiting ones finish;
 * - request timeout: a request unanswered after `requestTimeoutMs` gets 503 SERVER_TIMEOUT (its
 *   work may still take effect later, as the answer says);
 * - liveness: /ok answers 503 NOT_LIVE once the database has not answered for `livenessTimeout`
 *   seconds, and 200 again once it does.
 */
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { foreignLock, signUp, startSqliteServer, type Server } from "../../helpers/sqlite-fault-server.js";

describe("load limits (issue 44)", () => {
  let dir: string;
  const servers: Server[] = [];
  const holders: ChildProcess[] = [];

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "latchkey-load-limits-"));
  });
  afterAll(async () => {
    for (const holder of holders) if (holder.exitCode === null) holder.kill("SIGKILL");
    for (const server of servers) await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function waitFor(condition: () => boolean | Promise<boolean>): Promise<void> {
    const deadline = Date.now() + 20_000;
    while (!(await condition())) {
      if (Date.now() > deadline) throw new Error("condition not met in 20 s");
      await sleep(20);
    }
  }

  it("sheds the request beyond maxInFlight with 503 SERVER_BUSY at once; /ok and /ready still answer; the others finish", async () => {
    const server = await startSqliteServer(join(dir, "shed.db"), 60_000, { maxInFlight: 2, livenessTimeout: 0 });
    servers.push(server);
    const lock = await foreignLock(server.database.sqlite.name);
    holders.push(lock.child);
    const waiting = [signUp(server.api, "one@example.com"), signUp(server.api, "two@example.com")];
    // Both are being handled (waiting for the lock) before the third arrives.
    await waitFor(async () => {
      const metrics = await server.app.context.metrics.registry.getSingleMetricAsString("latchkey_http_requests_in_flight");
      return /latchkey_http_requests_in_flight 2$/m.test(metrics);
    });
    const shed = await signUp(server.api, "three@example.com");
    expect(shed).toMatchObject({ status: 503, code: "SERVER_BUSY", retryAfter: "1" });
    expect((await fetch(`${server.api}/ok`)).status).toBe(200);
    // Readiness is asked, not shed (its `select 1` may wait behind the stuck writes: 200 or NOT_READY).
    const ready = (await (await fetch(`${server.api}/ready`)).json()) as { ok?: boolean; code?: string };
    expect(ready.ok === true || ready.code === "NOT_READY").toBe(true);
    await lock.release();
    expect((await Promise.all(waiting)).map((answer) => answer.status)).toEqual([200, 200]);
    const rows = await server.database.db.selectFrom("user").select("email").execute();
    expect(rows.map((row) => row.email).sort()).toEqual(["one@example.com", "two@example.com"]);
    const { values } = await server.app.context.metrics.unavailableAnswers.get();
    expect(values.find((value) => value.labels.code === "SERVER_BUSY")?.value).toBe(1);
  });

  it("answers a request still unfinished after requestTimeoutMs with 503 SERVER_TIMEOUT", async () => {
    const server = await startSqliteServer(join(dir, "timeout.db"), 60_000, { requestTimeoutMs: 2_000, livenessTimeout: 0 });
    servers.push(server);
    const lock = await foreignLock(server.database.sqlite.name);
    holders.push(lock.child);
    const answer = await signUp(server.api, "slow@example.com");
    expect(answer).toMatchObject({ status: 503, code: "SERVER_TIMEOUT" });
    expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    await lock.release();
    // The answer said "may or may not have taken effect": this one did, once the lock was gone.
    await waitFor(async () => (await server.database.db.selectFrom("user").select("email").where("email", "=", "slow@example.com").executeTakeFirst()) !== undefined);
    expect((await signUp(server.api, "fast@example.com")).status).toBe(200);
  });

  it("/ok answers 503 NOT_LIVE after livenessTimeout without a database answer, and 200 once it answers again", async () => {
    const server = await startSqliteServer(join(dir, "live.db"), 60_000, { livenessTimeout: 1 });
    servers.push(server);
    expect((await fetch(`${server.api}/ok`)).status).toBe(200);
    const lock = await foreignLock(server.database.sqlite.name);
    holders.push(lock.child);
    // A write waiting for the lock holds SQLite's one connection: the probe's `select 1` waits behind it.
    const stuck = signUp(server.api, "stuck@example.com");
    await waitFor(async () => (await fetch(`${server.api}/ok`)).status === 503);
    const body = (await (await fetch(`${server.api}/ok`)).json()) as { code: string };
    expect(body.code).toBe("NOT_LIVE");
    await lock.release();
    expect((await stuck).status).toBe(200);
    await waitFor(async () => (await fetch(`${server.api}/ok`)).status === 200);
  });
});
