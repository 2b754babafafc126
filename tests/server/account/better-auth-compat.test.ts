/**
 * better-auth's own client, with its username and multi-session plugins, drives Latchkey's
 * account-lifecycle flows: verification, password reset and change, email change, profile,
 * sessions, linked accounts, usernames, several users in one browser, and deletion.
 */
import { createAuthClient } from "better-auth/client";
import { multiSessionClient, usernameClient } from "better-auth/client/plugins";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCookieFetch } from "../../helpers/cookie-fetch.js";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";
import { lastMail } from "./support.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ config: { user: { deleteRequiresConfirmation: false } } });
});
afterAll(async () => {
  await server.close();
});

function browserClient(target = server) {
  const jar = createCookieFetch(target.url);
  const client = createAuthClient({
    baseURL: target.url,
    plugins: [usernameClient(), multiSessionClient()],
    fetchOptions: { customFetchImpl: jar.fetch },
  });
  return { client, jar };
}

let n = 0;
async function signedIn(username?: string) {
  const { client, jar } = browserClient();
  const email = `compat-${n++}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  const result = await client.signUp.email({ email, password: "password123", name: "Compat", ...(username ? { username } : {}) } as never);
  expect(result.error).toBeNull();
  return { client, jar, email, userId: (result.data as { user: { id: string } }).user.id };
}

describe("better-auth client: email verification", () => {
  it("sends a verification mail and verifies through verifyEmail", async () => {
    const { client, email } = await signedIn();
    const sent = await client.sendVerificationEmail({ email, callbackURL: "/verified" });
    expect(sent.error).toBeNull();
    expect(sent.data).toEqual({ status: true });
    const mail = await lastMail(server, email, "verify-email");
    const verified = await client.verifyEmail({ query: { token: mail.token! } });
    expect(verified.error).toBeNull();
    expect(verified.data?.status).toBe(true);
    const session = await client.getSession({ query: { disableCookieCache: true } });
    expect(session.data?.user.emailVerified).toBe(true);
    const bad = await client.verifyEmail({ query: { token: "bogus" } });
    expect(bad.error).toMatchObject({ status: 400, code: "INVALID_TOKEN" });
  });
});

describe("better-auth client: password reset and change", () => {
  it("requests a reset, follows the link and resets the password", async () => {
    const { email } = await signedIn();
    const { client } = browserClient();
    const requested = await client.requestPasswordReset({ email, redirectTo: "/reset" });
    expect(requested.error).toBeNull();
    expect(requested.data?.status).toBe(true);
    const legacy = await client.$fetch<{ status: boolean; message: string }>("/forget-password", { method: "POST", body: { email: "unknown@example.com", redirectTo: "/reset" } });
    expect(legacy.data).toEqual(requested.data);

    const mail = await lastMail(server, email, "reset-password");
    const link = await fetch(mail.url, { redirect: "manual" });
    expect(link.status).toBe(302);
    expect(link.headers.get("location")).toBe(`/reset?token=${mail.token}`);
    const reset = await client.resetPassword({ newPassword: "reset by client", token: mail.token! });
    expect(reset.error).toBeNull();
    expect(reset.data).toEqual({ status: true });
    const reused = await client.resetPassword({ newPassword: "reset by client 2", token: mail.token! });
    expect(reused.error).toMatchObject({ status: 400, code: "INVALID_TOKEN" });
    const signIn = await client.signIn.email({ email, password: "reset by client" });
    expect(signIn.error).toBeNull();
  });

  it("changes the password, revoking other sessions", async () => {
    const { client, email } = await signedIn();
    const other = browserClient().client;
    await other.signIn.email({ email, password: "password123" });
    const wrong = await client.changePassword({ currentPassword: "nope nope nope", newPassword: "changed by client" });
    expect(wrong.error).toMatchObject({ status: 400, code: "INVALID_PASSWORD", message: "Invalid password" });
    const changed = await client.changePassword({ currentPassword: "password123", newPassword: "changed by client", revokeOtherSessions: true });
    expect(changed.error).toBeNull();
    expect(changed.data?.token).toMatch(/^[A-Za-z0-9]{32}$/);
    expect((await client.getSession()).data?.user.email).toBe(email);
    expect((await other.getSession({ query: { disableCookieCache: true } })).data).toBeNull();
  });
});

describe("better-auth client: profile, email, sessions and accounts", () => {
  it("updates the user and changes an unverified email", async () => {
    const { client } = await signedIn();
    const updated = await client.updateUser({ name: "Renamed", image: "https://img.example/x.png" });
    expect(updated.error).toBeNull();
    expect(updated.data).toEqual({ status: true });
    const newEmail = `changed-${Date.now()}@example.com`;
    const changed = await client.changeEmail({ newEmail, callbackURL: "/settings" });
    expect(changed.error).toBeNull();
    const session = await client.getSession({ query: { disableCookieCache: true } });
    expect(session.data?.user).toMatchObject({ name: "Renamed", image: "https://img.example/x.png", email: newEmail, emailVerified: false });
    const same = await client.changeEmail({ newEmail });
    expect(same.error).toMatchObject({ status: 400, code: "EMAIL_IS_THE_SAME" });
  });

  it("lists and revokes sessions", async () => {
    const { client, email } = await signedIn();
    const other = browserClient().client;
    await other.signIn.email({ email, password: "password123" });
    const third = browserClient().client;
    await third.signIn.email({ email, password: "password123" });
    const listed = await client.listSessions();
    expect(listed.error).toBeNull();
    expect(listed.data).toHaveLength(3);
    const current = (await client.getSession()).data!.session;
    const target = listed.data!.find((s) => s.id !== current.id)!;
    expect((await client.revokeSession({ token: target.token })).data).toEqual({ status: true });
    expect((await client.listSessions()).data).toHaveLength(2);
    expect((await client.revokeOtherSessions()).data).toEqual({ status: true });
    expect((await client.listSessions()).data!.map((s) => s.id)).toEqual([current.id]);
    expect((await client.revokeSessions()).data).toEqual({ status: true });
    expect((await client.getSession()).data).toBeNull();
  });

  it("lists accounts and refuses to unlink the last one", async () => {
    const { client, userId } = await signedIn();
    const accounts = await client.listAccounts();
    expect(accounts.error).toBeNull();
    expect(accounts.data).toHaveLength(1);
    expect(accounts.data![0]).toMatchObject({ providerId: "credential", accountId: userId, userId, scopes: [] });
    const unlink = await client.unlinkAccount({ providerId: "credential" } as never);
    expect(unlink.error).toMatchObject({ status: 400, code: "FAILED_TO_UNLINK_LAST_ACCOUNT", message: "You can't unlink your last account" });
  });
});

describe("better-auth client: unlinking by account id", () => {
  it("unlinks a social account by its id (better-auth 1.7's body) with a fresh session", async () => {
    const { client, userId } = await signedIn();
    await server.database.db.insertInto("account").values({
      id: `compat-gh-${userId}`, providerId: "github", accountId: "gh-compat", userId, password: null, accessToken: "gho_x", refreshToken: null,
      idToken: null, accessTokenExpiresAt: null, refreshTokenExpiresAt: null, scope: "read:user", createdAt: 1, updatedAt: 1,
    }).execute();
    const listed = await client.listAccounts();
    const github = listed.data!.find((a) => a.providerId === "github")!;
    expect(github.scopes).toEqual(["read:user"]);
    const unlinked = await client.unlinkAccount({ accountId: github.id });
    expect(unlinked.error).toBeNull();
    expect(unlinked.data).toEqual({ status: true });
    expect((await client.listAccounts()).data!.map((a) => a.providerId)).toEqual(["credential"]);
  });
});

describe("better-auth client: usernames", () => {
  it("signs in with a username and checks availability", async () => {
    const { email } = await signedIn("Compat_User");
    const { client } = browserClient();
    expect((await client.isUsernameAvailable({ username: "compat_user" })).data).toEqual({ available: false });
    expect((await client.isUsernameAvailable({ username: "still_free" })).data).toEqual({ available: true });
    const signIn = await client.signIn.username({ username: "COMPAT_USER", password: "password123" });
    expect(signIn.error).toBeNull();
    expect(signIn.data?.user.email).toBe(email);
    const session = await client.getSession();
    expect(session.data?.user).toMatchObject({ username: "compat_user", displayUsername: "Compat_User" });
    const wrong = await browserClient().client.signIn.username({ username: "compat_user", password: "wrong password" });
    expect(wrong.error).toMatchObject({ status: 401, code: "INVALID_USERNAME_OR_PASSWORD" });
    const short = await client.isUsernameAvailable({ username: "ab" });
    expect(short.error).toMatchObject({ status: 422, code: "USERNAME_TOO_SHORT" });
  });
});

describe("better-auth client: multi-session", () => {
  it("holds several users, switches between them and revokes one", async () => {
    const { client } = browserClient();
    const first = await client.signUp.email({ email: `multi-a-${Date.now()}@example.com`, password: "password123", name: "A" });
    const second = await client.signUp.email({ email: `multi-b-${Date.now()}@example.com`, password: "password123", name: "B" });
    const devices = await client.multiSession.listDeviceSessions();
    expect(devices.error).toBeNull();
    expect(devices.data!.map((d) => d.user.id).sort()).toEqual([first.data!.user.id, second.data!.user.id].sort());
    const firstDevice = devices.data!.find((d) => d.user.id === first.data!.user.id)!;
    const active = await client.multiSession.setActive({ sessionToken: firstDevice.session.token });
    expect(active.error).toBeNull();
    expect((await client.getSession()).data?.user.id).toBe(first.data!.user.id);
    const secondDevice = devices.data!.find((d) => d.user.id === second.data!.user.id)!;
    expect((await client.multiSession.revoke({ sessionToken: secondDevice.session.token })).data).toEqual({ status: true });
    expect((await client.multiSession.listDeviceSessions()).data!.map((d) => d.user.id)).toEqual([first.data!.user.id]);
    const bogus = await client.multiSession.setActive({ sessionToken: "not-mine" });
    expect(bogus.error).toMatchObject({ status: 401, code: "INVALID_SESSION_TOKEN" });
    await client.signOut();
    expect((await client.multiSession.listDeviceSessions()).data).toEqual([]);
  });
});

describe("better-auth client: deletion", () => {
  it("deletes the user with a fresh session", async () => {
    const { client, userId } = await signedIn();
    const deleted = await client.deleteUser({});
    expect(deleted.error).toBeNull();
    expect(deleted.data).toEqual({ success: true, message: "User deleted" });
    expect((await client.getSession()).data).toBeNull();
    expect(await server.database.db.selectFrom("user").select("id").where("id", "=", userId).execute()).toEqual([]);
  });

  it("mails a confirmation link when deletion needs confirmation", async () => {
    const local = await startTestServer({ config: { user: { deleteRequiresConfirmation: true } } });
    try {
      const { client, jar } = browserClient(local);
      const email = "confirm-compat@example.com";
      await client.signUp.email({ email, password: "password123", name: "C" });
      const requested = await client.deleteUser({ callbackURL: "/bye" });
      expect(requested.data).toEqual({ success: true, message: "Verification email sent" });
      const mail = await lastMail(local, email, "delete-account");
      const follow = await jar.fetch(mail.url);
      expect(follow.status).toBe(302);
      expect(follow.headers.get("location")).toBe("/bye");
      expect((await client.getSession()).data).toBeNull();
    } finally {
      await local.close();
    }
  });
});
