/**
 * `auth apps create|update|list|rotate-secret|disable|delete` (issues 23, 32) against a real
 * server: the secret shown once, a rotated secret replacing the old one at the token endpoint at
 * once, a disabled app refused there, a deleted app gone, a bad redirect URI refused with its
 * typed error and the usage exit code; and the settings the provider enforces (grant types, PKCE,
 * token endpoint authentication method, application type, the app's own claims) set at creation
 * and changed by update.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import { cliFor, makeAdmin, type Cli } from "./harness.js";

let server: TestServer;
let cli: Cli;

beforeAll(async () => {
  server = await startTestServer({ config: { oauthProvider: { enabled: true }, rateLimit: { enabled: false } } });
  const admin = await makeAdmin(server, "apps-root@example.com");
  cli = cliFor(server, { token: admin.token });
});
afterAll(async () => {
  cli.cleanup();
  await server.close();
});

/** A machine-to-machine token request: the quickest way to ask the token endpoint whether a secret works. */
function tokenWith(clientId: string, secret: string) {
  return server.request("POST", "/oauth2/token", {
    rawBody: new URLSearchParams({ grant_type: "client_credentials" }).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded", authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString("base64")}` },
  });
}

/** The same request with the secret in the form body (client_secret_post). */
function tokenPosting(clientId: string, secret: string) {
  return server.request("POST", "/oauth2/token", {
    rawBody: new URLSearchParams({ grant_type: "client_credentials", client_id: clientId, client_secret: secret }).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
}

/** Where /oauth2/authorize sends a browser without a session for a request without PKCE: the app (an error) or the sign-in page. */
async function authorizeWithoutPkce(clientId: string, redirectUri: string) {
  const query = new URLSearchParams({ response_type: "code", client_id: clientId, redirect_uri: redirectUri, scope: "openid", state: "s1" });
  const answer = await fetch(`${server.api}/oauth2/authorize?${query}`, { redirect: "manual" });
  return new URL(answer.headers.get("location") ?? "", server.url);
}

describe("auth apps", () => {
  it("creates a confidential app (secret in --json once, stored as a digest) and a public one (no secret)", async () => {
    const created = await cli.run(["apps", "create", "--name", "Grafana", "--redirect-uri", "https://grafana.example.test/login/generic_oauth", "--json"]);
    expect(created.code, created.stderr).toBe(0);
    const app = created.json();
    expect(app).toMatchObject({ client_name: "Grafana", redirect_uris: ["https://grafana.example.test/login/generic_oauth"], token_endpoint_auth_method: "client_secret_basic", disabled: false });
    expect(app.client_secret).toMatch(/^[A-Za-z0-9]{48}$/);
    const row = await server.database.db.selectFrom("oauthClient").select("secretHash").where("clientId", "=", app.client_id).executeTakeFirstOrThrow();
    expect(row.secretHash).not.toContain(app.client_secret);

    const spa = (await cli.run(["apps", "create", "--name", "Dashboard SPA", "--redirect-uri", "https://dash.example.test/cb", "--public", "--json"])).json();
    expect(spa.token_endpoint_auth_method).toBe("none");
    expect(spa).not.toHaveProperty("client_secret");

    const listed = await cli.run(["apps", "list", "--json"]);
    expect(listed.code).toBe(0);
    const ids = listed.json().clients.map((c: { client_id: string }) => c.client_id);
    expect(ids).toEqual(expect.arrayContaining([app.client_id, spa.client_id]));
    expect(listed.stdout).not.toContain(app.client_secret);
    const table = await cli.run(["apps", "list"]);
    expect(table.stdout).toContain("Grafana");
    expect(table.stdout).not.toContain(app.client_secret);
  });

  it("rotate-secret: the new secret works at the token endpoint and the old one stops at once", async () => {
    const app = (await cli.run(["apps", "create", "--name", "Nightly export", "--redirect-uri", "https://export.example.test/cb", "--json"])).json();
    await server.request("POST", "/admin/oauth2/update-client", { token: (await makeAdmin(server)).token, body: { client_id: app.client_id, update: { grant_types: ["client_credentials"], scope: "export:read" } } });
    expect((await tokenWith(app.client_id, app.client_secret)).status).toBe(200);

    const rotated = await cli.run(["apps", "rotate-secret", app.client_id, "--json"]);
    expect(rotated.code, rotated.stderr).toBe(0);
    const secret = rotated.json().client_secret as string;
    expect(secret).not.toBe(app.client_secret);
    const old = await tokenWith(app.client_id, app.client_secret);
    expect([old.status, old.body.error]).toEqual([401, "invalid_client"]);
    expect((await tokenWith(app.client_id, secret)).status).toBe(200);

    // A public app has no secret to rotate: a typed refusal, not a crash.
    const spa = (await cli.run(["apps", "create", "--name", "Public", "--redirect-uri", "https://pub.example.test/cb", "--public", "--json"])).json();
    const refused = await cli.run(["apps", "rotate-secret", spa.client_id]);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).not.toMatch(/\n\s+at /);
  });

  it("disable: the token endpoint refuses the app; delete: the app is gone", async () => {
    const app = (await cli.run(["apps", "create", "--name", "Retired", "--redirect-uri", "https://retired.example.test/cb", "--json"])).json();
    await server.request("POST", "/admin/oauth2/update-client", { token: (await makeAdmin(server)).token, body: { client_id: app.client_id, update: { grant_types: ["client_credentials"], scope: "x:read" } } });
    expect((await tokenWith(app.client_id, app.client_secret)).status).toBe(200);

    const disabled = await cli.run(["apps", "disable", app.client_id, "--yes", "--json"]);
    expect(disabled.code, disabled.stderr).toBe(0);
    expect(disabled.json().disabled).toBe(true);
    const refused = await tokenWith(app.client_id, app.client_secret);
    expect([refused.status, refused.body.error]).toEqual([401, "invalid_client"]);

    const deleted = await cli.run(["apps", "delete", app.client_id, "--yes", "--json"]);
    expect(deleted.code, deleted.stderr).toBe(0);
    expect(deleted.json()).toMatchObject({ success: true, client_id: app.client_id });
    const ids = (await cli.run(["apps", "list", "--json"])).json().clients.map((c: { client_id: string }) => c.client_id);
    expect(ids).not.toContain(app.client_id);
    expect((await cli.run(["apps", "delete", app.client_id, "--yes"])).code).toBe(5);
  });

  it("refuses a bad redirect URI with the typed error and the usage exit code, creating nothing", async () => {
    const before = (await cli.run(["apps", "list", "--json"])).json().clients.length;
    const bad = await cli.run(["apps", "create", "--name", "Broken", "--redirect-uri", "https://broken.example.test/cb#fragment", "--json"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("OAUTH_INVALID_CLIENT_METADATA");
    expect(bad.stderr).not.toMatch(/\n\s+at /);
    const insecureLogout = await cli.run(["apps", "create", "--name", "Broken", "--redirect-uri", "https://broken.example.test/cb", "--backchannel-logout-uri", "http://broken.example.test/logout"]);
    expect(insecureLogout.code).toBe(2);
    expect((await cli.run(["apps", "list", "--json"])).json().clients.length).toBe(before);
  });

  it("create sets grant types, token auth method, PKCE and application type; the 401 names the method registered", async () => {
    const created = await cli.run(["apps", "create", "--name", "Reports", "--grant-type", "client_credentials", "--scope", "reports:read", "--token-auth-method", "client_secret_post", "--json"]);
    expect(created.code, created.stderr).toBe(0);
    const app = created.json();
    expect(app).toMatchObject({ grant_types: ["client_credentials"], token_endpoint_auth_method: "client_secret_post", scope: "reports:read" });
    expect((await tokenPosting(app.client_id, app.client_secret)).status).toBe(200);
    // The right secret by the wrong method: refused, and the answer says which method to use.
    const basic = await tokenWith(app.client_id, app.client_secret);
    expect([basic.status, basic.body.error, basic.body.error_description]).toEqual([401, "invalid_client", "this client authenticates with client_secret_post"]);

    const native = (await cli.run(["apps", "create", "--name", "Desktop", "--public", "--application-type", "native", "--redirect-uri", "http://127.0.0.1/callback", "--json"])).json();
    expect(native).toMatchObject({ token_endpoint_auth_method: "none", application_type: "native" });

    const strict = (await cli.run(["apps", "create", "--name", "Strict", "--redirect-uri", "https://strict.example.test/cb", "--require-pkce", "--json"])).json();
    expect(strict.require_pkce).toBe(true);
    const refused = await authorizeWithoutPkce(strict.client_id, "https://strict.example.test/cb");
    expect([refused.origin + refused.pathname, refused.searchParams.get("error")]).toEqual(["https://strict.example.test/cb", "invalid_request"]);
  });

  it("update: an app posting its secret in the body is moved to client_secret_post; only the options given change", async () => {
    const app = (await cli.run(["apps", "create", "--name", "Posting app", "--grant-type", "client_credentials", "--scope", "export:read", "--logo-uri", "https://posting.example.test/logo.png", "--json"])).json();
    const before = await tokenPosting(app.client_id, app.client_secret);
    expect([before.status, before.body.error_description]).toEqual([401, "this client authenticates with client_secret_basic"]);

    const updated = await cli.run(["apps", "update", app.client_id, "--token-auth-method", "client_secret_post", "--json"]);
    expect(updated.code, updated.stderr).toBe(0);
    expect(updated.json()).toMatchObject({ client_id: app.client_id, client_name: "Posting app", token_endpoint_auth_method: "client_secret_post", grant_types: ["client_credentials"], scope: "export:read", logo_uri: "https://posting.example.test/logo.png" });
    expect((await tokenPosting(app.client_id, app.client_secret)).status).toBe(200);

    const renamed = await cli.run(["apps", "update", app.client_id, "--name", "Exporter", "--json"]);
    expect(renamed.code, renamed.stderr).toBe(0);
    const shown = (await cli.run(["apps", "list", "--json"])).json().clients.find((c: { client_id: string }) => c.client_id === app.client_id);
    expect(shown).toMatchObject({ client_name: "Exporter", token_endpoint_auth_method: "client_secret_post", scope: "export:read" });
  });

  it("update: PKCE required and relaxed again, grant types and redirect URIs replaced, consent skipped and asked again", async () => {
    const app = (await cli.run(["apps", "create", "--name", "Wiki", "--redirect-uri", "https://wiki.example.test/old", "--json"])).json();
    expect((await authorizeWithoutPkce(app.client_id, "https://wiki.example.test/old")).pathname).toBe("/console/sign-in");

    const strict = await cli.run(["apps", "update", app.client_id, "--require-pkce", "--redirect-uri", "https://wiki.example.test/cb", "--skip-consent", "--json"]);
    expect(strict.code, strict.stderr).toBe(0);
    expect(strict.json()).toMatchObject({ require_pkce: true, redirect_uris: ["https://wiki.example.test/cb"], skip_consent: true });
    expect((await authorizeWithoutPkce(app.client_id, "https://wiki.example.test/cb")).searchParams.get("error")).toBe("invalid_request");

    const relaxed = await cli.run(["apps", "update", app.client_id, "--no-require-pkce", "--no-skip-consent", "--grant-type", "authorization_code", "--grant-type", "refresh_token", "--grant-type", "client_credentials", "--json"]);
    expect(relaxed.code, relaxed.stderr).toBe(0);
    expect(relaxed.json()).toMatchObject({ require_pkce: false, skip_consent: false, grant_types: ["authorization_code", "refresh_token", "client_credentials"], redirect_uris: ["https://wiki.example.test/cb"] });
    expect((await authorizeWithoutPkce(app.client_id, "https://wiki.example.test/cb")).pathname).toBe("/console/sign-in");
  });

  it("refuses what cannot be: a kind change, --public with a secret method, an unknown value, nothing to change", async () => {
    const spa = (await cli.run(["apps", "create", "--name", "SPA", "--public", "--redirect-uri", "https://spa.example.test/cb", "--json"])).json();
    const toSecret = await cli.run(["apps", "update", spa.client_id, "--token-auth-method", "client_secret_basic"]);
    expect(toSecret.code).toBe(2);
    expect(toSecret.stderr).toContain("OAUTH_INVALID_CLIENT_METADATA");
    const noPkce = await cli.run(["apps", "update", spa.client_id, "--no-require-pkce"]);
    expect(noPkce.code).toBe(2);
    const confidential = (await cli.run(["apps", "create", "--name", "Server app", "--redirect-uri", "https://srv.example.test/cb", "--json"])).json();
    const toPublic = await cli.run(["apps", "update", confidential.client_id, "--token-auth-method", "none"]);
    expect(toPublic.code).toBe(2);
    const rows = await server.database.db.selectFrom("oauthClient").select(["clientId", "secretHash", "metadata"]).where("clientId", "in", [spa.client_id, confidential.client_id]).execute();
    for (const row of rows) expect(JSON.parse(row.metadata).token_endpoint_auth_method).toBe(row.clientId === spa.client_id ? "none" : "client_secret_basic");

    const before = (await cli.run(["apps", "list", "--json"])).json().clients.length;
    const both = await cli.run(["apps", "create", "--name", "Both", "--public", "--token-auth-method", "client_secret_post", "--redirect-uri", "https://both.example.test/cb"], { env: { LANG: "C" } });
    expect(both.code).toBe(2);
    expect(both.stderr).toContain("--public means --token-auth-method none");
    const typo = await cli.run(["apps", "create", "--name", "Typo", "--grant-type", "client_credental"], { env: { LANG: "C" } });
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain("error: 'client_credental' is not a value --grant-type takes; the values are: authorization_code, refresh_token, client_credentials, urn:ietf:params:oauth:grant-type:device_code\n(Did you mean client_credentials?)");
    const german = await cli.run(["apps", "create", "--name", "Typo", "--application-type", "natve"], { env: { LANG: "de_DE.UTF-8", LC_ALL: undefined, LC_MESSAGES: undefined } });
    expect(german.code).toBe(2);
    expect(german.stderr).toContain("„natve“ ist kein Wert für --application-type; möglich sind: web, native");
    expect((await cli.run(["apps", "list", "--json"])).json().clients.length).toBe(before);

    const nothing = await cli.run(["apps", "update", confidential.client_id], { env: { LANG: "C" } });
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toContain("Nothing to change");
    expect((await cli.run(["apps", "update", "no-such-app", "--name", "X"])).code).toBe(5);
  });

  it("--claim sets the app's own claims, update replaces them and --no-claim removes them; a registered claim is refused", async () => {
    const created = await cli.run(["apps", "create", "--name", "Immich", "--redirect-uri", "https://photos.example.test/auth/login", "--claim", "immich_role=user.role", "--claim", "immich_quota=literal:500 GB", "--json"]);
    expect(created.code, created.stderr).toBe(0);
    const app = created.json();
    expect(app.custom_claims).toEqual({ immich_role: "user.role", immich_quota: "literal:500 GB" });

    const replaced = await cli.run(["apps", "update", app.client_id, "--claim", "photos_role=user.role", "--json"]);
    expect(replaced.code, replaced.stderr).toBe(0);
    expect(replaced.json().custom_claims).toEqual({ photos_role: "user.role" });

    const shadow = await cli.run(["apps", "update", app.client_id, "--claim", "sub=user.email"], { env: { LANG: "C" } });
    expect(shadow.code).toBe(2);
    expect(shadow.stderr).toContain("OAUTH_INVALID_CLIENT_METADATA");
    expect(shadow.stderr).toContain('claim "sub" is a registered claim');
    const noSource = await cli.run(["apps", "update", app.client_id, "--claim", "photos_role"], { env: { LANG: "C" } });
    expect(noSource.code).toBe(2);
    expect(noSource.stderr).toContain("expected user.FIELD or literal:TEXT");

    const removed = await cli.run(["apps", "update", app.client_id, "--no-claim", "--json"]);
    expect(removed.code, removed.stderr).toBe(0);
    expect(removed.json()).not.toHaveProperty("custom_claims");
  });

  it("--allow-organization, --allow-team and --allow-role limit who may use the app; --allow-anyone opens it again", async () => {
    const created = await cli.run(["apps", "create", "--name", "Grafana ops", "--redirect-uri", "https://grafana.example.test/cb", "--allow-organization", "acme", "--allow-team", "acme/Ops", "--allow-role", "admin", "--json"]);
    expect(created.code, created.stderr).toBe(0);
    const app = created.json();
    expect(app).toMatchObject({ allowed_organizations: ["acme"], allowed_teams: ["acme/Ops"], allowed_roles: ["admin"] });
    const badTeam = await cli.run(["apps", "update", app.client_id, "--allow-team", "Ops"], { env: { LANG: "C" } });
    expect(badTeam.code).toBe(2);
    expect(badTeam.stderr).toContain("OAUTH_INVALID_CLIENT_METADATA");
    const opened = await cli.run(["apps", "update", app.client_id, "--allow-anyone", "--json"]);
    expect(opened.code, opened.stderr).toBe(0);
    for (const field of ["allowed_organizations", "allowed_teams", "allowed_roles"]) expect(opened.json()).not.toHaveProperty(field);
  });
});
