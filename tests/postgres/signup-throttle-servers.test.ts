/**
 * Sign-up throttles across two servers on one PostgreSQL (issue 40, item 3): the counts live in the
 * shared "rateLimitCounter" rows, added exactly (one upsert per sign-up, not the batched sync), so
 * a client alternating between servers gets the allowance once, at once. PostgreSQL pass only.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSecondServer, type SecondServer } from "../helpers/second-server.js";
import { startTestServer, testDialect, type TestServer } from "../helpers/test-server.js";

const PASSWORD = "a long enough passphrase 7";
// Both servers on the system clock (epoch-aligned hour windows); a long sync, so only the exact count can share.
const SETTINGS = {
  rateLimit: { enabled: true, strict: { window: 60, max: 1_000 }, syncMs: 60_000 },
  signUpThrottle: { perIp: { window: 3_600, max: 2 }, perIpv6Prefix64: { window: 3_600, max: 3 }, verificationMail: { window: 3_600, max: 1 } },
};

describe("sign-up throttles across two servers on one PostgreSQL", () => {
  let database: TestServer;
  let one: SecondServer;
  let two: SecondServer;
  const run = `${process.pid}-${Date.now()}`;
  let serial = 0;

  beforeAll(async () => {
    expect(testDialect, "tests/postgres runs only with LATCHKEY_TEST_DIALECT=postgres").toBe("postgres");
    database = await startTestServer();
    one = await startSecondServer(database.dbFile, SETTINGS);
    two = await startSecondServer(database.dbFile, SETTINGS);
  });
  afterAll(async () => {
    await two?.close();
    await one?.close();
    await database?.close();
  });

  async function post(on: SecondServer, path: string, body: Record<string, unknown>, remoteAddress: string) {
    const answer = await on.app.server.inject({ method: "POST", url: `/api/auth${path}`, payload: body, remoteAddress });
    return { status: answer.statusCode, code: (answer.json() as { code?: string }).code, retryAfter: answer.headers["retry-after"] };
  }
  const signUp = (on: SecondServer, ip: string, email = `pg-throttle-${run}-${++serial}@example.com`) => post(on, "/sign-up/email", { email, password: PASSWORD, name: "Shared Throttle" }, ip);

  it("an IPv4 address's allowance is spent across both servers, and the refusal creates nothing", async () => {
    // A per-run address: the database (and its counters) may outlive one run.
    const ip = `198.18.${process.pid % 250}.${Date.now() % 250}`;
    expect((await signUp(one, ip)).status).toBe(200);
    expect((await signUp(two, ip)).status).toBe(200);
    const email = `pg-throttle-${run}-refused@example.com`;
    const refused = await signUp(one, ip, email);
    expect([refused.status, refused.code]).toEqual([429, "TOO_MANY_REQUESTS"]);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(await database.database.db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirst()).toBeUndefined();
    expect((await signUp(two, ip)).status).toBe(429);
    const metric = await two.app.context.metrics.signUpThrottled.get();
    expect(metric.values.find((each) => each.labels.kind === "perIp")?.value).toBe(1);
  });

  it("an IPv6 /64 is one bucket across both servers; another /64 is not", async () => {
    const prefix = `2001:db8:${(process.pid % 65_000).toString(16)}:${(Date.now() % 65_000).toString(16)}`;
    expect((await signUp(one, `${prefix}::1`)).status).toBe(200);
    expect((await signUp(two, `${prefix}::2`)).status).toBe(200);
    expect((await signUp(one, `${prefix}::3`)).status).toBe(200);
    expect((await signUp(two, `${prefix}::4`)).code).toBe("TOO_MANY_REQUESTS");
    const other = `2001:db9:${(process.pid % 65_000).toString(16)}:${(Date.now() % 65_000).toString(16)}::1`;
    expect((await signUp(one, other)).status).toBe(200);
  });

  it("the verification-mail allowance is shared too", async () => {
    const email = `pg-throttle-${run}-verify@example.com`;
    expect((await signUp(one, "198.18.255.1", email)).status).toBe(200);
    const ip = `203.0.113.${Date.now() % 250}`;
    expect((await post(one, "/send-verification-email", { email }, ip)).status).toBe(200);
    const refused = await post(two, "/send-verification-email", { email }, ip);
    expect([refused.status, refused.code]).toEqual([429, "TOO_MANY_REQUESTS"]);
  });
});
