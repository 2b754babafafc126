/**
 * Issue 37 item 1: magic links in better-auth's wire format, driven by better-auth's
 * magicLinkClient against a real server (SQLite, and PostgreSQL with LATCHKEY_TEST_DIALECT=postgres).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";
import { latestMail, passwordlessTab, setRuntimeSetting } from "../../helpers/passwordless-client.js";
import { desktopApp } from "../electron/support.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

let counter = 0;
const address = (label: string) => `ml-${label}-${(counter += 1)}@example.com`;

/** Asks for a link with better-auth's client and returns the mailed URL (and its token). */
async function mailedLink(email: string, input: { callbackURL?: string; newUserCallbackURL?: string; errorCallbackURL?: string; name?: string } = {}) {
  const { client } = passwordlessTab(server);
  const sent = await client.signIn.magicLink({ email, ...input });
  expect(sent.error).toBeNull();
  expect(sent.data).toEqual({ status: true });
  const mail = await latestMail(server, email, "magic-link");
  const url = new URL(mail.url);
  return { mail, url, token: url.searchParams.get("token")! };
}

async function open(link: string) {
  const response = await fetch(link, { redirect: "manual" });
  return { status: response.status, location: response.headers.get("location"), cookies: response.headers.getSetCookie(), body: response.status === 302 ? null : ((await response.json()) as any) };
}

describe("POST /sign-in/magic-link", () => {
  it("mails a link to <baseURL>/magic-link/verify with the token and the callbacks, the token also in the outbox (#37)", async () => {
    const email = address("mail");
    const { mail, url, token } = await mailedLink(email, { callbackURL: "/console/account", newUserCallbackURL: "/console/welcome", errorCallbackURL: "/console/sign-in" });
    expect(url.origin + url.pathname).toBe(`${server.api}/magic-link/verify`);
    expect(token).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(mail.token).toBe(token);
    expect(url.searchParams.get("callbackURL")).toBe("/console/account");
    expect(url.searchParams.get("newUserCallbackURL")).toBe("/console/welcome");
    expect(url.searchParams.get("errorCallbackURL")).toBe("/console/sign-in");
    expect(mail.text).toContain(mail.url);
    // Only the token's digest is stored.
    const rows = await server.database.db.selectFrom("verification").select(["identifier", "value"]).execute();
    expect(rows.some((row) => row.identifier.includes(token) || row.value.includes(token))).toBe(false);
  });

  it("answers the same for an unknown address with sign-up off, and mails nothing (#37)", async () => {
    await setRuntimeSetting(server, "magicLink.disableSignUp", true);
    try {
      const email = address("nosignup");
      const { client } = passwordlessTab(server);
      const sent = await client.signIn.magicLink({ email });
      expect(sent.data).toEqual({ status: true });
      expect(await server.outbox(email)).toEqual([]);
    } finally {
      await setRuntimeSetting(server, "magicLink.disableSignUp", undefined);
    }
  });

  it("refuses a callbackURL outside the trusted origins, and a malformed address (#37)", async () => {
    const { client } = passwordlessTab(server);
    const evil = await client.signIn.magicLink({ email: address("evil"), callbackURL: "https://evil.example/steal" });
    expect(evil.error?.status).toBe(403);
    expect(evil.error?.code).toBe("INVALID_CALLBACK_URL");
    const bad = await client.signIn.magicLink({ email: "not-an-address" });
    expect(bad.error?.status).toBe(400);
  });

  it("is off with magicLink.enabled false: 400 MAGIC_LINK_DISABLED, and its links stop working (#37)", async () => {
    const email = address("off");
    const { url } = await mailedLink(email);
    await setRuntimeSetting(server, "magicLink.enabled", false);
    try {
      const { client } = passwordlessTab(server);
      const refused = await client.signIn.magicLink({ email });
      expect(refused.error?.status).toBe(400);
      expect(refused.error?.code).toBe("MAGIC_LINK_DISABLED");
      const opened = await open(url.toString());
      expect(opened.status).toBe(302);
      expect(new URL(opened.location!, server.url).searchParams.get("error")).toBe("INVALID_TOKEN");
    } finally {
      await setRuntimeSetting(server, "magicLink.enabled", undefined);
    }
  });
});

