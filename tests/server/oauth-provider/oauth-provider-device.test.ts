/**
 * The device authorization grant (RFC 8628, issue 34 item 5), with openid-client as the device's
 * relying party (initiateDeviceAuthorization, pollDeviceAuthorizationGrant) and the approval page's
 * endpoints called as the person's browser would: each error the token endpoint answers while it
 * waits, the app's access rules at approval and at collection, an app without the grant refused,
 * user codes single use and their guessing bounded. Runs on SQLite and PostgreSQL.
 */
import * as oidc from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEVICE_CODE_GRANT } from "../../../shared/oauth-client-kinds.js";
import { relyingParty, type AppCredentials } from "../../helpers/oidc-relying-party.js";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";

let server: TestServer;
let rp: ReturnType<typeof relyingParty>;

beforeAll(async () => {
  server = await startTestServer({ config: { oauthProvider: { enabled: true }, rateLimit: { enabled: false } } });
  const admin = await server.signUp({ email: "device-admin@example.com" });
  await server.database.db.updateTable("user").set({ role: "admin" }).where("id", "=", admin.userId).execute();
  rp = relyingParty(server, admin.token);
});
afterAll(async () => {
  await server.close();
});

const deviceApp = (extra: Record<string, unknown> = {}) => rp.createApp({ client_name: "Living-room TV", scope: "openid profile offline_access", grant_types: [DEVICE_CODE_GRANT, "refresh_token"], ...extra });

/** The device's start, as openid-client sends it. */
async function start(config: oidc.Configuration, scope = "openid profile") {
  return oidc.initiateDeviceAuthorization(config, { scope });
}

/** openid-client's polling, without its 5-second first wait: the server's clock is the test's. */
function poll(config: oidc.Configuration, started: oidc.DeviceAuthorizationResponse) {
  return oidc.pollDeviceAuthorizationGrant(config, { ...started, interval: 0.01 });
}

/** One poll by hand (HTTP Basic when the app has a secret), for the answers openid-client would wait through. */
async function rawPoll(app: AppCredentials, deviceCode: string) {
  const headers: Record<string, string> = app.client_secret ? { authorization: `Basic ${Buffer.from(`${app.client_id}:${app.client_secret}`).toString("base64")}` } : {};
  const answer = await server.request("POST", "/oauth2/token", { headers, body: { grant_type: DEVICE_CODE_GRANT, device_code: deviceCode, ...(app.client_secret ? {} : { client_id: app.client_id }) } });
  return { status: answer.status, error: (answer.body as { error?: string }).error, body: answer.body as Record<string, unknown> };
}

const details = (token: string, userCode: string) => server.request("GET", `/device/details?user_code=${encodeURIComponent(userCode)}`, { token });
const decide = (token: string, userCode: string, accept: boolean) => server.request("POST", "/device/decide", { token, body: { user_code: userCode, accept } });

