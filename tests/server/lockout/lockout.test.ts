/**
 * Per-account brute-force protection (issue 12 item 2): failures slow, then lock, the account;
 * unknown accounts answer identically; success resets; administrators see and clear the state.
 * Runs on SQLite and in the PostgreSQL pass.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../../server/app.js";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";
import { auditRows, signUpAdmin } from "../admin/admin-helpers.js";

// Small numbers keep the suite quick: 3 free failures, a 1 s wait at the 4th, a 60 s lock at the 5th.
const LOCKOUT = { freeAttempts: 3, maxAttempts: 5, slowDelay: 1, lockDuration: 60, maxLockDuration: 600, resetAfter: 3600 };
const config = { rateLimit: { enabled: true, max: 100_000, strict: { window: 60, max: 100_000 } }, lockout: LOCKOUT };

let server: TestServer;
let admin: { token: string; userId: string };

beforeAll(async () => {
  server = await startTestServer({ config });
  admin = await signUpAdmin(server, { email: "root@example.com" });
});
afterAll(async () => {
  await server.close();
});

const signIn = (email: string, password: string) => server.request("POST", "/sign-in/email", { body: { email, password } });
const getUser = async (id: string) => (await server.request("GET", `/admin/get-user?id=${id}`, { token: admin.token })).body;

/** Fails `count` times, each after any short wait is over; every one answers 401. */
async function fail(email: string, count: number) {
  for (let i = 0; i < count; i++) {
    server.clock.advance(2_000);
    expect((await signIn(email, "wrong password")).status).toBe(401);
  }
}