describe("GET /magic-link/verify", () => {
  it("without callbackURL: creates the account (verified, no password) and answers {token, user, session} with the cookie (#37)", async () => {
    const email = address("json");
    const { token } = await mailedLink(email, { name: "Link Person" });
    const tab = passwordlessTab(server);
    const verified = await tab.client.magicLink.verify({ query: { token } });
    expect(verified.error).toBeNull();
    expect(verified.data!.user).toMatchObject({ email, name: "Link Person", emailVerified: true });
    expect(verified.data!.session.userId).toBe(verified.data!.user.id);
    expect(verified.data!.token).toBe(verified.data!.session.token);
    expect(tab.jar.cookies.get("latchkey.session_token")).toBeDefined();
    const session = await tab.client.getSession();
    expect(session.data?.user.email).toBe(email);
    const accounts = await server.database.db.selectFrom("account").selectAll().where("userId", "=", verified.data!.user.id).execute();
    expect(accounts).toEqual([]);
    const row = await server.database.db.selectFrom("user").select("lastSignInMethod").where("id", "=", verified.data!.user.id).executeTakeFirstOrThrow();
    expect(row.lastSignInMethod).toBe("magic-link");
  });

  it("works once: the second opening is INVALID_TOKEN (#37)", async () => {
    const email = address("once");
    const { token } = await mailedLink(email);
    const first = await passwordlessTab(server).client.magicLink.verify({ query: { token } });
    expect(first.error).toBeNull();
    const second = await passwordlessTab(server).client.magicLink.verify({ query: { token } });
    expect(second.error?.status).toBe(400);
    expect(second.error?.code).toBe("INVALID_TOKEN");
  });

  it("expires after magicLink.expiresIn (300 s) (#37)", async () => {
    const email = address("late");
    const { url } = await mailedLink(email, { callbackURL: "/console/account" });
    server.clock.advance(301_000);
    const opened = await open(url.toString());
    expect(opened.status).toBe(302);
    expect(opened.location).toBe("/console/account?error=INVALID_TOKEN");
    expect(opened.cookies.some((cookie) => cookie.startsWith("latchkey.session_token="))).toBe(false);
  });

  it("with callbackURL: redirects there for an existing account, to newUserCallbackURL for a new one, errors to errorCallbackURL (#37)", async () => {
    const fresh = address("new");
    const first = await mailedLink(fresh, { callbackURL: "/console/account", newUserCallbackURL: "/console/welcome", errorCallbackURL: "/console/sign-in" });
    const created = await open(first.url.toString());
    expect(created.status).toBe(302);
    expect(created.location).toBe("/console/welcome");
    expect(created.cookies.some((cookie) => cookie.startsWith("latchkey.session_token="))).toBe(true);

    const again = await mailedLink(fresh, { callbackURL: "/console/account", newUserCallbackURL: "/console/welcome" });
    const existing = await open(again.url.toString());
    expect(existing.location).toBe("/console/account");

    const reused = await open(first.url.toString());
    expect(reused.location).toBe("/console/sign-in?error=INVALID_TOKEN");
  });

  it("redirects with error=new_user_signup_disabled when sign-up by link was turned off after the mail (#37)", async () => {
    const email = address("late-off");
    const { url } = await mailedLink(email, { callbackURL: "/console/account" });
    await setRuntimeSetting(server, "magicLink.disableSignUp", true);
    try {
      const opened = await open(url.toString());
      expect(opened.location).toBe("/console/account?error=new_user_signup_disabled");
      expect(await server.database.db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirst()).toBeUndefined();
    } finally {
      await setRuntimeSetting(server, "magicLink.disableSignUp", undefined);
    }
  });

  it("signs in an existing verified account and leaves its password alone (#37)", async () => {
    const { email, password, userId } = await server.signUp({ email: address("known") });
    await server.verifyEmail(email);
    const { token } = await mailedLink(email);
    const verified = await passwordlessTab(server).client.magicLink.verify({ query: { token } });
    expect(verified.data!.user.id).toBe(userId);
    const byPassword = await passwordlessTab(server).client.signIn.email({ email, password });
    expect(byPassword.error).toBeNull();
  });

  it("carries the desktop app's hand-off into the link: opening it earns the app's one-time code (#37)", async () => {
    const email = address("desktop");
    const app = await desktopApp(server);
    const query = new URLSearchParams(app.query).toString();
    const sent = await server.request("POST", `/sign-in/magic-link?${query}`, { body: { email } });
    expect(sent.status).toBe(200);
    const { url } = await latestMail(server, email, "magic-link").then((mail) => ({ url: new URL(mail.url) }));
    expect(url.searchParams.get("state")).toBe(app.state);
    expect(url.searchParams.get("code_challenge")).toBe(app.challenge);
    url.searchParams.delete("callbackURL");
    const opened = await open(url.toString());
    expect(opened.body.electron_authorization_code).toMatch(/^[A-Za-z0-9]{32}$/);
    const traded = await app.trade(opened.body.electron_authorization_code);
    expect((traded as { data: { user: { email: string } } }).data.user.email).toBe(email);
  });
});
