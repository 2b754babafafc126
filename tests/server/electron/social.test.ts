/**
 * The desktop app's social sign-in: `/electron/init-oauth-proxy` starts a redirect sign-in at the
 * real OpenID provider (oidc-provider, as in tests/server/social), and the callback ends with the
 * hand-off code in the page's `latchkey.electron` cookie, which the app trades once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { finish, startSocialWorld, type SocialWorld } from "../social/setup.js";
import { TestBrowser } from "../social/support.js";
import { userWithTotp, totpAt } from "../two-factor/support.js";
import { decodeHandOffCookie, desktopApp } from "./support.js";

let world: SocialWorld;
beforeAll(async () => {
  world = await startSocialWorld();
}, 60_000);
afterAll(async () => world?.close());

function proxyURL(query: Record<string, string>): string {
  return `${world.server.api}/electron/init-oauth-proxy?${new URLSearchParams(query).toString()}`;
}

describe("GET /electron/init-oauth-proxy", () => {
  it("redirects to the provider and ends on the console's page with a code for the app", async () => {
    world.idp.users.set("dora", { sub: "dora", email: "dora@example.com", email_verified: true, name: "Dora Desk" });
    const app = await desktopApp(world.server);
    const browser = new TestBrowser();
    browser.login = "dora";
    const start = await browser.request(proxyURL({ provider: "google", state: app.state, code_challenge: app.challenge }));
    expect(start.status).toBe(302);
    expect(new URL(start.headers.get("location")!).origin).toBe(world.idp.issuer);

    const { url: landed } = await finish(world, browser, proxyURL({ provider: "google", state: app.state, code_challenge: app.challenge }));
    expect(landed).toBe(`${world.server.url}/console/sign-in?handoff=cookie`);
    const { identifier, state } = decodeHandOffCookie(browser.cookie(world.server.url, "latchkey.electron"));
    expect(state).toBe(app.state);
    const traded = await app.trade(identifier);
    expect(traded.error).toBeNull();
    expect(traded.data!.user.email).toBe("dora@example.com");
    expect((await app.trade(identifier)).error?.status).toBe(404);
  });

  it("lands on a trusted callbackURL when one is given, and refuses an untrusted one", async () => {
    const app = await desktopApp(world.server);
    const browser = new TestBrowser();
    browser.login = "dora";
    const { url: landed } = await finish(world, browser, proxyURL({ provider: "google", state: app.state, code_challenge: app.challenge, callbackURL: "/console/done" }));
    expect(landed).toBe(`${world.server.url}/console/done`);
    expect(browser.cookie(world.server.url, "latchkey.electron")).toBeTruthy();

    const untrusted = await new TestBrowser().request(proxyURL({ provider: "google", state: app.state, code_challenge: app.challenge, callbackURL: "https://evil.example/steal" }));
    expect(untrusted.status).toBe(403);
    expect(((await untrusted.json()) as { code: string }).code).toBe("INVALID_CALLBACK_URL");
  });

  it("refuses an unknown provider and missing parameters with typed errors", async () => {
    const app = await desktopApp(world.server);
    const unknown = await world.server.request("GET", `/electron/init-oauth-proxy?provider=nope&state=${app.state}&code_challenge=${app.challenge}`);
    expect(unknown.body.code).toBe("PROVIDER_NOT_FOUND");
    const noState = await world.server.request("GET", `/electron/init-oauth-proxy?provider=google&state=&code_challenge=${app.challenge}`);
    expect(noState.status).toBe(400);
    expect(noState.body.code).toBe("MISSING_STATE");
    const noChallenge = await world.server.request("GET", `/electron/init-oauth-proxy?provider=google&state=${app.state}`);
    expect(noChallenge.status).toBe(400);
  });

  it("carries the hand-off through the second step of a two-factor user", async () => {
    const person = await userWithTotp(world.server);
    // A verified address on both sides, so the provider account links to this user (docs/social.md).
    await world.server.database.db.updateTable("user").set({ emailVerified: 1 }).where("id", "=", person.userId).execute();
    world.idp.users.set("tess", { sub: "tess", email: person.email, email_verified: true, name: "Tess" });
    const app = await desktopApp(world.server);
    const browser = new TestBrowser();
    browser.login = "tess";
    const { url: landed } = await finish(world, browser, proxyURL({ provider: "google", state: app.state, code_challenge: app.challenge }));
    expect(landed).toContain("reason=second-step");
    expect(browser.cookie(world.server.url, "latchkey.electron")).toBeUndefined();

    const verified = await browser.request(`${world.server.api}/two-factor/verify-totp`, { method: "POST", json: { code: totpAt(person.secret, world.server.clock.now()) } });
    expect(verified.status).toBe(200);
    const answer = (await verified.json()) as { electron_authorization_code: string };
    const traded = await app.trade(answer.electron_authorization_code);
    expect(traded.data!.user.id).toBe(person.userId);
  });
});
