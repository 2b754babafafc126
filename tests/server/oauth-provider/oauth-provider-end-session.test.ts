/**
 * Issue 32, findings 4 and 5: RP-initiated logout takes only ID tokens as hints, ends only the
 * calling browser's own session, and redirects only with a valid ID token hint issued to the
 * client whose address it is. Without an ID token naming this browser's session (a cross-site GET
 * carrying only the cookie), nothing ends until the person confirms on the console's page, whose
 * answer is a same-origin POST. Driven by openid-client over real HTTP; the page itself in
 * Chromium: tests/e2e/console/oauth-provider-end-session.test.ts.
 */
import * as oidc from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CookieFetch } from "../../helpers/cookie-fetch.js";
import { relyingParty } from "../../helpers/oidc-relying-party.js";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";

const LOGOUT_TO = "https://app.example.test/signed-out";

let server: TestServer;
let rp: ReturnType<typeof relyingParty>;

beforeAll(async () => {
  server = await startTestServer({ config: { oauthProvider: { enabled: true }, rateLimit: { enabled: false } } });
  const admin = await server.signUp({ email: "es-admin@example.com" });
  await server.database.db.updateTable("user").set({ role: "admin" }).where("id", "=", admin.userId).execute();
  rp = relyingParty(server, admin.token);
});
afterAll(async () => {
  await server.close();
});

async function signedIn(jar: CookieFetch): Promise<boolean> {
  return (await (await jar.fetch(`${server.api}/get-session`)).json()) !== null;
}

