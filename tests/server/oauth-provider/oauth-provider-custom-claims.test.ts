/**
 * Per-app claims (issue 34, item 2), through openid-client as the relying party: an administrator
 * gives an app `NAME=user.FIELD` and `NAME=literal:TEXT` claims (the admin API `auth apps
 * --claim` calls), and they appear in its ID tokens and userinfo answers, and only that app's.
 * Registered claims cannot be shadowed, fields people never see cannot be read, a self-registered
 * app cannot set any (the field is ignored), and every refusal is a typed error that changes nothing.
 */
import * as oidc from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REDIRECT, relyingParty, type AppCredentials } from "../../helpers/oidc-relying-party.js";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";

let server: TestServer;
let rp: ReturnType<typeof relyingParty>;
let adminToken: string;

beforeAll(async () => {
  server = await startTestServer({
    config: {
      oauthProvider: { enabled: true, allowDynamicClientRegistration: true },
      rateLimit: { enabled: false },
      user: { additionalFields: { department: { type: "string" }, quotaGb: { type: "number" }, secretNote: { type: "string", returned: false } } },
    } as never,
  });
  const admin = await server.signUp({ email: "custom-claims-admin@example.com" });
  await server.database.db.updateTable("user").set({ role: "admin" }).where("id", "=", admin.userId).execute();
  adminToken = admin.token;
  rp = relyingParty(server, admin.token);
});
afterAll(async () => {
  await server.close();
});

async function claimsOf(app: AppCredentials, email: string, scope = "openid") {
  const config = await rp.configFor(app);
  const { tokens } = await rp.signInToApp(config, await rp.browserOf(email), { scope });
  const idToken = tokens.claims()!;
  const userinfo = await oidc.fetchUserInfo(config, tokens.access_token, idToken.sub);
  return { idToken, userinfo };
}

async function person(email: string, fields?: Record<string, unknown>) {
  const signedUp = await server.signUp({ email });
  if (fields) await server.database.db.updateTable("user").set({ additionalFields: JSON.stringify(fields) }).where("id", "=", signedUp.userId).execute();
  return signedUp;
}

