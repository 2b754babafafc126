import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";
import { apiPath, auditRows, lastMail, openBrowser } from "./support.js";

let server: TestServer;
let confirm: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  confirm = await startTestServer({ config: { user: { deleteRequiresConfirmation: true } } });
});
afterAll(async () => {
  await server.close();
  await confirm.close();
});

async function remains(target: TestServer, userId: string) {
  const db = target.database.db;
  const [user, sessions, accounts] = await Promise.all([
    db.selectFrom("user").select("id").where("id", "=", userId).execute(),
    db.selectFrom("session").select("id").where("userId", "=", userId).execute(),
    db.selectFrom("account").select("id").where("userId", "=", userId).execute(),
  ]);
  return { user: user.length, sessions: sessions.length, accounts: accounts.length };
}

describe("delete-user", () => {
  it("deletes the user, their sessions, accounts and tokens with a fresh session", async () => {
    const { token, userId, email, password } = await server.signUp();
    await server.request("POST", "/sign-in/email", { body: { email, password } });
    await server.request("POST", "/forget-password", { body: { email } });
    const response = await server.request("POST", "/delete-user", { token, body: {} });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, message: "User deleted" });
    expect(await remains(server, userId)).toEqual({ user: 0, sessions: 0, accounts: 0 });
    const tokens = await server.database.db.selectFrom("verification").select("value").where("value", "like", `%${userId}%`).execute();
    expect(tokens).toEqual([]);
    expect((await server.request("GET", "/get-session", { token })).body).toBeNull();
    const events = await auditRows(server, "user.delete");
    expect(events.some((e) => e.targetId === userId && e.actorId === userId)).toBe(true);
  });

  it("clears the browser's session cookies", async () => {
    const browser = openBrowser(server);
    await browser.post("/sign-up/email", { email: "cookie-delete@example.com", password: "password123", name: "C" });
    expect(browser.sessionCookie()).toBeDefined();
    expect((await browser.post("/delete-user", {})).status).toBe(200);
    expect(browser.sessionCookie()).toBeUndefined();
    expect(browser.multiCookies()).toEqual([]);
  });

  it("with a stale session needs the password: 'Session expired. Re-authenticate…' without it", async () => {
    const { token, userId, password } = await server.signUp();
    server.clock.advance(24 * 3600 * 1000 + 1000);
    const stale = await server.request("POST", "/delete-user", { token, body: {} });
    expect(stale.status).toBe(401);
    expect(stale.body).toEqual({ code: "SESSION_EXPIRED", message: "Session expired. Re-authenticate to perform this action." });
    const wrong = await server.request("POST", "/delete-user", { token, body: { password: "not my password" } });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ code: "INVALID_PASSWORD", message: "Invalid password" });
    expect((await remains(server, userId)).user).toBe(1);
    const right = await server.request("POST", "/delete-user", { token, body: { password } });
    expect(right.body).toEqual({ success: true, message: "User deleted" });
    expect((await remains(server, userId)).user).toBe(0);
  });

  it("refuses a password for a user without one", async () => {
    const { token, userId } = await server.signUp();
    await server.database.db.updateTable("account").set({ providerId: "github" }).where("userId", "=", userId).execute();
    const response = await server.request("POST", "/delete-user", { token, body: { password: "anything at all" } });
    expect(response.body.code).toBe("CREDENTIAL_ACCOUNT_NOT_FOUND");
  });

  it("refuses to leave an organization without an owner", async () => {
    const owner = await server.signUp();
    const member = await server.signUp();
    const db = server.database.db;
    await db.insertInto("organization").values({ id: "org-del", name: "Org", slug: "org-del", logo: null, metadata: null, createdAt: 1, updatedAt: null }).execute();
    await db.insertInto("member").values([
      { id: "m-owner", organizationId: "org-del", userId: owner.userId, role: "owner", teamId: null, createdAt: 1 },
      { id: "m-member", organizationId: "org-del", userId: member.userId, role: "member", teamId: null, createdAt: 1 },
    ]).execute();
    const response = await server.request("POST", "/delete-user", { token: owner.token, body: {} });
    expect(response.body.code).toBe("ORGANIZATION_HAS_NO_OTHER_OWNER");
    expect((await remains(server, owner.userId)).user).toBe(1);
  });

  it("is 404 when deletion is disabled", async () => {
    const local = await startTestServer({ config: { user: { deleteUserEnabled: false } } });
    try {
      const { token } = await local.signUp();
      const response = await local.request("POST", "/delete-user", { token, body: {} });
      expect(response.status).toBe(404);
      expect(response.body.code).toBe("DELETE_USER_DISABLED");
      expect((await local.request("GET", "/delete-user/callback?token=x", { token })).status).toBe(404);
    } finally {
      await local.close();
    }
  });
});

