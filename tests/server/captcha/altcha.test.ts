/**
 * ALTCHA (issue 40, item 2): with `captcha: { provider: "altcha" }` every protected endpoint —
 * sign-up, sign-in by email and by username, both password-reset requests, the verification mail,
 * the magic link, both email-code sends, and passkey-first sign-up's options call — refuses a request without `x-captcha-response` with
 * `400 MISSING_RESPONSE` and one whose solution is wrong, forged, expired or already used with
 * `403 VERIFICATION_FAILED`, and changes nothing then (no account, no mail). Challenges come from
 * GET /captcha/challenge and are solved for real by altcha-lib. A solution spent on one server is
 * refused by a second server on the same database (the one-time store is shared).
 */
import { createChallenge } from "altcha-lib/v1";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deriveKey } from "../../../server/crypto/encrypt.js";
import { altchaResponse, solveAltcha, type AltchaChallenge } from "../../helpers/altcha-solver.js";
import { startSecondServer, type SecondServer } from "../../helpers/second-server.js";
import { startTestServer, TEST_SECRET, type TestServer } from "../../helpers/test-server.js";

const PASSWORD = "a long enough passphrase 7";
const OLD_SECRET = "an-earlier-server-secret-of-32-chars-or-more";

interface Case {
  path: string;
  body: (email: string) => Record<string, unknown>;
  /** Whether a passing request mails the address (so a refused one must not). */
  mails: boolean;
}