describe("sign-in lockout", () => {
  it("slows, then locks an account after repeated wrong passwords, refusing even the right one", async () => {
    const ada = await server.signUp({ email: "ada@example.com", password: "correct horse" });
    await fail("ada@example.com", 4); // the 4th starts a 1 s wait
    const slowed = await signIn("ada@example.com", "correct horse");
    expect(slowed.status).toBe(429);
    expect(slowed.body).toEqual({ code: "TOO_MANY_SIGN_IN_ATTEMPTS", message: "Too many failed sign-in attempts. Try again later." });

    await fail("ada@example.com", 1); // the 5th: locked for 60 s
    expect((await signIn("ada@example.com", "correct horse")).status).toBe(429);
    const seen = await getUser(ada.userId);
    expect(seen.failedSignInCount).toBe(5);
    expect(Date.parse(seen.lockedUntil)).toBe(server.clock.now() + 60_000);

    server.clock.advance(60_001);
    expect((await signIn("ada@example.com", "correct horse")).status).toBe(200);
    expect(await getUser(ada.userId)).toMatchObject({ failedSignInCount: 0, lockedUntil: null });
    const locks = await auditRows(server, "user.lock");
    expect(locks.map((row) => row.targetId)).toContain(ada.userId);
  });

  it("answers an unknown account exactly as a locked real one, with no password hash either way", async () => {
    await server.signUp({ email: "real@example.com" });
    await fail("real@example.com", 5);
    await fail("ghost@example.com", 5);
    const real = await signIn("real@example.com", "anything");
    const ghost = await signIn("ghost@example.com", "anything");
    expect([real.status, real.text]).toEqual([ghost.status, ghost.text]);
    expect(real.status).toBe(429);
    expect([...real.headers.keys()].sort()).toEqual([...ghost.headers.keys()].sort());

    // Timing: a refusal costs one claim query, never a hash, for both. Samples alternate between
    // the two so the machine's drift (shared cores) falls on both alike.
    const took = async (email: string) => {
      const start = performance.now();
      await signIn(email, "anything");
      return performance.now() - start;
    };
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const realTimes: number[] = [];
    const ghostTimes: number[] = [];
    const hashedTimes: number[] = [];
    for (let i = 0; i < 9; i++) {
      realTimes.push(await took("real@example.com"));
      ghostTimes.push(await took("ghost@example.com"));
      hashedTimes.push(await took(`nobody-${i}@example.com`)); // unlocked: pays the hash
    }
    expect(Math.abs(median(realTimes) - median(ghostTimes))).toBeLessThan(Math.max(25, median(hashedTimes)));
  });

  it("meets a parallel burst of guesses with the wait as soon as one attempt has claimed it", async () => {
    await server.signUp({ email: "burst@example.com", password: "burst password" });
    server.clock.advance(2_000);
    const statuses = await Promise.all(Array.from({ length: 20 }, () => signIn("burst@example.com", "wrong password")).map(async (answer) => (await answer).status));
    const guessed = statuses.filter((status) => status === 401).length;
    // 3 free attempts and the 4th that starts the wait; the claim and its wait commit together,
    // so no parallel attempt slips in between them.
    expect(guessed).toBe(4);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20 - guessed);
  });

  it("keeps the count when a right password still needs a second factor, without leaving a wait", async () => {
    const tf = await server.signUp({ email: "two-factor@example.com", password: "tf password" });
    await server.database.db.updateTable("user").set({ twoFactorEnabled: 1 }).where("id", "=", tf.userId).execute();
    await fail("two-factor@example.com", 4); // the 4th starts a 1 s wait
    server.clock.advance(2_000);
    const right = await signIn("two-factor@example.com", "tf password");
    expect(right.status).toBe(200); // the second factor is asked for next
    // The right password gave back its own attempt (and its wait), not the earlier failures.
    expect(await getUser(tf.userId)).toMatchObject({ failedSignInCount: 4, lockedUntil: null });
  });

  it("counts email and username sign-ins of one account together", async () => {
    const bob = await server.signUp({ email: "bob@example.com", username: "bobby", password: "bob password" });
    await fail("bob@example.com", 3);
    const byName = await server.request("POST", "/sign-in/username", { body: { username: "bobby", password: "nope nope" } });
    expect(byName.status).toBe(401);
    expect((await getUser(bob.userId)).failedSignInCount).toBe(4);
    const again = await server.request("POST", "/sign-in/username", { body: { username: "bobby", password: "bob password" } });
    expect(again.status).toBe(429);
  });

  it("resets the count on a successful sign-in", async () => {
    const cy = await server.signUp({ email: "cy@example.com", password: "cy password" });
    await fail("cy@example.com", 3);
    expect((await signIn("cy@example.com", "cy password")).status).toBe(200);
    expect((await getUser(cy.userId)).failedSignInCount).toBe(0);
    await fail("cy@example.com", 3); // three free failures again, no wait
    expect((await signIn("cy@example.com", "cy password")).status).toBe(200);
  });

  it("clears the count and the lock when the owner resets the password by mail, audited", async () => {
    const fay = await server.signUp({ email: "fay@example.com", password: "old password" });
    await fail("fay@example.com", 5);
    expect((await signIn("fay@example.com", "old password")).status).toBe(429);
    await server.request("POST", "/request-password-reset", { body: { email: "fay@example.com" } });
    const mail = (await server.outbox("fay@example.com")).find((m) => m.kind === "reset-password");
    const reset = await server.request("POST", "/reset-password", { body: { token: mail?.token, newPassword: "new password 1" } });
    expect(reset.status).toBe(200);
    expect(await getUser(fay.userId)).toMatchObject({ failedSignInCount: 0, lockedUntil: null });
    expect((await signIn("fay@example.com", "new password 1")).status).toBe(200);
    const unlocks = (await auditRows(server, "user.unlock")).filter((row) => row.targetId === fay.userId);
    expect(unlocks).toHaveLength(1);
    expect(JSON.parse(unlocks[0]!.metadata as string)).toMatchObject({ reason: "password-reset", wasLocked: true, failedSignInCount: 5 });
  });

  it("lets an administrator see locked users in list-users and unlock them, audited; others may not", async () => {
    const dee = await server.signUp({ email: "dee@example.com", password: "dee password" });
    await fail("dee@example.com", 5);
    const listed = await server.request("GET", `/admin/list-users?filterField=lockedUntil&filterOperator=gt&filterValue=${server.clock.now()}`, { token: admin.token });
    expect(listed.status).toBe(200);
    expect(listed.body.users.map((u: { email: string }) => u.email)).toContain("dee@example.com");
    expect(listed.body.users.every((u: { lockedUntil: string | null }) => u.lockedUntil !== null)).toBe(true);

    const plain = await server.signUp({ email: "plain@example.com" });
    const forbidden = await server.request("POST", "/admin/unlock-user", { token: plain.token, body: { userId: dee.userId } });
    expect([forbidden.status, forbidden.body.code]).toEqual([403, "YOU_ARE_NOT_ALLOWED_TO_UPDATE_USERS"]);

    const unlocked = await server.request("POST", "/admin/unlock-user", { token: admin.token, body: { userId: dee.userId } });
    expect(unlocked.status).toBe(200);
    expect(unlocked.body).toMatchObject({ wasLocked: true, user: { id: dee.userId, failedSignInCount: 0, lockedUntil: null } });
    expect((await signIn("dee@example.com", "dee password")).status).toBe(200);
    const events = await auditRows(server, "user.unlock");
    expect(events.find((e) => e.targetId === dee.userId)?.actorId).toBe(admin.userId);

    const missing = await server.request("POST", "/admin/unlock-user", { token: admin.token, body: { userId: "no-such-user" } });
    expect([missing.status, missing.body.code]).toEqual([404, "USER_NOT_FOUND"]);
  });

  it("keeps the lock in the database: another server (or a restart) on it refuses too", async () => {
    await server.signUp({ email: "eve@example.com", password: "eve password" });
    await fail("eve@example.com", 5);
    await fail("unknown-eve@example.com", 5);
    const restarted = await createApp({ config: server.app.context.config, db: server.database.db, secret: "test-secret-test-secret-test-secret-42", clock: server.clock, logger: false });
    try {
      for (const email of ["eve@example.com", "unknown-eve@example.com"]) {
        const answer = await restarted.server.inject({ method: "POST", url: "/api/auth/sign-in/email", payload: { email, password: "eve password" } });
        expect([answer.statusCode, answer.json().code]).toEqual([429, "TOO_MANY_SIGN_IN_ATTEMPTS"]);
      }
    } finally {
      await restarted.server.close();
    }
  });
});

describe("lockout switches", () => {
  it("is off when rate limiting is off", async () => {
    const open = await startTestServer({ config: { rateLimit: { enabled: false }, lockout: LOCKOUT } });
    try {
      await open.signUp({ email: "free@example.com", password: "free password" });
      for (let i = 0; i < 7; i++) expect((await open.request("POST", "/sign-in/email", { body: { email: "free@example.com", password: "wrong" } })).status).toBe(401);
      expect((await open.request("POST", "/sign-in/email", { body: { email: "free@example.com", password: "free password" } })).status).toBe(200);
    } finally {
      await open.close();
    }
  });
});
