/**
 * The OpenID provider's endpoints by credential kind (issues 19 and 23): an API key cannot sign a
 * person in to an app nor consent for them (a leaked key must not hand the account to an app), an
 * impersonating administrator cannot consent for the person, an administrator's full-rights key
 * cannot mint client secrets (only a key narrowed to exactly that permission can), and a person's
 * session reaches only their own grants.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contract, type EndpointSpec } from "../../../shared/contract/index.js";
import { createCookieFetch, type CookieFetch } from "../../helpers/cookie-fetch.js";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";
import { signUpAdmin } from "../admin/admin-helpers.js";

const REDIRECT = "https://app.example.test/callback";

let server: TestServer;
let admin: { token: string; userId: string };
let withConsent: { client_id: string; client_secret: string };
let firstParty: { client_id: string; client_secret: string };

beforeAll(async () => {
  server = await startTestServer({ config: { oauthProvider: { enabled: true }, rateLimit: { enabled: false } } });
  admin = await signUpAdmin(server, { email: "kinds-admin@example.com" });
  withConsent = (await server.request("POST", "/admin/oauth2/create-client", { token: admin.token, body: { client_name: "Notes", redirect_uris: [REDIRECT] } })).body;
  firstParty = (await server.request("POST", "/admin/oauth2/create-client", { token: admin.token, body: { client_name: "Intranet", redirect_uris: [REDIRECT], skip_consent: true } })).body;
});
afterAll(async () => {
  await server.close();
});

async function keyOf(token: string, body: Record<string, unknown> = { name: "script" }): Promise<string> {
  const created = await server.request("POST", "/api-key/create", { token, body });
  expect(created.status, created.text).toBe(200);
  return created.body.key as string;
}

const authorizeUrl = (clientId: string) => `${server.api}/oauth2/authorize?${new URLSearchParams({ response_type: "code", client_id: clientId, redirect_uri: REDIRECT, scope: "openid profile", state: "s" })}`;

async function browserOf(email: string, password = "correct horse battery"): Promise<CookieFetch> {
  const jar = createCookieFetch(server.url);
  const signIn = await jar.fetch(`${server.api}/sign-in/email`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password }) });
  expect(signIn.status).toBe(200);
  return jar;
}

/** A consent request waiting for the person (their browser went through authorize). */
async function pendingRequest(jar: CookieFetch): Promise<string> {
  const answer = await jar.fetch(`${authorizeUrl(withConsent.client_id)}&prompt=consent`);
  const request = new URL(answer.headers.get("location") ?? "about:blank").searchParams.get("request");
  expect(request).toBeTruthy();
  return request as string;
}

