/**
 * Sign-up throttles (issue 40, item 3): sign-ups per client address and per IPv6 /64, and
 * verification mails per address, counted apart from the per-minute rate limits. Requests come
 * through Fastify's inject with a chosen `remoteAddress` (the socket's address, no proxy trusted).
 * A refusal is the rate limiter's 429 TOO_MANY_REQUESTS with Retry-After, counted in
 * latchkey_signup_throttled_total{kind}, and writes nothing: no account, no mail.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";

const PASSWORD = "a long enough passphrase 7";
// Windows of an hour: a test never straddles two. The per-minute strict rule stays out of the way.
const SETTINGS = {
  rateLimit: { enabled: true, strict: { window: 60, max: 1_000 } },
  signUpThrottle: { perIp: { window: 3_600, max: 2 }, perIpv6Prefix64: { window: 3_600, max: 3 }, verificationMail: { window: 3_600, max: 2 } },
};

let server: TestServer;
let serial = 0;

beforeAll(async () => {
  server = await startTestServer({ config: SETTINGS });
});
afterAll(async () => {
  await server?.close();
});

async function post(path: string, body: Record<string, unknown> | undefined, remoteAddress: string, token?: string) {
  const answer = await server.app.server.inject({
    method: body === undefined ? "GET" : "POST",
    url: `/api/auth${path}`,
    ...(body === undefined ? {} : { payload: body }),
    remoteAddress,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: answer.statusCode, body: answer.json() as { code?: string; message?: string }, retryAfter: answer.headers["retry-after"] };
}

const signUp = (ip: string, email = `throttle-${++serial}@example.com`) => post("/sign-up/email", { email, password: PASSWORD, name: "Throttled Person" }, ip);

async function userCount(): Promise<number> {
  const row = await server.database.db.selectFrom("user").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
}

async function throttled(kind: string): Promise<number> {
  const metric = await server.app.context.metrics.signUpThrottled.get();
  return metric.values.find((each) => each.labels.kind === kind)?.value ?? 0;
}

function expectRefused(answer: Awaited<ReturnType<typeof post>>, windowSeconds = 3_600) {
  expect([answer.status, answer.body.code]).toEqual([429, "TOO_MANY_REQUESTS"]);
  expect(answer.body.message).toBe("Too many requests. Please try again later.");
  const retryAfter = Number(answer.retryAfter);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
}

describe("sign-up throttles", () => {
  it("are on by default, with the documented allowances", async () => {
    const { resolveConfig } = await import("../../../server/config.js");
    expect(resolveConfig({}).signUpThrottle).toEqual({
      enabled: true,
      perIp: { window: 3_600, max: 20 },
      perIpv6Prefix64: { window: 3_600, max: 60 },
      verificationMail: { window: 3_600, max: 20 },
    });
  });

  it("IPv4: the address's third sign-up in the window is refused, creating nothing; another address is not", async () => {
    const ip = "198.51.100.7";
    expect((await signUp(ip)).status).toBe(200);
    expect((await signUp(ip)).status).toBe(200);
    const users = await userCount();
    const before = await throttled("perIp");
    const email = "throttle-refused-v4@example.com";
    expectRefused(await signUp(ip, email));
    expect(await userCount()).toBe(users);
    expect(await server.database.db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirst()).toBeUndefined();
    expect(await throttled("perIp")).toBe(before + 1);
    // The same client through an IPv4-mapped IPv6 socket address is the same client.
    expectRefused(await signUp("::ffff:198.51.100.7"));
    expect((await signUp("198.51.100.8")).status).toBe(200);
  });

  it("IPv6: addresses in one /64 share the prefix's allowance; another /64 has its own", async () => {
    for (const host of ["a", "b", "c"]) expect((await signUp(`2001:db8:1:2::${host}`)).status).toBe(200);
    const users = await userCount();
    const before = await throttled("perIpv6Prefix64");
    // A fourth address of the same /64, written out in full: fresh per address, spent per prefix.
    expectRefused(await signUp("2001:0db8:0001:0002:ffff:0000:0000:0001"));
    expect(await userCount()).toBe(users);
    expect(await throttled("perIpv6Prefix64")).toBe(before + 1);
    expect((await signUp("2001:db8:1:3::a")).status).toBe(200);
    // One IPv6 address is also held to the per-address rule.
    const own = "2001:db8:9:9::1";
    expect((await signUp(own)).status).toBe(200);
    expect((await signUp(own)).status).toBe(200);
    expectRefused(await signUp(own));
  });

  it("verification mails: the address's third in the window is refused and mails nothing; email-verification codes share the count", async () => {
    const person = await signUp("203.0.113.50");
    expect(person.status).toBe(200);
    const email = `throttle-${serial}@example.com`;
    const ip = "2001:db8:77:1::1";
    const mails = async () => (await server.outbox(email)).length;
    expect((await post("/send-verification-email", { email }, ip)).status).toBe(200);
    expect((await post("/email-otp/send-verification-otp", { email, type: "email-verification" }, "2001:db8:77:1::2")).status).toBe(200);
    const sent = await mails();
    const before = await throttled("verificationMail");
    expectRefused(await post("/send-verification-email", { email }, "2001:db8:77:1::3"));
    expectRefused(await post("/email-otp/send-verification-otp", { email, type: "email-verification" }, ip));
    expect(await mails()).toBe(sent);
    expect(await throttled("verificationMail")).toBe(before + 2);
    expect((await post("/send-verification-email", { email }, "2001:db8:77:2::1")).status).toBe(200);
  });

  it("magic-link and sign-in code sends count as sign-ups (they may create the account); a signed-in passkey registration does not", async () => {
    const ip = "192.0.2.33";
    expect((await post("/sign-in/magic-link", { email: "throttle-link@example.com" }, ip)).status).toBe(200);
    expect((await post("/email-otp/send-verification-otp", { email: "throttle-code@example.com", type: "sign-in" }, ip)).status).toBe(200);
    const mails = (await server.outbox("throttle-link-2@example.com")).length;
    expectRefused(await post("/sign-in/magic-link", { email: "throttle-link-2@example.com" }, ip));
    expect((await server.outbox("throttle-link-2@example.com")).length).toBe(mails);
    expectRefused(await signUp(ip));
    // Password reset codes create nothing: not counted.
    expect((await post("/email-otp/send-verification-otp", { email: "throttle-code@example.com", type: "forget-password" }, ip)).status).toBe(200);

    const member = await server.signUp({ email: "throttle-passkey@example.com" });
    const options = await post("/passkey/generate-register-options", undefined, ip, member.token);
    expect(options.status).toBe(200);
    const context = encodeURIComponent(JSON.stringify({ email: "throttle-passkey-first@example.com", name: "Passkey First" }));
    expectRefused(await post(`/passkey/generate-register-options?context=${context}`, undefined, ip));
  });

  it("a non-sign-up request from a throttled address is not refused by the throttle", async () => {
    expect((await post("/sign-in/email", { email: "nobody-here@example.com", password: PASSWORD }, "198.51.100.7")).status).toBe(401);
  });
});