describe("ALTCHA on the protected endpoints", () => {
  let server: TestServer;
  let second: SecondServer;
  const email = "altcha-person@example.com";
  const username = "altcha_person";

  beforeAll(async () => {
    server = await startTestServer({ config: { captcha: { provider: "altcha", maxNumber: 5_000, expiresIn: 60 }, previousSecrets: [OLD_SECRET] } });
    // Same previous secrets: they are remembered per secret, process-wide (crypto/encrypt.ts).
    second = await startSecondServer(server.dbFile, { captcha: { provider: "altcha", maxNumber: 5_000, expiresIn: 60 }, previousSecrets: [OLD_SECRET] });
    const signUp = await server.request("POST", "/sign-up/email", { body: { email, password: PASSWORD, name: "Altcha Person", username }, headers: { "x-captcha-response": await altchaResponse(server.api) } });
    expect(signUp.status).toBe(200);
  });
  afterAll(async () => {
    await second?.close();
    await server?.close();
  });

  const cases: Case[] = [
    { path: "/sign-up/email", body: (to) => ({ email: to, password: PASSWORD, name: "New Person" }), mails: false },
    { path: "/sign-in/email", body: () => ({ email, password: PASSWORD }), mails: false },
    { path: "/sign-in/username", body: () => ({ username, password: PASSWORD }), mails: false },
    { path: "/forget-password", body: () => ({ email }), mails: true },
    { path: "/request-password-reset", body: () => ({ email }), mails: true },
    { path: "/send-verification-email", body: () => ({ email }), mails: true },
    { path: "/sign-in/magic-link", body: () => ({ email }), mails: true },
    { path: "/email-otp/send-verification-otp", body: () => ({ email, type: "sign-in" }), mails: true },
    { path: "/email-otp/request-password-reset", body: () => ({ email }), mails: true },
  ];

  it("/captcha/settings names every protected endpoint, and the challenge has altcha-lib's shape", async () => {
    const settings = await server.request("GET", "/captcha/settings");
    expect(settings.body).toEqual({ provider: "altcha", siteKey: null, maxNumber: 5_000, expiresIn: 60, endpoints: [...cases.map((each) => each.path), "/passkey/generate-register-options"] });
    const challenge = await server.request("GET", "/captcha/challenge");
    expect(challenge.status).toBe(200);
    expect(Object.keys(challenge.body).sort()).toEqual(["algorithm", "challenge", "maxnumber", "salt", "signature"]);
    expect(challenge.body).toMatchObject({ algorithm: "SHA-256", maxnumber: 5_000 });
    expect(challenge.body.salt).toMatch(/\?expires=\d+&$/);
  });

  for (const [index, each] of cases.entries()) {
    it(`${each.path}: missing → 400 MISSING_RESPONSE, wrong → 403, solved → passes once, reused → 403`, async () => {
      // A fresh address per sign-up case, so the passing request really creates an account.
      const to = each.path === "/sign-up/email" ? `altcha-new-${index}@example.com` : email;
      const mailsBefore = (await server.outbox(to)).length;

      const missing = await server.request("POST", each.path, { body: each.body(to) });
      expect([missing.status, missing.body.code]).toEqual([400, "MISSING_RESPONSE"]);
      const empty = await server.request("POST", each.path, { body: each.body(to), headers: { "x-captcha-response": "  " } });
      expect([empty.status, empty.body.code]).toEqual([400, "MISSING_RESPONSE"]);

      const garbage = await server.request("POST", each.path, { body: each.body(to), headers: { "x-captcha-response": "not base64 json" } });
      expect([garbage.status, garbage.body.code]).toEqual([403, "VERIFICATION_FAILED"]);

      // A real solution with the number changed: the challenge no longer matches.
      const solved = JSON.parse(Buffer.from(await altchaResponse(server.api), "base64").toString()) as Record<string, unknown>;
      const wrong = Buffer.from(JSON.stringify({ ...solved, number: (solved.number as number) + 1 })).toString("base64");
      const wrongAnswer = await server.request("POST", each.path, { body: each.body(to), headers: { "x-captcha-response": wrong } });
      expect([wrongAnswer.status, wrongAnswer.body.code]).toEqual([403, "VERIFICATION_FAILED"]);

      // Nothing happened for any refused request.
      expect((await server.outbox(to)).length).toBe(mailsBefore);
      if (each.path === "/sign-up/email") expect(await server.database.db.selectFrom("user").select("id").where("email", "=", to).executeTakeFirst()).toBeUndefined();

      const good = await altchaResponse(server.api);
      const passed = await server.request("POST", each.path, { body: each.body(to), headers: { "x-captcha-response": good } });
      expect(passed.status).toBe(200);
      if (each.mails) expect((await server.outbox(to)).length).toBeGreaterThan(mailsBefore);

      const reused = await server.request("POST", each.path, { body: each.body(to), headers: { "x-captcha-response": good } });
      expect([reused.status, reused.body.code]).toEqual([403, "VERIFICATION_FAILED"]);
    });
  }

  it("a solution spent on one server is refused by a second server on the same database", async () => {
    const good = await altchaResponse(server.api);
    const first = await fetch(`${second.api}/sign-in/email`, { method: "POST", headers: { "content-type": "application/json", "x-captcha-response": good }, body: JSON.stringify({ email, password: PASSWORD }) });
    expect(first.status).toBe(200);
    const again = await server.request("POST", "/sign-in/email", { body: { email, password: PASSWORD }, headers: { "x-captcha-response": good } });
    expect([again.status, again.body.code]).toEqual([403, "VERIFICATION_FAILED"]);
  });

  it("an expired challenge is refused even when solved", async () => {
    const good = await altchaResponse(server.api);
    server.clock.advance(61_000);
    try {
      const late = await server.request("POST", "/sign-in/email", { body: { email, password: PASSWORD }, headers: { "x-captcha-response": good } });
      expect([late.status, late.body.code]).toEqual([403, "VERIFICATION_FAILED"]);
    } finally {
      server.clock.advance(-61_000);
    }
  });

  it("a challenge signed under another key is refused; one signed under the previous secret (a rotation) passes", async () => {
    const expires = new Date(server.clock.now() + 30_000);
    const forged = (await createChallenge({ algorithm: "SHA-256", hmacKey: "guessed-key", maxNumber: 2_000, expires })) as AltchaChallenge;
    const refused = await server.request("POST", "/sign-in/email", { body: { email, password: PASSWORD }, headers: { "x-captcha-response": await solveAltcha(forged) } });
    expect([refused.status, refused.body.code]).toEqual([403, "VERIFICATION_FAILED"]);

    const rotated = (await createChallenge({ algorithm: "SHA-256", hmacKey: deriveKey(OLD_SECRET, "altcha-challenge").toString("hex"), maxNumber: 2_000, expires })) as AltchaChallenge;
    const accepted = await server.request("POST", "/sign-in/email", { body: { email, password: PASSWORD }, headers: { "x-captcha-response": await solveAltcha(rotated) } });
    expect([accepted.status, accepted.body.code]).toEqual([200, undefined]);
    expect(TEST_SECRET).not.toBe(OLD_SECRET);
  });

  it("a challenge with another algorithm, or without an expiry, is refused", async () => {
    const hmacKey = deriveKey(TEST_SECRET, "altcha-challenge").toString("hex");
    const sha1 = (await createChallenge({ algorithm: "SHA-1", hmacKey, maxNumber: 2_000, expires: new Date(server.clock.now() + 30_000) })) as AltchaChallenge;
    const timeless = (await createChallenge({ algorithm: "SHA-256", hmacKey, maxNumber: 2_000 })) as AltchaChallenge;
    for (const challenge of [sha1, timeless]) {
      const answer = await server.request("POST", "/sign-in/email", { body: { email, password: PASSWORD }, headers: { "x-captcha-response": await solveAltcha(challenge) } });
      expect([answer.status, answer.body.code]).toEqual([403, "VERIFICATION_FAILED"]);
    }
  });

  it("passkey-first sign-up: the options call needs a solution without a session, not with one", async () => {
    const query = `/passkey/generate-register-options?context=${encodeURIComponent(JSON.stringify({ email: "passkey-first@example.com", name: "Passkey First" }))}`;
    const missing = await server.request("GET", query);
    expect([missing.status, missing.body.code]).toEqual([400, "MISSING_RESPONSE"]);
    const reusedAnswer = await altchaResponse(server.api);
    const solved = await server.request("GET", query, { headers: { "x-captcha-response": reusedAnswer } });
    expect(solved.status).toBe(200);
    expect(typeof solved.body.challenge).toBe("string");
    const reused = await server.request("GET", query, { headers: { "x-captcha-response": reusedAnswer } });
    expect([reused.status, reused.body.code]).toEqual([403, "VERIFICATION_FAILED"]);

    const signIn = await server.request("POST", "/sign-in/email", { body: { email, password: PASSWORD }, headers: { "x-captcha-response": await altchaResponse(server.api) } });
    const own = await server.request("GET", "/passkey/generate-register-options", { token: signIn.body.token });
    expect(own.status).toBe(200);
  });

  it("the typed client sends the answer as x-captcha-response (captchaResponse)", async () => {
    const client = server.client();
    await expect(client.signInEmail({ email, password: PASSWORD })).rejects.toMatchObject({ status: 400, code: "MISSING_RESPONSE" });
    const answer = await client.signInEmail({ email, password: PASSWORD }, { captchaResponse: await altchaResponse(server.api) });
    expect("user" in answer && answer.user.email).toBe(email);
  });

  it("an invalid body is refused before the captcha (a solution is not spent on it); other endpoints need none", async () => {
    const good = await altchaResponse(server.api);
    const invalid = await server.request("POST", "/sign-in/email", { body: { email }, headers: { "x-captcha-response": good } });
    expect([invalid.status, invalid.body.code]).toEqual([400, "VALIDATION_ERROR"]);
    const valid = await server.request("POST", "/sign-in/email", { body: { email, password: PASSWORD }, headers: { "x-captcha-response": good } });
    expect([valid.status, valid.body.code]).toEqual([200, undefined]);
    const session = await server.request("GET", "/get-session", { token: valid.body.token });
    expect(session.status).toBe(200);
  });
});

describe("without a captcha", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it("issues no challenge, says so in /captcha/settings, and protects nothing", async () => {
    const challenge = await server.request("GET", "/captcha/challenge");
    expect([challenge.status, challenge.body.code]).toEqual([404, "CAPTCHA_CHALLENGE_DISABLED"]);
    const settings = await server.request("GET", "/captcha/settings");
    expect(settings.body).toEqual({ provider: null, siteKey: null, maxNumber: null, expiresIn: null, endpoints: [] });
    const signUp = await server.request("POST", "/sign-up/email", { body: { email: "no-captcha@example.com", password: PASSWORD, name: "No Captcha" } });
    expect(signUp.status).toBe(200);
  });
});
