/**
 * ID-token sign-in (`/sign-in/social {idToken}`), Google one-tap, and better-auth 1.7's own
 * client (`signIn.social`, `linkSocial`, `oneTap`) against Latchkey, with tokens signed by the
 * test IdP's published key.
 */
import { createAuthClient } from "better-auth/client";
import { oneTapClient } from "better-auth/client/plugins";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { identifierOf } from "../../../server/core/one-time.js";
import { createCookieFetch } from "../../helpers/cookie-fetch.js";
import { TestBrowser } from "./support.js";
import { finish, sessionOf, startSocialWorld, untilCallback, type SocialWorld } from "./setup.js";

let world: SocialWorld;
beforeAll(async () => {
  world = await startSocialWorld();
}, 60_000);
afterAll(async () => world?.close());

const claims = (sub: string, extra: Record<string, unknown> = {}) => ({ sub, email: `${sub}@example.com`, email_verified: true, name: `User ${sub}`, ...extra });

describe("ID-token sign-in", () => {
  it("signs up with a provider ID token: redirect false, a token, the user, and a session cookie", async () => {
    const idToken = await world.idp.signIdToken(claims("idt1", { nonce: "n-1" }));
    const browser = new TestBrowser();
    const response = await browser.request(`${world.server.api}/sign-in/social`, { method: "POST", json: { provider: "google", idToken: { token: idToken, nonce: "n-1" } } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { redirect: boolean; token: string; user: { email: string }; url?: string };
    expect(body.redirect).toBe(false);
    expect(body.url).toBeUndefined();
    expect(body.token).toBeTruthy();
    expect(body.user.email).toBe("idt1@example.com");
    expect((await sessionOf(world, browser))?.user.email).toBe("idt1@example.com");
  });

  it("refuses with 401 INVALID_TOKEN: a foreign key, a wrong audience, an expired token, a wrong nonce, a wrong issuer", async () => {
    const bad = [
      await world.idp.signForeign(claims("idt2")),
      await world.idp.signIdToken(claims("idt2"), { audience: "someone-else" }),
      await world.idp.signIdToken(claims("idt2"), { expiresIn: Math.floor(Date.now() / 1000) - 3600 }),
      await world.idp.signIdToken(claims("idt2", { nonce: "other" })),
      await world.idp.signIdToken(claims("idt2"), { issuer: "http://127.0.0.1:1" }),
    ];
    for (const [index, token] of bad.entries()) {
      const response = await world.server.request("POST", "/sign-in/social", { body: { provider: "google", idToken: { token, nonce: index === 3 ? "expected" : undefined } } });
      expect(response.status, `token ${index}`).toBe(401);
      expect(response.body.code).toBe("INVALID_TOKEN");
    }
  });

  it("answers 401 USER_EMAIL_NOT_FOUND for a token without email", async () => {
    const token = await world.idp.signIdToken({ sub: "noemail-idt", name: "No mail" });
    const response = await world.server.request("POST", "/sign-in/social", { body: { provider: "google", idToken: { token } } });
    expect(response.status).toBe(401);
    expect(response.body.code).toBe("USER_EMAIL_NOT_FOUND");
  });

  it("links by ID token on link-social (same email), and refuses one linked to someone else with 409", async () => {
    const browser = new TestBrowser();
    const { password } = await world.server.signUp({ email: "idlink@example.com" });
    await browser.request(`${world.server.api}/sign-in/email`, { method: "POST", json: { email: "idlink@example.com", password } });
    const token = await world.idp.signIdToken({ sub: "idlink", email: "idlink@example.com", email_verified: true });
    const linked = await browser.request(`${world.server.api}/link-social`, { method: "POST", json: { provider: "google", idToken: { token } } });
    expect(linked.status).toBe(200);
    expect(await linked.json()).toEqual({ url: "", status: true, redirect: false });

    const other = new TestBrowser();
    const second = await world.server.signUp({ email: "idlink2@example.com" });
    await other.request(`${world.server.api}/sign-in/email`, { method: "POST", json: { email: "idlink2@example.com", password: second.password } });
    const refused = await other.request(`${world.server.api}/link-social`, { method: "POST", json: { provider: "google", idToken: { token } } });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { code: string }).code).toBe("SOCIAL_ACCOUNT_ALREADY_LINKED");
  });
});