describe("device authorization grant", () => {
  it("discovery names the endpoint and the grant; an approved device gets tokens once through openid-client, and the approval is the person's consent, audited", async () => {
    const meta = (await server.request("GET", "/.well-known/openid-configuration")).body as Record<string, unknown>;
    expect(meta.device_authorization_endpoint).toBe(`${server.api}/oauth2/device-authorization`);
    expect(meta.grant_types_supported).toContain(DEVICE_CODE_GRANT);

    const app = await deviceApp();
    const config = await rp.configFor(app);
    const started = await start(config, "openid profile offline_access");
    expect(started.user_code).toMatch(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/);
    expect(started.verification_uri).toBe(`${server.url}/console/device`);
    expect(started.verification_uri_complete).toBe(`${server.url}/console/device?user_code=${started.user_code}`);
    expect([started.expires_in, started.interval]).toEqual([600, 5]);

    const person = await server.signUp({ email: "tv-watcher@example.com", name: "Tv Watcher" });
    // Typed in lower case and without the dash: the same code.
    const shown = await details(person.token, started.user_code.replace("-", "").toLowerCase());
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ userCode: started.user_code, kind: "app", client: { client_id: app.client_id, client_name: "Living-room TV" }, scopes: ["openid", "profile", "offline_access"], host: null, account: { email: "tv-watcher@example.com" } });
    expect((await decide(person.token, started.user_code, true)).status).toBe(200);

    const tokens = await poll(config, started);
    expect(tokens.claims()?.sub).toBe(person.userId);
    expect(tokens.claims()?.name).toBe("Tv Watcher");
    expect(tokens.refresh_token).toBeTruthy();
    const info = await oidc.fetchUserInfo(config, tokens.access_token, person.userId);
    expect(info.sub).toBe(person.userId);
    // Collected once: the same device code again is nothing.
    expect((await rawPoll(app, started.device_code)).error).toBe("invalid_grant");
    // The code answered once: approving it again is a typed 404.
    const again = await decide(person.token, started.user_code, true);
    expect([again.status, (again.body as { code: string }).code]).toEqual([404, "DEVICE_CODE_NOT_FOUND"]);

    const consents = (await server.request("GET", "/oauth2/get-consents", { token: person.token })).body as Array<{ clientId: string; scopes: string[] }>;
    expect(consents.find((c) => c.clientId === app.client_id)?.scopes).toEqual(["openid", "profile", "offline_access"]);
    await server.app.context.audit.flush(); // the audit writer is asynchronous
    const audit = await server.database.db.selectFrom("auditEvent").select(["action", "metadata"]).where("action", "=", "oauth-device.approve").where("targetId", "=", person.userId).execute();
    expect(audit).toHaveLength(1);
  });

  it("while waiting the token endpoint answers authorization_pending, slow_down (and the interval grows), then access_denied once denied; an expired code is expired_token", async () => {
    const app = await deviceApp({ token_endpoint_auth_method: "none" });
    const config = await rp.configFor(app);
    const person = await server.signUp({ email: "tv-denier@example.com" });

    const started = await start(config);
    expect(await rawPoll(app, started.device_code)).toMatchObject({ status: 400, error: "authorization_pending" });
    // At once again: too fast.
    expect(await rawPoll(app, started.device_code)).toMatchObject({ status: 400, error: "slow_down" });
    // The interval is now 10 s: 6 s later is still too fast, 11 s later is not.
    server.clock.advance(6_000);
    expect((await rawPoll(app, started.device_code)).error).toBe("slow_down");
    server.clock.advance(16_000);
    expect((await rawPoll(app, started.device_code)).error).toBe("authorization_pending");
    // Another app cannot read this app's code.
    const other = await deviceApp({ token_endpoint_auth_method: "none" });
    expect((await rawPoll(other, started.device_code)).error).toBe("invalid_grant");

    expect((await decide(person.token, started.user_code, false)).status).toBe(200);
    await expect(poll(config, started)).rejects.toMatchObject({ error: "access_denied" });
    await server.app.context.audit.flush(); // the audit writer is asynchronous
    const audit = await server.database.db.selectFrom("auditEvent").select("action").where("action", "=", "oauth-device.deny").where("targetId", "=", person.userId).execute();
    expect(audit).toHaveLength(1);

    const late = await start(config);
    server.clock.advance(601_000);
    await expect(poll(config, late)).rejects.toMatchObject({ error: "expired_token" });
    const gone = await details(person.token, late.user_code);
    expect([gone.status, (gone.body as { code: string }).code]).toEqual([404, "DEVICE_CODE_NOT_FOUND"]);
  });

  it("an app's access rules refuse someone they leave out, on the page and at approval; the device then gets access_denied", async () => {
    const owner = await server.signUp({ email: "tv-org-owner@example.com" });
    const org = (await server.request("POST", "/organization/create", { token: owner.token, body: { name: "Den", slug: "den-device" } })).body as { id: string };
    expect(org.id).toBeTruthy();
    const app = await deviceApp({ allowed_organizations: ["den-device"] });
    const config = await rp.configFor(app);
    const outsider = await server.signUp({ email: "tv-outsider@example.com" });

    const started = await start(config);
    const shown = await details(outsider.token, started.user_code);
    expect([shown.status, (shown.body as { code: string }).code]).toEqual([403, "OAUTH_APP_NOT_ALLOWED"]);
    const approved = await decide(outsider.token, started.user_code, true);
    expect([approved.status, (approved.body as { code: string }).code]).toEqual([403, "OAUTH_APP_NOT_ALLOWED"]);
    await expect(poll(config, started)).rejects.toMatchObject({ error: "access_denied" });

    // A member may; a member removed between approval and collection gets access_denied.
    const member = await server.signUp({ email: "tv-member@example.com" });
    await server.request("POST", "/organization/add-member", { token: owner.token, body: { organizationId: org.id, userId: member.userId, role: "member" } });
    const second = await start(config);
    expect((await decide(member.token, second.user_code, true)).status).toBe(200);
    await server.request("POST", "/organization/remove-member", { token: owner.token, body: { organizationId: org.id, memberIdOrEmail: "tv-member@example.com" } });
    await expect(poll(config, second)).rejects.toMatchObject({ error: "access_denied" });
    const third = await start(config);
    expect((await decide(owner.token, third.user_code, true)).status).toBe(200);
    expect((await poll(config, third)).claims()?.sub).toBe(owner.userId);
  });

  it("an app registered without the grant is refused at both endpoints with unauthorized_client", async () => {
    const app = await rp.createApp({ client_name: "Web only", grant_types: ["authorization_code"] });
    const config = await rp.configFor(app);
    await expect(start(config)).rejects.toMatchObject({ error: "unauthorized_client" });
    const token = await server.request("POST", "/oauth2/token", { headers: { authorization: `Basic ${Buffer.from(`${app.client_id}:${app.client_secret}`).toString("base64")}` }, body: { grant_type: DEVICE_CODE_GRANT, device_code: "x" } });
    expect([token.status, (token.body as { error: string }).error]).toEqual([400, "unauthorized_client"]);
    // A scope the app may not ask for is invalid_scope.
    const tv = await deviceApp({ scope: "openid" });
    await expect(start(await rp.configFor(tv), "openid email")).rejects.toMatchObject({ error: "invalid_scope" });
  });

  it("wrong codes count against the account: after 5 even the right code is refused (429); an API key cannot approve", async () => {
    const app = await deviceApp();
    const started = await start(await rp.configFor(app));
    const guesser = await server.signUp({ email: "tv-guesser@example.com" });
    for (const wrong of ["BBBB-BBBB", "CCCC-CCCC", "not a code", "DDDD-DDDD"]) {
      const answer = await details(guesser.token, wrong);
      expect([answer.status, (answer.body as { code: string }).code]).toEqual([404, "DEVICE_CODE_NOT_FOUND"]);
    }
    const fifth = await decide(guesser.token, "FFFF-FFFF", true);
    expect([fifth.status, (fifth.body as { code: string }).code]).toEqual([429, "DEVICE_CODE_TOO_MANY_TRIES"]);
    const right = await details(guesser.token, started.user_code);
    expect([right.status, (right.body as { code: string }).code]).toEqual([429, "DEVICE_CODE_TOO_MANY_TRIES"]);
    // The window passes: the right code works again for this account.
    server.clock.advance(16 * 60_000);
    const fresh = await start(await rp.configFor(app));
    expect((await details(guesser.token, fresh.user_code)).status).toBe(200);

    const key = (await server.request("POST", "/api-key/create", { token: guesser.token, body: { name: "script" } })).body as { key: string };
    const byKey = await server.request("POST", "/device/decide", { headers: { "x-api-key": key.key }, body: { user_code: fresh.user_code, accept: true } });
    expect(byKey.status).toBe(403);
    expect((await details(guesser.token, fresh.user_code)).status).toBe(200);
  });

  it("the built-in command-line client: a session through the sign-in core once approved, marked device and audited; pending and denied are typed errors", async () => {
    const person = await server.signUp({ email: "cli-device@example.com" });
    const begun = await server.request("POST", "/cli/sign-in/device", { body: { host: "build-box" } });
    expect(begun.status).toBe(200);
    const started = begun.body as { device_code: string; user_code: string; verification_uri_complete: string };
    const pending = await server.request("POST", "/cli/sign-in/device/token", { body: { device_code: started.device_code } });
    expect([pending.status, (pending.body as { code: string }).code]).toEqual([400, "DEVICE_AUTHORIZATION_PENDING"]);
    const tooFast = await server.request("POST", "/cli/sign-in/device/token", { body: { device_code: started.device_code } });
    expect((tooFast.body as { code: string }).code).toBe("DEVICE_SLOW_DOWN");

    const shown = await details(person.token, started.user_code);
    expect(shown.body).toMatchObject({ kind: "cli", host: "build-box", client: null, scopes: [] });
    expect((await decide(person.token, started.user_code, true)).status).toBe(200);
    const got = await server.request("POST", "/cli/sign-in/device/token", { body: { device_code: started.device_code } });
    expect(got.status).toBe(200);
    const { token, user } = got.body as { token: string; user: { id: string } };
    expect(user.id).toBe(person.userId);
    const session = await server.request("GET", "/get-session", { token });
    expect((session.body as { user: { id: string } }).user.id).toBe(person.userId);
    const row = await server.database.db.selectFrom("user").select("lastSignInMethod").where("id", "=", person.userId).executeTakeFirstOrThrow();
    expect(row.lastSignInMethod).toBe("device");
    await server.app.context.audit.flush(); // the audit writer is asynchronous
    const signIns = await server.database.db.selectFrom("auditEvent").select("metadata").where("action", "=", "user.sign-in").where("targetId", "=", person.userId).execute();
    expect(signIns.map((e) => JSON.parse(String(e.metadata)) as Record<string, unknown>).find((m) => m.method === "device")).toMatchObject({ cli: true, host: "build-box" });
    // An app cannot collect a command-line code, nor the command line an app's.
    const again = await server.request("POST", "/cli/sign-in/device/token", { body: { device_code: started.device_code } });
    expect((again.body as { code: string }).code).toBe("INVALID_TOKEN");

    const denied = (await server.request("POST", "/cli/sign-in/device", { body: { host: "build-box" } })).body as { device_code: string; user_code: string };
    expect((await decide(person.token, denied.user_code, false)).status).toBe(200);
    const refused = await server.request("POST", "/cli/sign-in/device/token", { body: { device_code: denied.device_code } });
    expect([refused.status, (refused.body as { code: string }).code]).toEqual([403, "DEVICE_ACCESS_DENIED"]);
  });
});
