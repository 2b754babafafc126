/**
 * Issue 19 item 7: one rule for linking a provider account to a signed-in user, whether the link
 * comes back through the redirect callback or as an ID token on /link-social — accountLinking
 * enabled, an address the provider vouches for (or a trusted provider), the user's own address
 * unless different ones are allowed; a re-link of the user's own account always passes.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestBrowser } from "./support.js";
import { startSocialWorld, untilCallback, type SocialWorld } from "./setup.js";

let world: SocialWorld;
beforeAll(async () => {
  world = await startSocialWorld();
}, 60_000);
afterAll(async () => world?.close());

/** Runs `body` with accountLinking changed, then puts it back (tests in a file run one at a time). */
async function withLinking<T>(change: Partial<SocialWorld["server"]["app"]["context"]["config"]["accountLinking"]>, body: () => Promise<T>): Promise<T> {
  const linking = world.server.app.context.config.accountLinking;
  const saved = { ...linking, trustedProviders: [...linking.trustedProviders] };
  Object.assign(linking, change);
  try {
    return await body();
  } finally {
    Object.assign(linking, saved);
  }
}

async function signedInBrowser(email: string) {
  const browser = new TestBrowser();
  const { password, userId } = await world.server.signUp({ email });
  const response = await browser.request(`${world.server.api}/sign-in/email`, { method: "POST", json: { email, password } });
  expect(response.status).toBe(200);
  return { browser, userId };
}

/** Link through the redirect callback; answers where the browser lands. */
async function linkByRedirect(browser: TestBrowser, login: string) {
  const response = await browser.request(`${world.server.api}/link-social`, { method: "POST", json: { provider: "google", callbackURL: "/console/account", errorCallbackURL: "/console/account" } });
  expect(response.status).toBe(200);
  browser.login = login;
  const callback = await untilCallback(world, browser, ((await response.json()) as { url: string }).url);
  const back = await browser.request(callback);
  expect(back.status).toBe(302);
  return new URL(back.headers.get("location")!, callback);
}

async function linkByIdToken(browser: TestBrowser, claims: Record<string, unknown>) {
  const token = await world.idp.signIdToken(claims);
  const response = await browser.request(`${world.server.api}/link-social`, { method: "POST", json: { provider: "google", idToken: { token } } });
  return { status: response.status, body: (await response.json()) as { code?: string; status?: boolean } };
}

async function googleAccounts(userId: string) {
  return world.server.database.db.selectFrom("account").select("accountId").where("userId", "=", userId).where("providerId", "=", "google").execute();
}

describe("one rule for linking (#19)", () => {
  it("refuses a redirect link of an address the provider does not vouch for, from an untrusted provider (#19)", async () => {
    const { browser, userId } = await signedInBrowser("unvouched@example.com");
    world.idp.users.set("unvouched", { sub: "unvouched", email: "unvouched@example.com", email_verified: false });
    const landed = await linkByRedirect(browser, "unvouched");
    expect(landed.pathname).toBe("/console/account");
    expect(landed.searchParams.get("error")).toBe("unable_to_link_account");
    expect(await googleAccounts(userId)).toEqual([]);
  });

  it("refuses the same unvouched address on the ID-token link, with the same rule (#19)", async () => {
    const { browser, userId } = await signedInBrowser("unvouched-id@example.com");
    const refused = await linkByIdToken(browser, { sub: "unvouched-id", email: "unvouched-id@example.com", email_verified: false });
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe("LINKING_NOT_ALLOWED");
    expect(await googleAccounts(userId)).toEqual([]);
  });

  it("links an unvouched address through the redirect when the provider is trusted (#19)", async () => {
    const { browser, userId } = await signedInBrowser("trusted@example.com");
    world.idp.users.set("trusted", { sub: "trusted", email: "trusted@example.com", email_verified: false });
    const landed = await withLinking({ trustedProviders: ["google"] }, () => linkByRedirect(browser, "trusted"));
    expect(landed.searchParams.get("error")).toBeNull();
    expect(await googleAccounts(userId)).toEqual([{ accountId: "trusted" }]);
  });

  it("refuses both paths while accountLinking.enabled is false, even for a vouched, matching address (#19)", async () => {
    const { browser, userId } = await signedInBrowser("disabled@example.com");
    world.idp.users.set("disabled", { sub: "disabled", email: "disabled@example.com", email_verified: true });
    await withLinking({ enabled: false }, async () => {
      expect((await linkByRedirect(browser, "disabled")).searchParams.get("error")).toBe("unable_to_link_account");
      const refused = await linkByIdToken(browser, { sub: "disabled-id", email: "disabled@example.com", email_verified: true });
      expect(refused.status).toBe(401);
      expect(refused.body.code).toBe("LINKING_NOT_ALLOWED");
    });
    expect(await googleAccounts(userId)).toEqual([]);
  });

  it("still lets a user re-link their own account while linking is off: the tokens are refreshed (#19)", async () => {
    const { browser, userId } = await signedInBrowser("relink@example.com");
    world.idp.users.set("relink", { sub: "relink", email: "relink@example.com", email_verified: true });
    expect((await linkByRedirect(browser, "relink")).searchParams.get("error")).toBeNull();
    await withLinking({ enabled: false }, async () => {
      expect((await linkByRedirect(browser, "relink")).searchParams.get("error")).toBeNull();
      const again = await linkByIdToken(browser, { sub: "relink", email: "relink@example.com", email_verified: true });
      expect(again).toEqual({ status: 200, body: { url: "", status: true, redirect: false } });
    });
    expect(await googleAccounts(userId)).toEqual([{ accountId: "relink" }]);
  });

  it("refuses a different address on both paths unless allowDifferentEmails, then links it on both (#19)", async () => {
    const { browser, userId } = await signedInBrowser("mine@example.com");
    world.idp.users.set("elsewhere", { sub: "elsewhere", email: "elsewhere@example.com", email_verified: true });
    expect((await linkByRedirect(browser, "elsewhere")).searchParams.get("error")).toBe("email_doesn't_match");
    const refused = await linkByIdToken(browser, { sub: "elsewhere-id", email: "elsewhere-id@example.com", email_verified: true });
    expect(refused.body.code).toBe("LINKING_DIFFERENT_EMAILS_NOT_ALLOWED");
    await withLinking({ allowDifferentEmails: true }, async () => {
      expect((await linkByRedirect(browser, "elsewhere")).searchParams.get("error")).toBeNull();
      expect((await linkByIdToken(browser, { sub: "elsewhere-id", email: "elsewhere-id@example.com", email_verified: true })).status).toBe(200);
    });
    expect((await googleAccounts(userId)).map((a) => a.accountId).sort()).toEqual(["elsewhere", "elsewhere-id"]);
  });
});
