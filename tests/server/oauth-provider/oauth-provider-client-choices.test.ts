/**
 * What the console's application form may pick from (issue 34): GET /admin/oauth2/client-choices
 * lists the user fields a per-app claim may read (returned additional fields included, hidden ones
 * never), the global roles (configured ones included), and the organizations with their teams.
 * Organization and team names are for whoever writes apps' rules: an ordinary person, a read-only
 * key and a full-rights key are refused. A refused claim names its row (an issue at
 * `custom_claims.NAME`) so the form can show the server's message beside it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REDIRECT } from "../../helpers/oidc-relying-party.js";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";
import { signUpAdmin } from "../admin/admin-helpers.js";

let server: TestServer;
let admin: { token: string; userId: string };

beforeAll(async () => {
  server = await startTestServer({
    config: {
      oauthProvider: { enabled: true },
      rateLimit: { enabled: false },
      admin: { roles: { auditor: { audit: ["list"] } } },
      user: { additionalFields: { department: { type: "string" }, secretNote: { type: "string", returned: false } } },
    } as never,
  });
  admin = await signUpAdmin(server, { email: "choices-admin@example.com" });
});
afterAll(async () => {
  await server.close();
});

async function call(path: string, token: string, body: Record<string, unknown>) {
  const answer = await server.request("POST", path, { token, body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as { id: string; key?: string };
}

describe("the application form's choices", () => {
  it("lists the readable user fields, the global roles and every organization with its teams", async () => {
    const owner = await server.signUp({ email: "choices-owner@example.com" });
    const acme = await call("/organization/create", owner.token, { name: "Acme", slug: "acme-choices" });
    await call("/organization/create-team", owner.token, { organizationId: acme.id, name: "Ops" });
    await call("/organization/create", owner.token, { name: "Beta", slug: "beta-choices" });

    const answer = await server.request("GET", "/admin/oauth2/client-choices", { token: admin.token });
    expect(answer.status, answer.text).toBe(200);
    const body = answer.body as { userFields: string[]; roles: string[]; organizations: Array<{ slug: string; name: string; teams: string[] }>; truncated: boolean };
    expect(body.userFields).toEqual(expect.arrayContaining(["email", "name", "role", "username", "department"]));
    expect(body.userFields).not.toContain("secretNote");
    expect(body.userFields).not.toContain("password");
    expect(body.roles).toEqual(expect.arrayContaining(["admin", "user", "auditor"]));
    const acmeChoice = body.organizations.find((org) => org.slug === "acme-choices");
    expect(acmeChoice?.name).toBe("Acme");
    expect(acmeChoice?.teams).toContain("Ops");
    expect(body.organizations.map((org) => org.slug)).toContain("beta-choices");
    expect(body.truncated).toBe(false);
  });

  it("is refused to a person who may not manage apps, to a read-only key and to a full-rights key; a key that may create apps gets it", async () => {
    const person = await server.signUp({ email: "choices-person@example.com" });
    expect((await server.request("GET", "/admin/oauth2/client-choices", { token: person.token })).body.code).toBe("OAUTH_CLIENT_FORBIDDEN");
    const full = (await call("/api-key/create", admin.token, { name: "full" })).key as string;
    const readOnly = (await call("/api-key/create", admin.token, { name: "reader", permissions: { oauthClient: ["read"] } })).key as string;
    const creator = (await call("/api-key/create", admin.token, { name: "creator", permissions: { oauthClient: ["create"] } })).key as string;
    const refused = async (key: string) => {
      const answer = await server.request("GET", "/admin/oauth2/client-choices", { headers: { "x-api-key": key } });
      return [answer.status, answer.body.code];
    };
    expect(await refused(full)).toEqual([403, "API_KEY_NOT_ALLOWED"]);
    expect(await refused(readOnly)).toEqual([403, "OAUTH_CLIENT_FORBIDDEN"]);
    expect((await server.request("GET", "/admin/oauth2/client-choices", { headers: { "x-api-key": creator } })).status).toBe(200);
  });

  it("a refused claim names its row: the issue's path is custom_claims.NAME and carries the server's message", async () => {
    const shadow = await server.request("POST", "/admin/oauth2/create-client", { token: admin.token, body: { client_name: "Shadow", redirect_uris: [REDIRECT], custom_claims: { fine: "literal:x", sub: "user.email" } } });
    expect(shadow.status).toBe(400);
    expect(shadow.body.code).toBe("OAUTH_INVALID_CLIENT_METADATA");
    expect(shadow.body.issues).toEqual([{ path: "custom_claims.sub", message: shadow.body.message }]);
    expect(shadow.body.message).toContain('claim "sub" is a registered claim');
    const hidden = await server.request("POST", "/admin/oauth2/create-client", { token: admin.token, body: { client_name: "Hidden", redirect_uris: [REDIRECT], custom_claims: { note: "user.secretNote" } } });
    expect(hidden.body.issues).toEqual([{ path: "custom_claims.note", message: expect.stringContaining("user.secretNote is not a user field") }]);
  });
});
