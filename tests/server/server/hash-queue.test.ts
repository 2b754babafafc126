/**
 * Issue 41 item 2: admission control in front of the password-hashing workers. With a slow (real)
 * argon2 setting, every worker busy and `maxHashQueue` hashes already waiting, one more sign-up or
 * sign-in is refused at once with 503 SERVER_BUSY and Retry-After, changes nothing in the database
 * (no user, no lockout count), is counted in the metrics, and get-session still answers; once the
 * queue drains the same requests succeed.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUp, startSqliteServer, type Server } from "../../helpers/sqlite-fault-server.js";

// Slow enough that a worker is still busy while the test sends its probe (a hash takes seconds).
const SLOW_PASSWORD = { memoryCost: 8192, timeCost: 100, parallelism: 1 };

describe("hashing admission control (issue 41)", () => {
  let dir: string;
  let server: Server;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "latchkey-hash-queue-"));
    // Rate limits on: the lockout count is one of the things the refusal must not touch.
    server = await startSqliteServer(join(dir, "queue.db"), 5_000, {
      maxHashQueue: 1,
      livenessTimeout: 0,
      password: SLOW_PASSWORD,
      rateLimit: { enabled: true, max: 10_000, window: 60, strict: { window: 60, max: 1_000 } },
    });
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function waitFor(condition: () => boolean | Promise<boolean>): Promise<void> {
    const deadline = Date.now() + 60_000;
    while (!(await condition())) {
      if (Date.now() > deadline) throw new Error("condition not met in 60 s");
      await sleep(20);
    }
  }

  async function queueDepth(): Promise<{ queued: number; busy: number }> {
    const { values } = await server.app.context.metrics.registry.getSingleMetric("latchkey_password_hash_queue_depth")!.get();
    const of = (state: string) => values.find((value) => value.labels.state === state)?.value ?? 0;
    return { queued: of("queued"), busy: of("busy") };
  }

  async function signIn(email: string): Promise<{ status: number; code?: string; retryAfter: string | null }> {
    const response = await fetch(`${server.api}/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: "correct horse battery" }),
    });
    const body = (await response.json()) as { code?: string };
    return { status: response.status, code: body.code, retryAfter: response.headers.get("retry-after") };
  }

  it("refuses the hash beyond maxHashQueue with 503 SERVER_BUSY and Retry-After, changes nothing, and admits again after the drain", async () => {
    const first = await signUp(server.api, "member@example.com");
    expect(first.status).toBe(200);
    const workers = server.app.context.metrics.registry.getSingleMetric("latchkey_password_hash_workers")!;
    const size = (await workers.get()).values[0]!.value;
    expect(size).toBeGreaterThan(0);

    // Every worker busy and one sign-up waiting: the queue is full.
    const filling = Array.from({ length: size + 1 }, (_, i) => signUp(server.api, `filler-${i}@example.com`));
    await waitFor(async () => {
      const depth = await queueDepth();
      return depth.busy === size && depth.queued === 1;
    });

    const shedSignUp = await signUp(server.api, "shed@example.com");
    expect(shedSignUp).toMatchObject({ status: 503, code: "SERVER_BUSY", retryAfter: "1" });
    const shedSignIn = await signIn("member@example.com");
    expect(shedSignIn).toMatchObject({ status: 503, code: "SERVER_BUSY", retryAfter: "1" });
    // get-session never waits on the hashing queue.
    const session = await fetch(`${server.api}/get-session`, { headers: { authorization: `Bearer ${first.token}` } });
    expect(session.status).toBe(200);
    expect(((await session.json()) as { user?: { email?: string } }).user?.email).toBe("member@example.com");

    // Nothing changed: no user for the refused sign-up, no lockout count for the refused sign-in.
    const db = server.database.db;
    expect(await db.selectFrom("user").select("id").where("email", "=", "shed@example.com").executeTakeFirst()).toBeUndefined();
    const member = await db.selectFrom("user").select(["failedSignInCount", "lockedUntil"]).where("email", "=", "member@example.com").executeTakeFirstOrThrow();
    expect(Number(member.failedSignInCount)).toBe(0);
    expect(member.lockedUntil).toBeNull();
    const rejections = (await server.app.context.metrics.hashRejections.get()).values;
    expect(rejections.reduce((sum, value) => sum + value.value, 0)).toBe(2);

    // The admitted ones finish; after the drain the refused requests succeed.
    expect((await Promise.all(filling)).map((answer) => answer.status)).toEqual(Array.from({ length: size + 1 }, () => 200));
    expect((await signUp(server.api, "shed@example.com")).status).toBe(200);
    expect((await signIn("member@example.com")).status).toBe(200);
  });
});
