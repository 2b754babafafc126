/**
 * Issue 32, findings 2 and 3: what a code can still do after the person removed the app's access,
 * and after it was spent. Driven by openid-client over real HTTP; runs on SQLite and PostgreSQL
 * (the spent-code mark is a compare-and-swap on the one-time row).
 */
import * as oidc from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CookieFetch } from "../../helpers/cookie-fetch.js";
import { relyingParty, type AppCredentials } from "../../helpers/oidc-relying-party.js";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";

let server: TestServer;
let rp: ReturnType<typeof relyingParty>;

beforeAll(async () => {
  server = await startTestServer({ config: { oauthProvider: { enabled: true }, rateLimit: { enabled: false } } });
  const admin = await server.signUp({ email: "code-admin@example.com" });
  await server.database.db.updateTable("user").set({ role: "admin" }).where("id", "=", admin.userId).execute();
  rp = relyingParty(server, admin.token);
});
afterAll(async () => {
  await server.close();
});

/** Answers the consent page for a browser: the app's callback with a code. */
async function allow(jar: CookieFetch, location: string): Promise<string> {
  const request = new URL(location).searchParams.get("request")!;
  const answer = await jar.fetch(`${server.api}/oauth2/consent`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ accept: true, request }) });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { redirect_uri: string }).redirect_uri;
}

async function removeAccess(jar: CookieFetch, app: AppCredentials) {
  const grants = (await (await jar.fetch(`${server.api}/oauth2/get-consents`)).json()) as { id: string; clientId: string }[];
  const grant = grants.find((g) => g.clientId === app.client_id)!;
  const removed = await jar.fetch(`${server.api}/oauth2/delete-consent`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ id: grant.id }) });
  expect(removed.status).toBe(200);
}

describe.sequential("codes after Remove access, and replayed codes", () => {
  it("a code issued before Remove access no longer redeems (finding 2)", async () => {
    const person = await server.signUp({ email: "code-remove@example.com" });
    const app = await rp.createApp({ client_name: "Wiki" });
    const config = await rp.configFor(app);
    const jar = await rp.browserOf(person.email);

    // The first code comes from the consent page's Allow…
    const first = await rp.authorize(config, jar);
    const callback = await allow(jar, first.location);
    // …the second straight from /oauth2/authorize (the consent is remembered).
    const second = await rp.authorize(config, jar);
    expect(second.location.startsWith("https://app.example.test/callback?code=")).toBe(true);

    await removeAccess(jar, app);
    await expect(oidc.authorizationCodeGrant(config, new URL(callback), { pkceCodeVerifier: first.verifier, expectedState: first.state, expectedNonce: first.nonce })).rejects.toMatchObject({ error: "invalid_grant" });
    await expect(oidc.authorizationCodeGrant(config, new URL(second.location), { pkceCodeVerifier: second.verifier, expectedState: second.state, expectedNonce: second.nonce })).rejects.toMatchObject({ error: "invalid_grant" });
    const tokens = await server.database.db.selectFrom("oauthToken").select(["id", "revokedAt"]).where("clientId", "=", app.client_id).execute();
    expect(tokens.every((t) => t.revokedAt !== null)).toBe(true);
  });

  it("a replayed code revokes the tokens it produced, refresh tokens rotated from them too (finding 3)", async () => {
    const person = await server.signUp({ email: "code-replay@example.com" });
    const app = await rp.createApp({ client_name: "Tracker", skip_consent: true });
    const config = await rp.configFor(app);
    const jar = await rp.browserOf(person.email);
    const { flow, tokens } = await rp.signInToApp(config, jar);
    const rotated = await oidc.refreshTokenGrant(config, tokens.refresh_token!);
    expect((await oidc.tokenIntrospection(config, rotated.access_token)).active).toBe(true);

    await expect(oidc.authorizationCodeGrant(config, new URL(flow.location), { pkceCodeVerifier: flow.verifier, expectedState: flow.state, expectedNonce: flow.nonce })).rejects.toMatchObject({ error: "invalid_grant" });
    expect((await oidc.tokenIntrospection(config, tokens.access_token)).active).toBe(false);
    expect((await oidc.tokenIntrospection(config, rotated.access_token)).active).toBe(false);
    await expect(oidc.refreshTokenGrant(config, rotated.refresh_token!)).rejects.toMatchObject({ error: "invalid_grant" });
    await server.app.context.audit.flush();
    const audit = await server.database.db.selectFrom("auditEvent").select(["action", "metadata"]).where("action", "=", "oauth-token.reuse").where("targetId", "=", person.userId).execute();
    expect(audit).toHaveLength(1);

    // Another client presenting the code changes nothing for this one.
    const other = await rp.createApp({ client_name: "Other", skip_consent: true });
    const mine = await rp.signInToApp(config, jar);
    await expect(oidc.authorizationCodeGrant(await rp.configFor(other), new URL(mine.flow.location), { pkceCodeVerifier: mine.flow.verifier, expectedState: mine.flow.state, expectedNonce: mine.flow.nonce })).rejects.toMatchObject({ error: "invalid_grant" });
    expect((await oidc.tokenIntrospection(config, mine.tokens.access_token)).active).toBe(true);
  });

  it("of two concurrent redemptions of one code, one wins and no tokens stay alive after the replay", async () => {
    const person = await server.signUp({ email: "code-race@example.com" });
    const app = await rp.createApp({ client_name: "Racer", skip_consent: true });
    const config = await rp.configFor(app);
    const jar = await rp.browserOf(person.email);
    const flow = await rp.authorize(config, jar);
    const redeem = () => oidc.authorizationCodeGrant(config, new URL(flow.location), { pkceCodeVerifier: flow.verifier, expectedState: flow.state, expectedNonce: flow.nonce });
    const results = await Promise.allSettled([redeem(), redeem()]);
    expect(results.filter((r) => r.status === "rejected")).not.toHaveLength(0);
    const alive = await server.database.db.selectFrom("oauthToken").select("id").where("clientId", "=", app.client_id).where("revokedAt", "is", null).execute();
    expect(alive).toEqual([]);
  });
});
