import { createCipheriv, hkdfSync, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestBrowser } from "./support.js";
import { finish, startSocialWorld, untilCallback, type SocialWorld } from "./setup.js";

let world: SocialWorld;
beforeAll(async () => {
  world = await startSocialWorld();
}, 60_000);
afterAll(async () => world?.close());

/** A browser signed in by email and password. */
async function signedInBrowser(email: string) {
  const browser = new TestBrowser();
  const { password, userId } = await world.server.signUp({ email });
  const response = await browser.request(`${world.server.api}/sign-in/email`, { method: "POST", json: { email, password } });
  expect(response.status).toBe(200);
  return { browser, userId };
}

async function link(browser: TestBrowser, login: string, body: Record<string, unknown> = {}) {
  const response = await browser.request(`${world.server.api}/link-social`, { method: "POST", json: { provider: "google", callbackURL: "/console/account", errorCallbackURL: "/console/account", ...body } });
  expect(response.status).toBe(200);
  const { url, redirect } = (await response.json()) as { url: string; redirect: boolean };
  expect(redirect).toBe(true);
  browser.login = login;
  const callback = await untilCallback(world, browser, url);
  const back = await browser.request(callback);
  return new URL(back.headers.get("location")!, callback);
}

describe("link-social and unlink-account", () => {
  it("links a provider account whose email matches the signed-in user, and unlinks it again", async () => {
    const { browser, userId } = await signedInBrowser("link1@example.com");
    world.idp.users.set("link1", { sub: "link1", email: "link1@example.com", email_verified: true, name: "Link One" });
    const landed = await link(browser, "link1");
    expect(landed.pathname).toBe("/console/account");
    expect(landed.searchParams.get("error")).toBeNull();
    const accounts = await browser.request(`${world.server.api}/list-accounts`);
    const listed = (await accounts.json()) as Array<{ providerId: string; accountId: string }>;
    expect(listed.map((a) => a.providerId).sort()).toEqual(["credential", "google"]);
    expect(JSON.stringify(listed)).not.toMatch(/v1\.[\w-]{16}\.|Token/);

    const unlinked = await browser.request(`${world.server.api}/unlink-account`, { method: "POST", json: { providerId: "google" } });
    expect(unlinked.status).toBe(200);
    const left = await world.server.database.db.selectFrom("account").select("providerId").where("userId", "=", userId).execute();
    expect(left.map((a) => a.providerId)).toEqual(["credential"]);
  });

  it("email_doesn't_match: a provider account with another email is not linked", async () => {
    const { browser } = await signedInBrowser("link2@example.com");
    world.idp.users.set("other2", { sub: "other2", email: "someone-else@example.com", email_verified: true });
    const landed = await link(browser, "other2");
    expect(landed.searchParams.get("error")).toBe("email_doesn't_match");
  });

  it("account_already_linked_to_different_user: a provider account linked to someone else is refused", async () => {
    world.idp.users.set("shared", { sub: "shared", email: "link3@example.com", email_verified: true });
    const first = await signedInBrowser("link3@example.com");
    expect((await link(first.browser, "shared")).searchParams.get("error")).toBeNull();
    const { browser } = await signedInBrowser("link4@example.com");
    const landed = await link(browser, "shared");
    expect(landed.searchParams.get("error")).toBe("account_already_linked_to_different_user");
  });

  it("refuses to unlink the last account of a user who signed up through a provider", async () => {
    world.idp.users.set("solo", { sub: "solo", email: "solo@example.com", email_verified: true });
    const browser = new TestBrowser();
    const started = await browser.request(`${world.server.api}/sign-in/social`, { method: "POST", json: { provider: "google", callbackURL: "/console/" } });
    browser.login = "solo";
    await finish(world, browser, ((await started.json()) as { url: string }).url);
    const refused = await browser.request(`${world.server.api}/unlink-account`, { method: "POST", json: { providerId: "google" } });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { code: string }).code).toBe("FAILED_TO_UNLINK_LAST_ACCOUNT");
  });
});

