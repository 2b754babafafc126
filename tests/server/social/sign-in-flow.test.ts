import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestBrowser } from "./support.js";
import { beginSignIn, finish, sessionOf, startSocialWorld, type SocialWorld } from "./setup.js";

let world: SocialWorld;
beforeAll(async () => {
  world = await startSocialWorld();
}, 60_000);
afterAll(async () => world?.close());

describe("social sign-in round trip against oidc-provider", () => {
  it("signs a new user up through google with state, PKCE S256 and a nonce, and lands on the newUserCallbackURL with a session", async () => {
    world.idp.users.set("alice", { sub: "alice", email: "alice@example.com", email_verified: true, name: "Alice Liddell" });
    const { browser, url, answer } = await beginSignIn(world, { provider: "google", callbackURL: "/console/", newUserCallbackURL: "/console/welcome" });
    expect(answer.redirect).toBe(true);
    const authorize = new URL(url);
    const again = await world.server.request("POST", "/sign-in/social", { body: { provider: "google", callbackURL: "/" } });
    expect(again.status).toBe(200);
    expect(new URL(again.headers.get("location")!).origin).toBe(world.idp.issuer);
    expect(authorize.origin).toBe(world.idp.issuer);
    expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorize.searchParams.get("state")).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(authorize.searchParams.get("nonce")).toBeTruthy();
    expect(authorize.searchParams.get("scope")).toBe("openid email profile");
    expect(browser.cookie(world.server.url, "latchkey.oauth_state")).toBeTruthy();

    browser.login = "alice";
    const { url: landed } = await finish(world, browser, url);
    expect(landed).toBe(`${world.server.url}/console/welcome`);
    const session = await sessionOf(world, browser);
    expect(session?.user.email).toBe("alice@example.com");
    expect(session?.user.emailVerified).toBe(true);
    expect(session?.user.name).toBe("Alice Liddell");
    expect(browser.cookie(world.server.url, "latchkey.oauth_state")).toBeUndefined();
  });

  it("signs the same provider account in again (callbackURL, not the new-user page) and stores its tokens sealed", async () => {
    const { browser, url } = await beginSignIn(world, { provider: "google", callbackURL: "/console/", newUserCallbackURL: "/console/welcome" });
    browser.login = "alice";
    const { url: landed } = await finish(world, browser, url);
    expect(landed).toBe(`${world.server.url}/console/`);
    const rows = await world.server.database.db.selectFrom("account").selectAll().where("providerId", "=", "google").execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.accountId).toBe("alice");
    expect(rows[0]!.accessToken).toMatch(/^v1\./);
    expect(rows[0]!.idToken).toMatch(/^v1\./);
    expect(rows[0]!.refreshToken).toMatch(/^v1\./);
    const session = await sessionOf(world, browser);
    const listed = await world.server.request("GET", "/list-accounts", { cookie: browser.cookieHeader(world.server.url) });
    expect(JSON.stringify(listed.body)).not.toMatch(/v1\.[\w-]{16}\.|accessToken|refreshToken|idToken/);
    expect(session?.user.email).toBe("alice@example.com");
  });

  it("records sign-up and sign-in audit events naming the provider", async () => {
    await world.server.app.context.audit.flush();
    const events = await world.server.database.db.selectFrom("auditEvent").selectAll().execute();
    const social = events.filter((event) => String(event.metadata ?? "").includes('"provider":"google"'));
    expect(social.map((event) => event.action)).toEqual(expect.arrayContaining(["user.sign-up", "user.sign-in"]));
  });

  it("answers 400 CALLBACK_URL_REQUIRED without a callbackURL, 404 PROVIDER_NOT_FOUND for an unconfigured provider, 403 for an untrusted callbackURL", async () => {
    const missing = await world.server.request("POST", "/sign-in/social", { body: { provider: "google" } });
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe("CALLBACK_URL_REQUIRED");
    const unknown = await world.server.request("POST", "/sign-in/social", { body: { provider: "github", callbackURL: "/" } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe("PROVIDER_NOT_FOUND");
    const evil = await world.server.request("POST", "/sign-in/social", { body: { provider: "google", callbackURL: "https://evil.example/" } });
    expect(evil.status).toBe(403);
    expect(evil.body.code).toBe("INVALID_CALLBACK_URL");
  });

  it("answers redirect:false with disableRedirect, and the URL still works", async () => {
    const { answer } = await beginSignIn(world, { provider: "google", callbackURL: "/", disableRedirect: true });
    expect(answer.redirect).toBe(false);
    expect(answer.url).toContain(world.idp.issuer);
    const quiet = await world.server.request("POST", "/sign-in/social", { body: { provider: "google", callbackURL: "/", disableRedirect: true } });
    expect(quiet.headers.get("location")).toBeNull();
  });

  it("signs in through a generic provider configured only by its discovery URL, on both the new and the older generic-OAuth paths", async () => {
    world.idp.users.set("bob", { sub: "bob", email: "bob@example.com", email_verified: true, name: "Bob" });
    const { browser, url } = await beginSignIn(world, { provider: "corp", callbackURL: "/console/" });
    browser.login = "bob";
    expect((await finish(world, browser, url)).url).toBe(`${world.server.url}/console/`);
    expect((await sessionOf(world, browser))?.user.email).toBe("bob@example.com");

    const older = await world.server.request("POST", "/sign-in/oauth2", { body: { providerId: "corp", callbackURL: "/console/older" } });
    expect(older.status).toBe(200);
    const second = new TestBrowser();
    const started = await second.request(`${world.server.api}/sign-in/oauth2`, { method: "POST", json: { providerId: "corp", callbackURL: "/console/older" } });
    const { url: olderUrl } = (await started.json()) as { url: string };
    expect(new URL(olderUrl).searchParams.get("redirect_uri")).toBe(`${world.server.api}/oauth2/callback/corp`);
    second.login = "bob";
    expect((await finish(world, second, olderUrl)).url).toBe(`${world.server.url}/console/older`);
    expect((await sessionOf(world, second))?.user.email).toBe("bob@example.com");
  });

  it("turns a form_post callback (POST without cookies) into a GET redirect that carries the Lax state cookie", async () => {
    world.idp.users.set("carol", { sub: "carol", email: "carol@example.com", email_verified: true, name: "Carol" });
    const { browser, url } = await beginSignIn(world, { provider: "corp-post", callbackURL: "/console/" });
    expect(new URL(url).searchParams.get("response_mode")).toBe("form_post");
    browser.login = "carol";
    const { url: landed } = await finish(world, browser, url);
    expect(landed).toBe(`${world.server.url}/console/`);
    const posted = browser.hops.find((hop) => hop.url === `${world.server.api}/callback/corp-post`);
    expect(posted?.status).toBe(302);
    expect((await sessionOf(world, browser))?.user.email).toBe("carol@example.com");
  });

  it("lists the configured providers with display names and no secrets", async () => {
    const listed = await world.server.request("GET", "/providers");
    expect(listed.status).toBe(200);
    expect(listed.body.providers).toEqual([
      { id: "google", name: "Google" },
      { id: "corp", name: "Corp SSO" },
      { id: "corp-post", name: "corp-post" },
    ]);
    expect(listed.body.oneTap).toBe(true);
    expect(listed.text).not.toContain(world.idp.clientSecret);
  });
});

describe("form_post from a provider on the same site", () => {
  it("is redirected even when the browser sends its cookies and the provider's Origin along", async () => {
    const response = await world.server.request("POST", "/callback/corp-post", {
      rawBody: "state=abc&code=def",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://sso.example.com" },
      cookie: "latchkey.session_token=whatever",
    });
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("location")!);
    expect(location.origin + location.pathname).toBe(`${world.server.api}/callback/corp-post`);
    expect(Object.fromEntries(location.searchParams)).toEqual({ state: "abc", code: "def" });
  });

  it("keeps refusing form bodies everywhere else", async () => {
    const response = await world.server.request("POST", "/sign-in/social", { rawBody: "provider=google&callbackURL=%2F", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(response.status).toBe(415);
  });
});