const create = (body: Record<string, unknown>) => server.request("POST", "/admin/oauth2/create-client", { token: adminToken, body: { client_name: "App", redirect_uris: [REDIRECT], skip_consent: true, ...body } });
const update = (clientId: string, changes: Record<string, unknown>) => server.request("POST", "/admin/oauth2/update-client", { token: adminToken, body: { client_id: clientId, update: changes } });
const clientCount = async () => (await server.database.db.selectFrom("oauthClient").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n;

describe("per-app claims", () => {
  it("come from user fields (the additional ones too) and literals, in the ID token and userinfo alike", async () => {
    const app = await rp.createApp({
      client_name: "Immich",
      skip_consent: true,
      custom_claims: { immich_role: "user.role", immich_quota: "literal:500", department: "user.department", quota_gb: "user.quotaGb", verified: "user.emailVerified", handle: "user.username" },
    });
    await person("ida@example.com", { department: "Ops", quotaGb: 20 });
    const { idToken, userinfo } = await claimsOf(app, "ida@example.com");
    for (const claims of [idToken, userinfo]) {
      expect(claims).toMatchObject({ immich_role: "user", immich_quota: "500", department: "Ops", quota_gb: 20, verified: false });
      // No username, no claim: a missing value is left out, never null.
      expect(claims).not.toHaveProperty("handle");
    }
    // The stored app says what it was given, on the admin API.
    const got = await server.request("GET", `/admin/oauth2/get-client?client_id=${app.client_id}`, { token: adminToken });
    expect((got.body as { custom_claims: unknown }).custom_claims).toEqual({ immich_role: "user.role", immich_quota: "literal:500", department: "user.department", quota_gb: "user.quotaGb", verified: "user.emailVerified", handle: "user.username" });
  });

  it("belong to their app only, and an update replaces or removes them", async () => {
    const withClaims = await rp.createApp({ client_name: "Wiki", skip_consent: true, custom_claims: { wiki_team: "literal:docs" } });
    const plain = await rp.createApp({ client_name: "Plain", skip_consent: true });
    await person("jon@example.com");
    expect((await claimsOf(withClaims, "jon@example.com")).idToken.wiki_team).toBe("docs");
    expect((await claimsOf(plain, "jon@example.com")).idToken).not.toHaveProperty("wiki_team");

    expect((await update(withClaims.client_id, { custom_claims: { wiki_role: "user.role" } })).status).toBe(200);
    const replaced = await claimsOf(withClaims, "jon@example.com");
    expect(replaced.idToken).not.toHaveProperty("wiki_team");
    expect(replaced.userinfo.wiki_role).toBe("user");

    expect((await update(withClaims.client_id, { custom_claims: {} })).status).toBe(200);
    const none = await claimsOf(withClaims, "jon@example.com");
    expect(none.idToken).not.toHaveProperty("wiki_role");
    expect(none.userinfo).not.toHaveProperty("wiki_role");
    const got = await server.request("GET", `/admin/oauth2/get-client?client_id=${withClaims.client_id}`, { token: adminToken });
    expect(got.body).not.toHaveProperty("custom_claims");
  });

  it("may not shadow a registered claim: a typed error naming it, nothing created or changed", async () => {
    const before = await clientCount();
    for (const name of ["sub", "iss", "aud", "exp", "email", "email_verified", "preferred_username", "amr", "acr", "sid", "nonce", "groups", "roles", "organizations", "azp", "at_hash", "client_id", "scope"]) {
      const answer = await create({ custom_claims: { [name]: "literal:x" } });
      expect([name, answer.status, (answer.body as { code: string }).code]).toEqual([name, 400, "OAUTH_INVALID_CLIENT_METADATA"]);
      expect((answer.body as { message: string }).message).toContain(`"${name}"`);
    }
    expect(await clientCount()).toBe(before);

    const app = await rp.createApp({ client_name: "Keep", skip_consent: true, custom_claims: { keep: "literal:1" } });
    const refused = await update(app.client_id, { custom_claims: { sub: "user.email" } });
    expect([refused.status, (refused.body as { code: string }).code]).toEqual([400, "OAUTH_INVALID_CLIENT_METADATA"]);
    await person("kai@example.com");
    const { idToken } = await claimsOf(app, "kai@example.com");
    expect(idToken.keep).toBe("1");
    expect(idToken.sub).not.toBe("kai@example.com");
  });

  it("read only fields people see, and refuse malformed names and sources", async () => {
    const before = await clientCount();
    const refusals: Array<[Record<string, string>, string]> = [
      [{ x: "user.password" }, "user.password"],
      [{ x: "user.banReason" }, "user.banReason"],
      [{ x: "user.failedSignInCount" }, "user.failedSignInCount"],
      [{ x: "user.secretNote" }, "user.secretNote"],
      [{ x: "user.__proto__" }, "user.__proto__"],
      [{ x: "user." }, "user."],
      [{ x: "email" }, "expected user.FIELD or literal:TEXT"],
      [{ x: "" }, "expected user.FIELD or literal:TEXT"],
      [{ "1abc": "literal:x" }, "claim name"],
      [{ "has space": "literal:x" }, "claim name"],
      [{ x: `literal:${"a".repeat(1025)}` }, "1024 characters"],
      [Object.fromEntries(Array.from({ length: 33 }, (_, i) => [`c${i}`, "literal:x"])), "at most 32"],
    ];
    for (const [claims, says] of refusals) {
      const answer = await create({ custom_claims: claims });
      expect([says, answer.status, (answer.body as { code: string }).code]).toEqual([says, 400, "OAUTH_INVALID_CLIENT_METADATA"]);
      expect((answer.body as { message: string }).message).toContain(says);
    }
    // A wrong type of value never reaches the checks: the contract refuses it as a validation error.
    const wrongType = await create({ custom_claims: { x: 5 } });
    expect(wrongType.status).toBe(400);
    expect(await clientCount()).toBe(before);
  });

  it("cannot be set by a self-registered app: unknown metadata to it, ignored (RFC 7591 §2)", async () => {
    const someone = await person("reg@example.com");
    const answer = await server.request("POST", "/oauth2/register", { token: someone.token, body: { client_name: "Sneaky", redirect_uris: [REDIRECT], custom_claims: { role: "user.role" } } });
    expect(answer.status).toBe(201);
    expect(answer.body).not.toHaveProperty("custom_claims");
    const clientId = (answer.body as { client_id: string }).client_id;
    const row = await server.database.db.selectFrom("oauthClient").select("metadata").where("clientId", "=", clientId).executeTakeFirstOrThrow();
    expect(JSON.parse(row.metadata)).not.toHaveProperty("custom_claims");
  });
});