describe("an ID token signs in once (#27)", () => {
  const signIn = (token: string) => world.server.request("POST", "/sign-in/social", { body: { provider: "google", idToken: { token } } });

  it("refuses a second sign-in with the same ID token without a nonce: 401 INVALID_TOKEN (#27)", async () => {
    const token = await world.idp.signIdToken(claims("replay1"));
    const first = await signIn(token);
    expect(first.status).toBe(200);
    expect(first.body.user.email).toBe("replay1@example.com");
    const second = await signIn(token);
    expect(second.status).toBe(401);
    expect(second.body).toEqual({ code: "INVALID_TOKEN", message: "invalid token" });
    expect(second.cookies.some((line) => line.startsWith("latchkey.session_token="))).toBe(false);
    // A new token from the provider (its own jti) still signs the same person in.
    expect((await signIn(await world.idp.signIdToken(claims("replay1", { jti: "replay1-again" })))).status).toBe(200);
  });

  it("refuses the same token with its signature spelled differently (unused base64url bits) (#27)", async () => {
    const token = await world.idp.signIdToken(claims("replay2"));
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    // RS256: 256 signature bytes in 342 characters, so the last one carries 4 bits nobody reads.
    const respelled = token.slice(0, -1) + alphabet[alphabet.indexOf(token.at(-1)!) ^ 1];
    expect(respelled).not.toBe(token);
    expect((await signIn(respelled)).status).toBe(200);
    const original = await signIn(token);
    expect(original.status).toBe(401);
    expect(original.body.code).toBe("INVALID_TOKEN");
  });

  it("lets exactly one of two concurrent sign-ins with the same token through (#27)", async () => {
    const token = await world.idp.signIdToken(claims("replay3"));
    const answers = await Promise.all([signIn(token), signIn(token)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401]);
    const sessions = await world.server.database.db
      .selectFrom("session")
      .innerJoin("user", "user.id", "session.userId")
      .select("session.id")
      .where("user.email", "=", "replay3@example.com")
      .execute();
    expect(sessions).toHaveLength(1);
  });

  it("keeps only a digest of the token's signed part, until the token expires (#27)", async () => {
    const token = await world.idp.signIdToken(claims("replay4"));
    expect((await signIn(token)).status).toBe(200);
    const rows = await world.server.database.db.selectFrom("verification").selectAll().where("identifier", "like", "id-token-used:%").execute();
    expect(rows.length).toBeGreaterThan(0);
    const [header, payload, signature] = token.split(".");
    for (const row of rows) {
      for (const part of [header!, payload!, signature!]) expect(JSON.stringify(row)).not.toContain(part);
      expect(row.userId).toBeNull();
    }
    const exp = JSON.parse(Buffer.from(payload!, "base64url").toString()).exp as number;
    const mine = rows.filter((row) => row.identifier === identifierOf("id-token-used", `${header}.${payload}`));
    expect(mine).toHaveLength(1);
    expect(Number(mine[0]!.expiresAt)).toBe((exp + 5) * 1000);
  });

  it("refuses a one-tap credential used twice with 400 INVALID_ID_TOKEN (#27)", async () => {
    const token = await world.idp.signIdToken(claims("replay5"));
    const first = await world.server.request("POST", "/one-tap/callback", { body: { idToken: token } });
    expect(first.status).toBe(200);
    const second = await world.server.request("POST", "/one-tap/callback", { body: { idToken: token } });
    expect(second.status).toBe(400);
    expect(second.body.code).toBe("INVALID_ID_TOKEN");
  });
});

describe("one-tap", () => {
  it("signs in or up with a Google ID token minted for the configured client id", async () => {
    const token = await world.idp.signIdToken(claims("tap1"));
    const response = await world.server.request("POST", "/one-tap/callback", { body: { idToken: token } });
    expect(response.status).toBe(200);
    expect(response.body.user.email).toBe("tap1@example.com");
    expect(response.cookies.some((line) => line.startsWith("latchkey.session_token="))).toBe(true);
  });

  it("refuses a token for another audience with 400 INVALID_ID_TOKEN", async () => {
    const token = await world.idp.signIdToken(claims("tap2"), { audience: "not-us" });
    const response = await world.server.request("POST", "/one-tap/callback", { body: { idToken: token } });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe("INVALID_ID_TOKEN");
  });
});

