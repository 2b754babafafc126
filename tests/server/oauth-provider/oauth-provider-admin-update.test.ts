/**
 * POST /admin/oauth2/update-client (issue 32): what `auth apps update` and the console's
 * Applications page call. Only the fields given change; a confidential app moves between
 * client_secret_basic and client_secret_post (an app that posts its secret in the body) but never
 * to or from "none"; ids, owner, secret, disabled and timestamps stay unsettable, and a field
 * it does not know is refused rather than dropped (a misspelt require_pkce must not answer 200
 * having changed nothing); every refusal is typed and changes nothing; each change is audited with the fields it named. Who may call it:
 * an administrator's own session, or an API key narrowed to oauthClient:update — never a
 * full-rights key, a plain member or an impersonation.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";
import { auditRows, signUpAdmin } from "../admin/admin-helpers.js";

const REDIRECT = "https://update.example.test/cb";

let server: TestServer;
let admin: { token: string; userId: string };

beforeAll(async () => {
  server = await startTestServer({ config: { oauthProvider: { enabled: true }, rateLimit: { enabled: false } } });
  admin = await signUpAdmin(server, { email: "update-admin@example.com" });
});
afterAll(async () => {
  await server.close();
});

async function createApp(body: Record<string, unknown> = {}) {
  const created = await server.request("POST", "/admin/oauth2/create-client", { token: admin.token, body: { client_name: "Target", redirect_uris: [REDIRECT], ...body } });
  expect(created.status, created.text).toBe(200);
  return created.body as { client_id: string; client_secret?: string };
}

const update = (clientId: string, changes: Record<string, unknown>, auth: { token?: string; headers?: Record<string, string> } = { token: admin.token }) =>
  server.request("POST", "/admin/oauth2/update-client", { ...auth, body: { client_id: clientId, update: changes } });

async function stored(clientId: string) {
  const row = await server.database.db.selectFrom("oauthClient").selectAll().where("clientId", "=", clientId).executeTakeFirstOrThrow();
  return { ...row, meta: JSON.parse(row.metadata) as Record<string, unknown> };
}

function postSecret(clientId: string, secret: string) {
  return server.request("POST", "/oauth2/token", {
    rawBody: new URLSearchParams({ grant_type: "client_credentials", client_id: clientId, client_secret: secret }).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
}

describe("POST /admin/oauth2/update-client", () => {
  it("moves a confidential app to client_secret_post: its body-posted secret works, and the change is audited", async () => {
    const app = await createApp({ grant_types: ["client_credentials"], scope: "jobs:run" });
    const refused = await postSecret(app.client_id, app.client_secret!);
    expect([refused.status, refused.body.error, refused.body.error_description]).toEqual([401, "invalid_client", "this client authenticates with client_secret_basic"]);

    const changed = await update(app.client_id, { token_endpoint_auth_method: "client_secret_post" });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toMatchObject({ token_endpoint_auth_method: "client_secret_post", grant_types: ["client_credentials"], scope: "jobs:run", client_name: "Target" });
    expect(changed.body).not.toHaveProperty("client_secret");
    expect((await postSecret(app.client_id, app.client_secret!)).status).toBe(200);

    const events = (await auditRows(server, "oauth-client.update")).filter((row) => JSON.parse(row.metadata ?? "{}").clientId === app.client_id);
    expect(events.map((row) => [row.actorId, JSON.parse(row.metadata ?? "{}").fields])).toEqual([[admin.userId, ["token_endpoint_auth_method"]]]);
  });

  it("changes only the fields given: require_pkce, application_type, grant_types", async () => {
    const app = await createApp({ logo_uri: "https://update.example.test/logo.png", post_logout_redirect_uris: ["https://update.example.test/bye"] });
    const before = await stored(app.client_id);
    const changed = await update(app.client_id, { require_pkce: true, application_type: "native", grant_types: ["authorization_code"] });
    expect(changed.status, changed.text).toBe(200);
    const after = await stored(app.client_id);
    expect(after.meta).toEqual({ ...before.meta, require_pkce: true, application_type: "native", grant_types: ["authorization_code"] });
    expect(after.secretHash).toBe(before.secretHash);
    expect(after.createdAt).toEqual(before.createdAt);
  });

  it("keeps an app's kind: confidential never becomes none, public never gets a secret method, a public app cannot drop PKCE", async () => {
    const confidential = await createApp();
    const spa = await createApp({ token_endpoint_auth_method: "none" });
    const attempts = [
      await update(confidential.client_id, { token_endpoint_auth_method: "none" }),
      await update(spa.client_id, { token_endpoint_auth_method: "client_secret_basic" }),
      await update(spa.client_id, { token_endpoint_auth_method: "client_secret_post" }),
      await update(spa.client_id, { require_pkce: false }),
      await update(spa.client_id, { grant_types: ["client_credentials"] }),
    ];
    expect(attempts.map((a) => [a.status, a.body.code])).toEqual(attempts.map(() => [400, "OAUTH_INVALID_CLIENT_METADATA"]));
    expect((await stored(confidential.client_id)).meta.token_endpoint_auth_method).toBe("client_secret_basic");
    expect((await stored(spa.client_id)).meta).toMatchObject({ token_endpoint_auth_method: "none", grant_types: ["authorization_code", "refresh_token"] });
    expect((await stored(spa.client_id)).meta).not.toHaveProperty("require_pkce");
  });

  it("refuses fields a caller must not set, unknown values and unknown apps, changing nothing", async () => {
    const app = await createApp();
    const before = await stored(app.client_id);
    const forbidden = [
      { client_id: "chosen-id" },
      { client_secret: "chosen-secret" },
      { user_id: admin.userId },
      { disabled: true },
      { client_id_issued_at: 1 },
      { self_registered: true },
      { grant_types: ["password"] },
      { grant_types: [] },
      { token_endpoint_auth_method: "private_key_jwt" },
      { application_type: "desktop" },
      { require_pkce: "yes" },
    ];
    for (const changes of forbidden) {
      const answer = await update(app.client_id, changes);
      expect([answer.status, answer.body.code], JSON.stringify(changes)).toEqual([400, "VALIDATION_ERROR"]);
    }
    const empty = await update(app.client_id, {});
    expect([empty.status, empty.body.code]).toEqual([400, "NO_FIELDS_TO_UPDATE"]);
    expect(await stored(app.client_id)).toEqual(before);
    const missing = await update("no-such-client", { client_name: "X" });
    expect([missing.status, missing.body.code]).toEqual([404, "OAUTH_CLIENT_NOT_FOUND"]);
  });

  it("is refused to a plain member, a full-rights API key and a key narrowed to other actions; a key naming update may", async () => {
    const app = await createApp();
    const before = await stored(app.client_id);
    const member = await server.signUp({ email: "update-member@example.com" });
    const keyOf = async (body: Record<string, unknown>) => {
      const created = await server.request("POST", "/api-key/create", { token: admin.token, body });
      expect(created.status, created.text).toBe(200);
      return created.body.key as string;
    };
    const fullRights = await keyOf({ name: "full" });
    const reader = await keyOf({ name: "reader", permissions: { oauthClient: ["read"] } });
    const changes = { token_endpoint_auth_method: "client_secret_post", redirect_uris: ["https://attacker.example.test/cb"] };
    const byMember = await update(app.client_id, changes, { token: member.token });
    const byFull = await update(app.client_id, changes, { headers: { "x-api-key": fullRights } });
    const byReader = await update(app.client_id, changes, { headers: { "x-api-key": reader } });
    expect([byMember.status, byFull.status, byReader.status]).toEqual([403, 403, 403]);
    expect(byFull.body.code).toBe("API_KEY_NOT_ALLOWED");
    expect(await stored(app.client_id)).toEqual(before);

    const updater = await keyOf({ name: "provisioning", permissions: { oauthClient: ["update"] } });
    const byUpdater = await update(app.client_id, { token_endpoint_auth_method: "client_secret_post" }, { headers: { "x-api-key": updater } });
    expect(byUpdater.status, byUpdater.text).toBe(200);
    expect((await stored(app.client_id)).meta.token_endpoint_auth_method).toBe("client_secret_post");
  });
});