describe("provider tokens", () => {
  let browser: TestBrowser;
  let accountRowId: string;
  beforeAll(async () => {
    world.idp.users.set("tok", { sub: "tok", email: "tok@example.com", email_verified: true, name: "Token Holder" });
    browser = new TestBrowser();
    const started = await browser.request(`${world.server.api}/sign-in/social`, { method: "POST", json: { provider: "google", callbackURL: "/console/" } });
    browser.login = "tok";
    await finish(world, browser, ((await started.json()) as { url: string }).url);
    const row = await world.server.database.db.selectFrom("account").selectAll().where("providerId", "=", "google").where("accountId", "=", "tok").executeTakeFirstOrThrow();
    accountRowId = row.id;
  });

  it("get-access-token opens the sealed token, and account-info reads the provider's profile with it", async () => {
    const response = await browser.request(`${world.server.api}/get-access-token`, { method: "POST", json: { providerId: "google" } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { accessToken: string; scopes: string[]; accessTokenExpiresAt: string };
    expect(body.accessToken).not.toMatch(/^v1\./);
    expect(body.scopes).toEqual(expect.arrayContaining(["openid", "email"]));
    const me = await fetch(world.idp.endpoints.userInfo, { headers: { authorization: `Bearer ${body.accessToken}` } });
    expect(me.status).toBe(200);
    const info = await browser.request(`${world.server.api}/account-info?accountId=${accountRowId}`);
    expect(info.status).toBe(200);
    expect(await info.json()).toMatchObject({ user: { id: "tok", email: "tok@example.com", emailVerified: true }, account: { id: accountRowId, providerId: "google", accountId: "tok" } });
  });

  it("get-access-token refreshes an expired access token through the refresh grant and stores the new one sealed", async () => {
    const before = await world.server.database.db.selectFrom("account").selectAll().where("id", "=", accountRowId).executeTakeFirstOrThrow();
    await world.server.database.db.updateTable("account").set({ accessTokenExpiresAt: world.server.clock.now() - 1000 }).where("id", "=", accountRowId).execute();
    const response = await browser.request(`${world.server.api}/get-access-token`, { method: "POST", json: { accountId: accountRowId } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { accessToken: string; accessTokenExpiresAt: string };
    expect(Date.parse(body.accessTokenExpiresAt)).toBeGreaterThan(world.server.clock.now());
    const after = await world.server.database.db.selectFrom("account").selectAll().where("id", "=", accountRowId).executeTakeFirstOrThrow();
    expect(after.accessToken).toMatch(/^v1\./);
    expect(after.accessToken).not.toBe(before.accessToken);
  });

  it("refresh-token answers fresh tokens now", async () => {
    const response = await browser.request(`${world.server.api}/refresh-token`, { method: "POST", json: { providerId: "google" } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { accessToken: string; refreshToken: string; providerId: string; accountId: string };
    expect(body).toMatchObject({ providerId: "google", accountId: accountRowId });
    expect(body.refreshToken).toBeTruthy();
    const me = await fetch(world.idp.endpoints.userInfo, { headers: { authorization: `Bearer ${body.accessToken}` } });
    expect(me.status).toBe(200);
  });

  it("ACCOUNT_NOT_FOUND for an account of another user; UNAUTHORIZED without a session", async () => {
    const other = await signedInBrowser("tok-other@example.com");
    const response = await other.browser.request(`${world.server.api}/get-access-token`, { method: "POST", json: { accountId: accountRowId } });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { code: string }).code).toBe("ACCOUNT_NOT_FOUND");
    const anonymous = await world.server.request("POST", "/get-access-token", { body: { accountId: accountRowId } });
    expect(anonymous.status).toBe(401);
  });

  it("a sealed token from the database does not open under another secret", async () => {
    const { openToken } = await import("../../../server/features/social/sealed-tokens.js");
    const row = await world.server.database.db.selectFrom("account").selectAll().where("id", "=", accountRowId).executeTakeFirstOrThrow();
    expect(() => openToken("another-secret-another-secret-another", row.accessToken)).toThrow();
    expect(openToken(world.server.app.context.secret, row.accessToken)).toBeTruthy();
  });

  it("a token in the dropped enc1: format (never released) is refused with a typed error, and the row is left alone (#20)", async () => {
    const { openToken } = await import("../../../server/features/social/sealed-tokens.js");
    const secret = world.server.app.context.secret;
    // Built the way development builds sealed tokens before v1: own HKDF label, `enc1:<iv>.<ciphertext+tag>`.
    const legacySeal = (plain: string) => {
      const key = Buffer.from(hkdfSync("sha256", secret, "latchkey", "provider-token-encryption-v1", 32));
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final(), cipher.getAuthTag()]);
      return `enc1:${iv.toString("base64url")}.${body.toString("base64url")}`;
    };
    expect(() => openToken(secret, legacySeal("legacy-access-token"))).toThrow("provider token is not sealed");
    expect(() => openToken(secret, "plain-token")).toThrow("provider token is not sealed");

    const row = await world.server.database.db.selectFrom("account").selectAll().where("id", "=", accountRowId).executeTakeFirstOrThrow();
    const legacy = legacySeal(openToken(secret, row.accessToken)!);
    await world.server.database.db.updateTable("account").set({ accessToken: legacy }).where("id", "=", accountRowId).execute();
    try {
      const response = await browser.request(`${world.server.api}/get-access-token`, { method: "POST", json: { accountId: accountRowId } });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { code: string }).code).toBe("FAILED_TO_GET_ACCESS_TOKEN");
      const after = await world.server.database.db.selectFrom("account").select("accessToken").where("id", "=", accountRowId).executeTakeFirstOrThrow();
      expect(after.accessToken).toBe(legacy);
    } finally {
      await world.server.database.db.updateTable("account").set({ accessToken: row.accessToken }).where("id", "=", accountRowId).execute();
    }
  });
});
