import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestBrowser } from "./support.js";
import { beginSignIn, finish, startSocialWorld, untilCallback, type SocialWorld } from "./setup.js";

let world: SocialWorld;
beforeAll(async () => {
  world = await startSocialWorld();
  world.idp.users.set("erin", { sub: "erin", email: "erin@example.com", email_verified: true, name: "Erin" });
}, 60_000);
afterAll(async () => world?.close());

const ERROR_PAGE = () => `${world.server.url}/app/oops`;

/** Start, let the IdP sign `login` in, and stop right before Latchkey's callback. */
async function callbackFor(login: string, body: Record<string, unknown> = {}) {
  const { browser, url } = await beginSignIn(world, { provider: "google", callbackURL: "/console/", errorCallbackURL: "/app/oops", ...body });
  browser.login = login;
  return { browser, callback: await untilCallback(world, browser, url), authorize: url };
}

async function errorOf(browser: TestBrowser, url: string): Promise<{ at: string; error: string | null; description: string | null }> {
  const response = await browser.request(url);
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get("location")!, url);
  return { at: location.origin + location.pathname, error: location.searchParams.get("error"), description: location.searchParams.get("error_description") };
}

describe("social callback error redirects", () => {
  it("state_not_found: no state at all goes to the server's error page", async () => {
    const result = await errorOf(new TestBrowser(), `${world.server.api}/callback/google?code=abc`);
    expect(result).toMatchObject({ at: `${world.server.api}/error`, error: "state_not_found" });
  });

  it("state_not_found: a tampered state", async () => {
    const { browser, callback } = await callbackFor("erin");
    const url = new URL(callback);
    url.searchParams.set("state", url.searchParams.get("state")!.replace(/^./, (c) => (c === "A" ? "B" : "A")));
    expect((await errorOf(browser, url.toString())).error).toBe("state_not_found");
  });

  it("state_not_found: a state used once already (replay)", async () => {
    const { browser, callback } = await callbackFor("erin");
    const saved = browser.cookie(world.server.url, "latchkey.oauth_state");
    const first = await finish(world, browser, callback);
    expect(first.url).toBe(`${world.server.url}/console/`);
    browser.setCookie(world.server.url, "latchkey.oauth_state", saved);
    expect((await errorOf(browser, callback)).error).toBe("state_not_found");
  });

  it("please_restart_the_process: a state older than ten minutes (clock moved)", async () => {
    const { browser, callback } = await callbackFor("erin");
    world.server.clock.advance(10 * 60 * 1000 + 1000);
    try {
      expect(await errorOf(browser, callback)).toMatchObject({ at: ERROR_PAGE(), error: "please_restart_the_process" });
    } finally {
      world.server.clock.advance(-(10 * 60 * 1000 + 1000));
    }
  });

  it("please_restart_the_process: a callback in a browser that did not start the flow (no signed state cookie)", async () => {
    const { browser, callback } = await callbackFor("erin");
    browser.setCookie(world.server.url, "latchkey.oauth_state", undefined);
    expect((await errorOf(browser, callback)).error).toBe("please_restart_the_process");
  });

  it("issuer_mismatch: an RFC 9207 iss naming another server", async () => {
    const { browser, callback } = await callbackFor("erin");
    const url = new URL(callback);
    expect(url.searchParams.get("iss")).toBe(world.idp.issuer);
    url.searchParams.set("iss", "http://127.0.0.1:1/evil");
    expect((await errorOf(browser, url.toString())).error).toBe("issuer_mismatch");
  });

  it("no_code: a callback without a code", async () => {
    const { browser, callback } = await callbackFor("erin");
    const url = new URL(callback);
    url.searchParams.delete("code");
    expect((await errorOf(browser, url.toString())).error).toBe("no_code");
  });

  it("the provider's own error (access_denied) and its description are passed on", async () => {
    const { browser, url } = await beginSignIn(world, { provider: "google", callbackURL: "/console/", errorCallbackURL: "/app/oops" });
    const state = new URL(url).searchParams.get("state")!;
    const result = await errorOf(browser, `${world.server.api}/callback/google?state=${state}&error=access_denied&error_description=${encodeURIComponent("The user said no")}&iss=${encodeURIComponent(world.idp.issuer)}`);
    expect(result).toMatchObject({ at: ERROR_PAGE(), error: "access_denied", description: "The user said no" });
  });

  it("invalid_code: an ID token whose nonce is not the one this flow sent", async () => {
    const { browser, url } = await beginSignIn(world, { provider: "google", callbackURL: "/console/", errorCallbackURL: "/app/oops" });
    const tampered = new URL(url);
    tampered.searchParams.set("nonce", "a-nonce-from-another-flow");
    browser.login = "erin";
    const callback = await untilCallback(world, browser, tampered.toString());
    expect((await errorOf(browser, callback)).error).toBe("invalid_code");
  });

  it("invalid_code: a code already redeemed", async () => {
    const { browser, callback } = await callbackFor("erin");
    const saved = browser.cookie(world.server.url, "latchkey.oauth_state");
    await finish(world, browser, callback);
    // Same code under a fresh state of this browser: the IdP refuses the second redemption.
    const again = await beginSignIn(world, { provider: "google", callbackURL: "/console/", errorCallbackURL: "/app/oops" }, browser);
    const url = new URL(callback);
    url.searchParams.set("state", new URL(again.url).searchParams.get("state")!);
    expect(saved).toBeTruthy();
    expect((await errorOf(browser, url.toString())).error).toBe("invalid_code");
  });

  it("invalid_callback_request: a state started for one provider, returned to another's callback", async () => {
    const { browser, callback } = await callbackFor("erin");
    expect((await errorOf(browser, callback.replace("/callback/google", "/callback/corp"))).error).toBe("invalid_callback_request");
  });

  it("email_not_found: the provider knows no email for the user", async () => {
    world.idp.users.set("noemail", { sub: "noemail", name: "No Mail" });
    const { browser, callback } = await callbackFor("noemail");
    expect((await errorOf(browser, callback)).error).toBe("email_not_found");
  });

  it("account not linked: the provider does not vouch for an email a local user already has", async () => {
    await world.server.signUp({ email: "frank@example.com" });
    world.idp.users.set("frank", { sub: "frank", email: "frank@example.com", email_verified: false, name: "Frank" });
    const { browser, callback } = await callbackFor("frank");
    expect((await errorOf(browser, callback)).error).toBe("account not linked");
  });

  it("account not linked: the provider vouches, but the local email was never verified", async () => {
    await world.server.signUp({ email: "gina@example.com" });
    world.idp.users.set("gina", { sub: "gina", email: "gina@example.com", email_verified: true, name: "Gina" });
    const { browser, callback } = await callbackFor("gina");
    expect((await errorOf(browser, callback)).error).toBe("account not linked");
  });

  it("links automatically when the provider vouches and the local email is verified", async () => {
    const { userId } = await world.server.signUp({ email: "hank@example.com" });
    await world.server.database.db.updateTable("user").set({ emailVerified: 1 }).where("id", "=", userId).execute();
    world.idp.users.set("hank", { sub: "hank", email: "hank@example.com", email_verified: true, name: "Hank" });
    const { browser, callback } = await callbackFor("hank");
    expect((await finish(world, browser, callback)).url).toBe(`${world.server.url}/console/`);
    const accounts = await world.server.database.db.selectFrom("account").select(["providerId", "userId"]).where("userId", "=", userId).execute();
    expect(accounts.map((a) => a.providerId).sort()).toEqual(["credential", "google"]);
  });

  it("BANNED_USER: a banned user's provider sign-in is refused with the ban's code", async () => {
    world.idp.users.set("ivan", { sub: "ivan", email: "ivan@example.com", email_verified: true, name: "Ivan" });
    const first = await callbackFor("ivan");
    await finish(world, first.browser, first.callback);
    await world.server.database.db.updateTable("user").set({ banned: 1 }).where("email", "=", "ivan@example.com").execute();
    const { browser, callback } = await callbackFor("ivan");
    expect((await errorOf(browser, callback)).error).toBe("BANNED_USER");
  });
});