describe("better-auth 1.7 client, unchanged", () => {
  function client() {
    const jar = createCookieFetch(world.server.url);
    return { jar, client: createAuthClient({ baseURL: world.server.url, plugins: [oneTapClient({ clientId: world.idp.clientId })], fetchOptions: { customFetchImpl: jar.fetch } }) };
  }

  it("signIn.social starts the flow; the browser finishes it; the client then sees the session", async () => {
    world.idp.users.set("ba1", { sub: "ba1", email: "ba1@example.com", email_verified: true, name: "BA One" });
    const { client: auth, jar } = client();
    const started = await auth.signIn.social({ provider: "google", callbackURL: "/console/", disableRedirect: true });
    expect(started.error).toBeNull();
    const url = (started.data as { url: string }).url;
    const browser = new TestBrowser();
    for (const [name, value] of jar.cookies) browser.setCookie(world.server.url, name, value);
    browser.login = "ba1";
    expect((await finish(world, browser, url)).url).toBe(`${world.server.url}/console/`);
    for (const [name, value] of browser.jars.get(new URL(world.server.url).host)!) jar.cookies.set(name, value);
    const session = await auth.getSession();
    expect(session.data?.user.email).toBe("ba1@example.com");
  });

  it("signIn.social with an idToken signs in at once", async () => {
    const { client: auth } = client();
    const result = await auth.signIn.social({ provider: "google", idToken: { token: await world.idp.signIdToken(claims("ba2")) } });
    expect(result.error).toBeNull();
    expect((result.data as { user: { email: string } }).user.email).toBe("ba2@example.com");
    expect((await auth.getSession()).data?.user.email).toBe("ba2@example.com");
  });

  it("linkSocial returns the provider URL for the signed-in user, and the callback links the account", async () => {
    const { client: auth, jar } = client();
    await auth.signUp.email({ email: "ba3@example.com", password: "password123", name: "BA Three" });
    world.idp.users.set("ba3", { sub: "ba3", email: "ba3@example.com", email_verified: true });
    const started = await auth.linkSocial({ provider: "google", callbackURL: "/console/account", disableRedirect: true });
    expect(started.error).toBeNull();
    const browser = new TestBrowser();
    for (const [name, value] of jar.cookies) browser.setCookie(world.server.url, name, value);
    browser.login = "ba3";
    const callback = await untilCallback(world, browser, (started.data as { url: string }).url);
    const back = await browser.request(callback);
    expect(back.headers.get("location")).toBe("/console/account");
    const accounts = await auth.listAccounts();
    expect((accounts.data ?? []).map((a: { providerId: string }) => a.providerId).sort()).toEqual(["credential", "google"]);
  });

  it("oneTap posts Google's credential to /one-tap/callback and signs in", async () => {
    const token = await world.idp.signIdToken(claims("ba4"));
    const g = globalThis as unknown as Record<string, unknown>;
    let config: { callback: (response: { credential: string }) => Promise<void> } | undefined;
    // Google's script cannot load offline; this stands in for it and hands over a credential at once.
    g.window = { googleScriptInitialized: true, document: {}, location: { href: "" }, google: { accounts: { id: { initialize: (c: typeof config) => (config = c), prompt: () => void config!.callback({ credential: token }) } } } };
    g.document = {};
    try {
      const { client: auth } = client();
      await auth.oneTap({ fetchOptions: {} });
      expect((await auth.getSession()).data?.user.email).toBe("ba4@example.com");
    } finally {
      delete g.window;
      delete g.document;
    }
  });
});

describe("sign-up switched off for a provider", () => {
  it("answers SOCIAL_SIGN_UP_DISABLED to a person the server does not know yet, and creates no user", async () => {
    const world2 = await startSocialWorld((idp) => ({ socialProviders: { google: { clientId: idp.clientId, clientSecret: idp.clientSecret, endpoints: idp.endpoints, disableSignUp: true } } }));
    try {
      const token = await world2.idp.signIdToken({ sub: "nosignup", email: "nosignup@example.com", email_verified: true });
      const response = await world2.server.request("POST", "/sign-in/social", { body: { provider: "google", idToken: { token } } });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe("SOCIAL_SIGN_UP_DISABLED");
      const asked = await world2.server.request("POST", "/sign-in/social", { body: { provider: "google", idToken: { token }, requestSignUp: true } });
      expect(asked.body.code).toBe("SOCIAL_SIGN_UP_DISABLED");
      const count = await world2.server.database.db.selectFrom("user").select(world2.server.database.db.fn.countAll().as("n")).executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(0);
    } finally {
      await world2.close();
    }
  });
});
