/**
 * Issue 37 item 4: no pre-account takeover. Someone who signs up first with another person's
 * address (never proving it) and sets up a password, a passkey, two-factor and an API key loses
 * all of it — and their session — the moment the address's owner proves the mailbox with a magic
 * link or an email code. An account whose address was proven keeps everything.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";
import { latestMail, passwordlessTab } from "../../helpers/passwordless-client.js";
import { auditRows } from "../account/support.js";
import { createSoftAuthenticator } from "../passkey/soft-authenticator.js";
import { browserTab, secretOf, totpAt, totpOf } from "../two-factor/support.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

let counter = 0;

/** The squatter's account under `email`: password, passkey, TOTP on, an API key, a live session. */
async function squat(email: string) {
  const password = "squatter-password";
  const tab = browserTab(server);
  const signUp = await tab.client.signUp.email({ email, password, name: "Squatter" });
  expect(signUp.error).toBeNull();
  const call = async (method: "GET" | "POST", path: string, body?: unknown) => {
    const response = await tab.jar.fetch(server.api + path, { method, headers: body === undefined ? {} : { "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: response.status, body: (await response.json()) as any };
  };
  const authenticator = createSoftAuthenticator(server.url);
  const options = await call("GET", "/passkey/generate-register-options");
  expect((await call("POST", "/passkey/verify-registration", { response: authenticator.register(options.body) })).status).toBe(200);
  const key = await call("POST", "/api-key/create", { name: "squat" });
  expect(key.status, JSON.stringify(key.body)).toBe(200);
  const enabled = await tab.client.twoFactor.enable({ password });
  const secret = secretOf(totpOf(enabled.data).totpURI);
  expect((await tab.client.twoFactor.verifyTotp({ code: totpAt(secret, server.clock.now()) })).error).toBeNull();
  server.clock.advance(30_000);
  const token = tab.jar.cookies.get("latchkey.session_token")!;
  const user = await server.database.db.selectFrom("user").selectAll().where("email", "=", email).executeTakeFirstOrThrow();
  expect(user.emailVerified).toBe(0);
  expect(user.twoFactorEnabled).toBe(1);
  return { password, userId: signUp.data!.user.id as string, apiKey: key.body.key as string, sessionCookie: token };
}

/** The owner proves the mailbox by each method, from a browser of their own. */
const proofs: Record<string, (email: string) => Promise<{ status: number; body: any }>> = {
  "magic link": async (email) => {
    const tab = passwordlessTab(server);
    expect((await tab.client.signIn.magicLink({ email })).error).toBeNull();
    const token = new URL((await latestMail(server, email, "magic-link")).url).searchParams.get("token")!;
    const verified = await tab.client.magicLink.verify({ query: { token } });
    return { status: verified.error?.status ?? 200, body: verified.data ?? verified.error };
  },
  "email code": async (email) => {
    const tab = passwordlessTab(server);
    expect((await tab.client.emailOtp.sendVerificationOtp({ email, type: "sign-in" })).error).toBeNull();
    const otp = (await latestMail(server, email, "email-otp")).token!;
    const signedIn = await tab.client.signIn.emailOtp({ email, otp });
    return { status: signedIn.error?.status ?? 200, body: signedIn.data ?? signedIn.error };
  },
};

describe("a mailed proof on an unverified account removes what was set up before it (#37)", () => {
  for (const [method, prove] of Object.entries(proofs)) {
    it(`${method}: the squatter's password, passkey, two-factor, API key and session are gone; the owner is signed in, not held`, async () => {
      const email = `takeover-${(counter += 1)}@example.com`;
      const squatter = await squat(email);
      const proved = await prove(email);
      expect(proved.status, JSON.stringify(proved.body)).toBe(200);
      // Signed in at once: the squatter's second factor went with the rest.
      expect(proved.body.user).toMatchObject({ id: squatter.userId, emailVerified: true, twoFactorEnabled: false });
      expect(proved.body.token).toBeTypeOf("string");

      const db = server.database.db;
      expect(await db.selectFrom("account").select("id").where("userId", "=", squatter.userId).execute()).toEqual([]);
      expect(await db.selectFrom("passkey").select("id").where("userId", "=", squatter.userId).execute()).toEqual([]);
      expect(await db.selectFrom("twoFactor").select("id").where("userId", "=", squatter.userId).execute()).toEqual([]);
      expect(await db.selectFrom("apikey").select("id").where("referenceId", "=", squatter.userId).execute()).toEqual([]);

      const oldSession = await server.request("GET", "/get-session", { headers: { cookie: `latchkey.session_token=${squatter.sessionCookie}` } });
      expect(oldSession.body).toBeNull();
      const byPassword = await server.request("POST", "/sign-in/email", { body: { email, password: squatter.password } });
      expect(byPassword.status).toBe(401);
      const byKey = await server.request("GET", "/get-session", { headers: { "x-api-key": squatter.apiKey } });
      expect(byKey.status).toBe(401);
      expect(byKey.body.code).toBe("INVALID_API_KEY");

      const events = (await auditRows(server, "user.email-verify")).filter((event) => event.targetId === squatter.userId);
      expect(events.at(-1)?.metadata).toMatchObject({ revokedUnproven: { accounts: 1, passkeys: 1, apiKeys: 1, twoFactor: true } });
    });
  }

  it("a password reset by code on an unverified account removes the squatter's passkey and key too", async () => {
    const email = `takeover-reset-${(counter += 1)}@example.com`;
    const squatter = await squat(email);
    const { client } = passwordlessTab(server);
    expect((await client.emailOtp.requestPasswordReset({ email })).error).toBeNull();
    const otp = (await latestMail(server, email, "email-otp")).token!;
    expect((await client.emailOtp.resetPassword({ email, otp, password: "owner-password" })).error).toBeNull();
    expect(await server.database.db.selectFrom("passkey").select("id").where("userId", "=", squatter.userId).execute()).toEqual([]);
    expect((await server.request("POST", "/sign-in/email", { body: { email, password: "owner-password" } })).status).toBe(200);
  });

  it("an account whose address was proven keeps its passkey, password and two-factor: the owner is held at the second step", async () => {
    const email = `takeover-kept-${(counter += 1)}@example.com`;
    const owner = await squat(email);
    await server.database.db.updateTable("user").set({ emailVerified: 1 }).where("id", "=", owner.userId).execute();
    const proved = await proofs["email code"]!(email);
    expect(proved.body).toEqual({ twoFactorRedirect: true, twoFactorMethods: ["totp", "otp"] });
    expect(await server.database.db.selectFrom("passkey").select("id").where("userId", "=", owner.userId).execute()).toHaveLength(1);
    expect((await server.request("GET", "/get-session", { headers: { cookie: `latchkey.session_token=${owner.sessionCookie}` } })).body).not.toBeNull();
  });
});