describe.sequential("end-session hints and redirects", () => {
  it("refuses an access token as the hint and ends nothing", async () => {
    const person = await server.signUp({ email: "es-access@example.com" });
    const app = await rp.createApp({ client_name: "Hinted", skip_consent: true, post_logout_redirect_uris: [LOGOUT_TO] });
    const config = await rp.configFor(app);
    const jar = await rp.browserOf(person.email);
    const { tokens } = await rp.signInToApp(config, jar);
    const stranger = await fetch(oidc.buildEndSessionUrl(config, { id_token_hint: tokens.access_token }).toString(), { redirect: "manual" });
    expect(stranger.status).toBe(400);
    expect(await signedIn(jar)).toBe(true);
    expect((await oidc.tokenIntrospection(config, tokens.access_token)).active).toBe(true);
  });

  it("an ID token from a caller without the session's cookie ends nothing", async () => {
    const person = await server.signUp({ email: "es-leaked@example.com" });
    const app = await rp.createApp({ client_name: "Leaky", skip_consent: true, post_logout_redirect_uris: [LOGOUT_TO] });
    const config = await rp.configFor(app);
    const jar = await rp.browserOf(person.email);
    const { tokens } = await rp.signInToApp(config, jar);
    const stranger = await fetch(oidc.buildEndSessionUrl(config, { id_token_hint: tokens.id_token! }).toString(), { redirect: "manual" });
    expect(stranger.status).toBe(200);
    expect(await signedIn(jar)).toBe(true);
    expect((await oidc.tokenIntrospection(config, tokens.access_token)).active).toBe(true);
  });

  it("redirects after logout only with a valid ID token hint issued to that client", async () => {
    const person = await server.signUp({ email: "es-redirect@example.com" });
    const app = await rp.createApp({ client_name: "Redirecting", skip_consent: true, post_logout_redirect_uris: [LOGOUT_TO] });
    const config = await rp.configFor(app);
    const jar = await rp.browserOf(person.email);
    const { tokens } = await rp.signInToApp(config, jar);
    const bare = await jar.fetch(`${server.api}/oauth2/end-session?client_id=${app.client_id}&post_logout_redirect_uri=${encodeURIComponent(LOGOUT_TO)}`);
    expect([bare.status, bare.headers.get("location")]).toEqual([400, null]);
    expect(await signedIn(jar)).toBe(true);
    const hinted = await jar.fetch(oidc.buildEndSessionUrl(config, { id_token_hint: tokens.id_token!, post_logout_redirect_uri: LOGOUT_TO, state: "s" }).toString());
    expect(hinted.headers.get("location")).toBe(`${LOGOUT_TO}?state=s`);
    expect(await signedIn(jar)).toBe(false);
  });

  it("a cross-site GET with only the cookie signs nobody out: it asks on the console's page", async () => {
    const person = await server.signUp({ email: "es-csrf@example.com" });
    const app = await rp.createApp({ client_name: "Asked", skip_consent: true });
    const config = await rp.configFor(app);
    const jar = await rp.browserOf(person.email);
    const { tokens } = await rp.signInToApp(config, jar);
    // What an <img src> on another site makes the browser send: a GET with the cookie, no hint.
    for (const url of [`${server.api}/oauth2/end-session`, `${server.api}/oauth2/end-session?client_id=${app.client_id}`]) {
      const answer = await jar.fetch(url, { headers: { origin: "https://evil.example.test" } });
      expect(answer.status).toBe(302);
      const page = new URL(answer.headers.get("location") ?? "");
      expect([page.origin, page.pathname]).toEqual([server.url, "/console/oauth2/end-session"]);
      expect(page.searchParams.get("request")).toMatch(/^[A-Za-z0-9]{32}$/);
    }
    expect(await signedIn(jar)).toBe(true);
    expect((await oidc.tokenIntrospection(config, tokens.access_token)).active).toBe(true);
  });

  it("confirming on the page ends the session and its tokens; declining ends nothing; either spends the request", async () => {
    const person = await server.signUp({ email: "es-confirm@example.com" });
    const app = await rp.createApp({ client_name: "Confirmed", skip_consent: true });
    const config = await rp.configFor(app);
    const jar = await rp.browserOf(person.email);
    const { tokens } = await rp.signInToApp(config, jar);
    const ask = async () => new URL((await jar.fetch(`${server.api}/oauth2/end-session?client_id=${app.client_id}`)).headers.get("location") ?? "").searchParams.get("request")!;
    const answer = (request: string, accept: boolean) => jar.fetch(`${server.api}/oauth2/end-session-confirm`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ request, accept }) });

    const declined = await ask();
    const details = await jar.fetch(`${server.api}/oauth2/end-session-details?request=${declined}`);
    expect(await details.json()).toEqual({ request: declined, client: { client_id: app.client_id, client_name: "Confirmed" }, account: { email: person.email, name: expect.any(String) } });
    const no = await answer(declined, false);
    expect([no.status, await no.json()]).toEqual([200, {}]);
    expect(await signedIn(jar)).toBe(true);
    const again = await answer(declined, true);
    expect([again.status, ((await again.json()) as { code: string }).code]).toEqual([404, "OAUTH_REQUEST_NOT_FOUND"]);
    expect(await signedIn(jar)).toBe(true);

    const yes = await answer(await ask(), true);
    expect([yes.status, await yes.json()]).toEqual([200, {}]);
    expect(await signedIn(jar)).toBe(false);
    expect((await oidc.tokenIntrospection(config, tokens.access_token)).active).toBe(false);
  });

  it("the confirmation is same-origin and this session's own: another site's POST, another session and an API key are refused", async () => {
    const person = await server.signUp({ email: "es-forged@example.com" });
    const jar = await rp.browserOf(person.email);
    const request = new URL((await jar.fetch(`${server.api}/oauth2/end-session`)).headers.get("location") ?? "").searchParams.get("request")!;
    const body = JSON.stringify({ request, accept: true });
    const crossSite = await jar.fetch(`${server.api}/oauth2/end-session-confirm`, { method: "POST", headers: { "content-type": "application/json", origin: "https://evil.example.test" }, body });
    expect([crossSite.status, ((await crossSite.json()) as { code: string }).code]).toEqual([403, "INVALID_ORIGIN"]);
    // The same person's other browser: the request belongs to the session that was asked.
    const other = await rp.browserOf(person.email);
    const elsewhere = await other.fetch(`${server.api}/oauth2/end-session-confirm`, { method: "POST", headers: { "content-type": "application/json" }, body });
    expect([elsewhere.status, ((await elsewhere.json()) as { code: string }).code]).toEqual([404, "OAUTH_REQUEST_NOT_FOUND"]);
    const key = (await server.request("POST", "/api-key/create", { token: person.token, body: { name: "script" } })).body.key as string;
    const byKey = await server.request("POST", "/oauth2/end-session-confirm", { headers: { "x-api-key": key }, body: { request, accept: true } });
    expect([byKey.status, byKey.body.code]).toEqual([404, "OAUTH_REQUEST_NOT_FOUND"]);
    expect(await signedIn(jar)).toBe(true);
    expect(await signedIn(other)).toBe(true);
    const own = await jar.fetch(`${server.api}/oauth2/end-session-confirm`, { method: "POST", headers: { "content-type": "application/json" }, body });
    expect(own.status).toBe(200);
    expect(await signedIn(jar)).toBe(false);
    expect(await signedIn(other)).toBe(true);
  });

  it("a hint for an earlier session asks first, and goes back to the app with state only after the answer", async () => {
    const person = await server.signUp({ email: "es-earlier@example.com" });
    const app = await rp.createApp({ client_name: "Earlier", skip_consent: true, post_logout_redirect_uris: [LOGOUT_TO] });
    const config = await rp.configFor(app);
    const first = await rp.browserOf(person.email);
    const { tokens } = await rp.signInToApp(config, first);
    // The same browser signed in again since (a new session): the hint names the old one.
    const jar = await rp.browserOf(person.email);
    const asked = await jar.fetch(oidc.buildEndSessionUrl(config, { id_token_hint: tokens.id_token!, post_logout_redirect_uri: LOGOUT_TO, state: "s2" }).toString());
    const page = new URL(asked.headers.get("location") ?? "");
    expect(page.pathname).toBe("/console/oauth2/end-session");
    expect(await signedIn(jar)).toBe(true);
    const confirmed = await jar.fetch(`${server.api}/oauth2/end-session-confirm`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ request: page.searchParams.get("request"), accept: true }) });
    expect(await confirmed.json()).toEqual({ redirect_uri: `${LOGOUT_TO}?state=s2` });
    expect(await signedIn(jar)).toBe(false);
    expect(await signedIn(first)).toBe(true);
  });
});
