/**
 * Issue 32, findings 4 (in part) and 5: RP-initiated logout takes only ID tokens as hints, ends
 * only the calling browser's own session, and redirects only with a valid ID token hint issued
 * to the client whose address it is. Driven by openid-client over real HTTP.
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
});