describe("OpenID provider: credential kinds", () => {
  it("refuses an API key on every endpoint that grants an app access (walks the contract)", async () => {
    const granting = Object.values(contract as Record<string, EndpointSpec>).filter((spec) => spec.credentials === "grant");
    expect(granting.map((spec) => spec.path).sort()).toEqual(["/device/decide", "/device/details", "/oauth2/consent", "/oauth2/consent-details"]);
    const person = await server.signUp();
    const key = await keyOf(person.token);
    for (const spec of granting) {
      const answer = await server.request(spec.method, spec.method === "GET" ? `${spec.path}?request=x&user_code=x` : spec.path, { headers: { "x-api-key": key }, ...(spec.method === "POST" ? { body: { accept: true, request: "x", user_code: "x" } } : {}) });
      expect([spec.path, answer.status, answer.body.code]).toEqual([spec.path, 403, "API_KEY_NOT_ALLOWED"]);
    }
  });

  it("an API key cannot sign its person in to an app: authorize sends it to the sign-in page, no code", async () => {
    const person = await server.signUp();
    const key = await keyOf(person.token);
    const answer = await fetch(authorizeUrl(firstParty.client_id), { headers: { "x-api-key": key }, redirect: "manual" });
    expect(answer.status).toBe(302);
    const location = new URL(answer.headers.get("location") ?? "about:blank");
    expect(location.pathname).toBe("/console/sign-in");
    expect(location.searchParams.has("code")).toBe(false);
    const prompted = await fetch(`${authorizeUrl(firstParty.client_id)}&prompt=none`, { headers: { "x-api-key": key }, redirect: "manual" });
    expect(new URL(prompted.headers.get("location") ?? "about:blank").searchParams.get("error")).toBe("login_required");
  });

  it("neither the person's API key nor an impersonating administrator can answer the person's consent; the person can", async () => {
    const person = await server.signUp();
    const jar = await browserOf(person.email);
    const request = await pendingRequest(jar);
    const key = await keyOf(person.token);
    const byKey = await server.request("POST", "/oauth2/consent", { headers: { "x-api-key": key }, body: { accept: true, request } });
    expect([byKey.status, byKey.body.code]).toEqual([403, "API_KEY_NOT_ALLOWED"]);
    const details = await server.request("GET", `/oauth2/consent-details?request=${request}`, { headers: { "x-api-key": key } });
    expect([details.status, details.body.code]).toEqual([403, "API_KEY_NOT_ALLOWED"]);

    const started = await server.request("POST", "/admin/impersonate-user", { token: admin.token, body: { userId: person.userId } });
    expect(started.status).toBe(200);
    const asPerson = started.body.session.token as string;
    const byImpersonation = await server.request("POST", "/oauth2/consent", { token: asPerson, body: { accept: true, request } });
    expect([byImpersonation.status, byImpersonation.body.code]).toEqual([403, "NOT_ALLOWED_WHILE_IMPERSONATING"]);
    expect(await server.database.db.selectFrom("oauthConsent").select("id").where("userId", "=", person.userId).execute()).toEqual([]);

    // The request was not spent by the refusals: the person's own answer still works.
    const own = await jar.fetch(`${server.api}/oauth2/consent`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ accept: true, request }) });
    expect(own.status).toBe(200);
    expect(new URL(((await own.json()) as { redirect_uri: string }).redirect_uri).searchParams.has("code")).toBe(true);
  });

  it("an administrator's full-rights API key reads clients but cannot create, change or rotate them; a key narrowed to the action can", async () => {
    const full = await keyOf(admin.token);
    const headers = { "x-api-key": full };
    expect((await server.request("GET", "/admin/oauth2/list-clients", { headers })).status).toBe(200);
    const attempts = [
      await server.request("POST", "/admin/oauth2/create-client", { headers, body: { client_name: "Leaked", redirect_uris: [REDIRECT] } }),
      await server.request("POST", "/admin/oauth2/rotate-secret", { headers, body: { client_id: withConsent.client_id } }),
      await server.request("POST", "/admin/oauth2/update-client", { headers, body: { client_id: withConsent.client_id, update: { redirect_uris: ["https://attacker.example.test/cb"] } } }),
    ];
    expect(attempts.map((a) => [a.status, a.body.code])).toEqual(attempts.map(() => [403, "API_KEY_NOT_ALLOWED"]));
    const row = await server.database.db.selectFrom("oauthClient").select("metadata").where("clientId", "=", withConsent.client_id).executeTakeFirstOrThrow();
    expect(JSON.parse(row.metadata).redirect_uris).toEqual([REDIRECT]);

    const creator = await keyOf(admin.token, { name: "provisioning", permissions: { oauthClient: ["create", "read"] } });
    const created = await server.request("POST", "/admin/oauth2/create-client", { headers: { "x-api-key": creator }, body: { client_name: "Provisioned", redirect_uris: [REDIRECT] } });
    expect(created.status, created.text).toBe(200);
    expect(typeof created.body.client_secret).toBe("string");
    // Narrowed to create and read: rotating is beyond it (the key's own limit answers).
    const rotate = await server.request("POST", "/admin/oauth2/rotate-secret", { headers: { "x-api-key": creator }, body: { client_id: created.body.client_id } });
    expect([rotate.status, rotate.body.code]).toEqual([403, "OAUTH_CLIENT_FORBIDDEN"]);
  });

  it("a person's session reaches only their own grants; a non-administrator no client's grants", async () => {
    const owner = await server.signUp();
    const ownerJar = await browserOf(owner.email);
    const request = await pendingRequest(ownerJar);
    expect((await ownerJar.fetch(`${server.api}/oauth2/consent`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ accept: true, request }) })).status).toBe(200);
    const grant = await server.database.db.selectFrom("oauthConsent").select("id").where("userId", "=", owner.userId).executeTakeFirstOrThrow();

    const other = await server.signUp();
    const listed = await server.request("GET", "/oauth2/get-consents", { token: other.token });
    expect(listed.body).toEqual([]);
    const removed = await server.request("POST", "/oauth2/delete-consent", { token: other.token, body: { id: grant.id } });
    expect([removed.status, removed.body.code]).toEqual([404, "OAUTH_CONSENT_NOT_FOUND"]);
    const pending = await pendingRequest(ownerJar);
    const stolen = await server.request("GET", `/oauth2/consent-details?request=${pending}`, { token: other.token });
    expect([stolen.status, stolen.body.code]).toEqual([404, "OAUTH_REQUEST_NOT_FOUND"]);
    const grants = await server.request("GET", `/admin/oauth2/list-client-grants?client_id=${withConsent.client_id}`, { token: other.token });
    expect([grants.status, grants.body.code]).toEqual([403, "OAUTH_CLIENT_FORBIDDEN"]);
    expect(await server.database.db.selectFrom("oauthConsent").select("id").where("id", "=", grant.id).execute()).toHaveLength(1);
  });
});
