/**
 * `auth apps create|list|rotate-secret|disable|delete` (issue 23) against a real server: the
 * secret shown once, a rotated secret replacing the old one at the token endpoint at once, a
 * disabled app refused there, a deleted app gone, and a bad redirect URI refused with its typed
 * error and the usage exit code.
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
});
