/**
 * Issue 37: wrong email codes feed the same per-account lockout as wrong passwords
 * (docs/lockout.md, docs/passwordless.md). Each code dies after three tries, but new codes keep
 * coming (5 mails per 10 minutes), so without this one address would take 15 guesses every 10
 * minutes for as long as an attacker likes. SQLite, and PostgreSQL with LATCHKEY_TEST_DIALECT=postgres.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";
import { latestMail, passwordlessTab } from "../../helpers/passwordless-client.js";
import { auditRows } from "../account/support.js";

let server: TestServer;
beforeAll(async () => {
  // The lockout runs with rate limiting on; the per-IP rule is raised so only the lockout decides.
  server = await startTestServer({ config: { rateLimit: { enabled: true, strict: { window: 60, max: 1000 } }, lockout: { freeAttempts: 3, maxAttempts: 4 } } });
});
afterAll(async () => {
  await server?.close();
});

async function mailedCode(email: string, type: "sign-in" | "forget-password" = "sign-in"): Promise<string> {
  const sent = await server.request("POST", "/email-otp/send-verification-otp", { body: { email, type } });
  expect(sent.status).toBe(200);
  return (await latestMail(server, email, "email-otp")).token!;
}

const wrong = (code: string, offset = 1) => String((Number(code) + offset) % 1_000_000).padStart(6, "0");

describe("email codes and the account lockout", () => {
  it("locks the account after maxAttempts wrong codes across fresh codes: the right code and the password are refused too", async () => {
    const person = await server.signUp({ email: "otp-lock@example.com", password: "lock password 1" });
    const first = await mailedCode(person.email);
    // Three wrong tries: the first code is dead (its own limit), the account has three failures.
    for (let i = 1; i <= 3; i += 1) {
      const answer = await server.request("POST", "/sign-in/email-otp", { body: { email: person.email, otp: wrong(first, i) } });
      expect(answer.body.code).toBe("INVALID_OTP");
    }
    // A fresh code, a wrong reset-password try (another route, the same count): the fourth failure locks.
    const reset = await mailedCode(person.email, "forget-password");
    const fourth = await server.request("POST", "/email-otp/reset-password", { body: { email: person.email, otp: wrong(reset), password: "new password 123" } });
    expect(fourth.body.code).toBe("INVALID_OTP");
    const locks = await auditRows(server, "user.lock");
    expect(locks.some((e) => e.targetId === person.userId)).toBe(true);

    const fresh = await mailedCode(person.email);
    const right = await server.request("POST", "/sign-in/email-otp", { body: { email: person.email, otp: fresh } });
    expect(right.status).toBe(429);
    expect(right.body.code).toBe("TOO_MANY_SIGN_IN_ATTEMPTS");
    const password = await passwordlessTab(server).client.signIn.email({ email: person.email, password: person.password });
    expect(password.error?.status).toBe(429);
    // After the wait (15 min: that code has expired by then) a new code signs in, and clears the count.
    server.clock.advance(901_000);
    const later = await mailedCode(person.email);
    const after = await server.request("POST", "/sign-in/email-otp", { body: { email: person.email, otp: later } });
    expect(after.status).toBe(200);
    const row = await server.database.db.selectFrom("user").select(["failedSignInCount", "lockedUntil"]).where("id", "=", person.userId).executeTakeFirstOrThrow();
    expect(Number(row.failedSignInCount)).toBe(0);
    expect(row.lockedUntil).toBeNull();
  });

  it("counts codes for an address with no account under the address, as a password sign-in would", async () => {
    const email = "otp-lock-nobody@example.com";
    const code = await mailedCode(email);
    for (let i = 1; i <= 3; i += 1) await server.request("POST", "/sign-in/email-otp", { body: { email, otp: wrong(code, i) } });
    const next = await mailedCode(email);
    expect((await server.request("POST", "/sign-in/email-otp", { body: { email, otp: wrong(next) } })).body.code).toBe("INVALID_OTP");
    const refused = await server.request("POST", "/sign-in/email-otp", { body: { email, otp: next } });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe("TOO_MANY_SIGN_IN_ATTEMPTS");
    expect(await server.database.db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirst()).toBeUndefined();
  });
});