describe("delete-user with confirmation", () => {
  it("mails a delete-account link (32-character token) and deletes when it is opened in the signed-in browser", async () => {
    const browser = openBrowser(confirm);
    const signUp = await browser.post("/sign-up/email", { email: "confirm-me@example.com", password: "password123", name: "Confirm <b>me</b>" });
    const userId = signUp.body.user.id as string;
    const response = await browser.post("/delete-user", { callbackURL: "/goodbye" });
    expect(response.body).toEqual({ success: true, message: "Verification email sent" });
    expect((await remains(confirm, userId)).user).toBe(1);
    const mail = await lastMail(confirm, "confirm-me@example.com", "delete-account");
    expect(mail.token).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(mail.url).toBe(`${confirm.api}/delete-user/callback?token=${mail.token}&callbackURL=%2Fgoodbye`);
    const html = mail.html;
    expect(html).toContain("Confirm &lt;b&gt;me&lt;/b&gt;");
    expect(html).not.toContain("<b>me</b>");
    const follow = await browser.get(apiPath(confirm, mail.url));
    expect(follow.status).toBe(302);
    expect(follow.location).toBe("/goodbye");
    expect(await remains(confirm, userId)).toEqual({ user: 0, sessions: 0, accounts: 0 });
    expect(browser.sessionCookie()).toBeUndefined();
  });

  it("redirects with unauthorized when the browser is not signed in, invalid_token for a wrong token", async () => {
    const { token, email, userId } = await confirm.signUp();
    await confirm.request("POST", "/delete-user", { token, body: { callbackURL: "/bye" } });
    const mail = await lastMail(confirm, email, "delete-account");
    const anonymous = await confirm.request("GET", apiPath(confirm, mail.url));
    expect(anonymous.headers.get("location")).toBe("/bye?error=unauthorized");
    const anonymousJson = await confirm.request("GET", `/delete-user/callback?token=${mail.token}`);
    expect(anonymousJson.status).toBe(401);
    const other = await confirm.signUp();
    const wrongUser = await confirm.request("GET", apiPath(confirm, mail.url), { token: other.token });
    expect(wrongUser.headers.get("location")).toBe("/bye?error=invalid_token");
    const wrongToken = await confirm.request("GET", "/delete-user/callback?token=nope", { token });
    expect(wrongToken.status).toBe(400);
    expect(wrongToken.body.code).toBe("INVALID_TOKEN");
    expect((await remains(confirm, userId)).user).toBe(1);
    expect((await remains(confirm, other.userId)).user).toBe(1);
    // The token is still good for its owner, once.
    const body = await confirm.request("GET", `/delete-user/callback?token=${mail.token}`, { token });
    expect(body.body).toEqual({ success: true, message: "User deleted" });
  });

  it("expires the link after 24 hours", async () => {
    const { token, email, userId, password } = await confirm.signUp();
    await confirm.request("POST", "/delete-user", { token, body: { callbackURL: "/bye" } });
    const mail = await lastMail(confirm, email, "delete-account");
    confirm.clock.advance(24 * 3600 * 1000);
    const fresh = (await confirm.request("POST", "/sign-in/email", { body: { email, password } })).body.token as string;
    const expired = await confirm.request("GET", apiPath(confirm, mail.url), { token: fresh });
    expect(expired.headers.get("location")).toBe("/bye?error=token_expired");
    expect((await remains(confirm, userId)).user).toBe(1);
  });

  it("accepts the mailed token in POST /delete-user", async () => {
    const { token, email, userId } = await confirm.signUp();
    await confirm.request("POST", "/delete-user", { token, body: {} });
    const mail = await lastMail(confirm, email, "delete-account");
    const wrong = await confirm.request("POST", "/delete-user", { token, body: { token: "wrong-token" } });
    expect(wrong.body.code).toBe("INVALID_TOKEN");
    const response = await confirm.request("POST", "/delete-user", { token, body: { token: mail.token } });
    expect(response.body).toEqual({ success: true, message: "User deleted" });
    expect((await remains(confirm, userId)).user).toBe(0);
  });
});
