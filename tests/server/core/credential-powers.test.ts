/**
 * Issue 19: credential kinds with explicit powers. Every endpoint the contract declares as
 * managing credentials refuses an API key, an impersonation and a stale session (unless it checks
 * the current password itself); a leaked key cannot become a passkey, a password, a new email, a
 * deleted account or an unrestricted JWT.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contract, type EndpointSpec } from "../../../shared/contract/index.js";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";
import { signUpAdmin } from "../admin/admin-helpers.js";

let server: TestServer;
const DAY = 24 * 3600 * 1000;

beforeAll(async () => {
  server = await startTestServer({ config: { jwt: { enabled: true, setAuthJwtHeader: true } } });
});
afterAll(async () => {
  await server.close();
});

const managing = Object.entries(contract as Record<string, EndpointSpec>).filter(([, spec]) => spec.credentials === "manage");

/** Calls an endpoint with an empty input: the credential check comes before the body's. */
/**
 * Queries an endpoint needs to get as far as its credential check: query parameters are read
 * before the caller (400 before 401, as better-auth orders it), bodies are left empty.
 */
const VALID_QUERY: Record<string, string> = {
  "/electron/transfer-user": "?client_id=electron&state=powers-test-state&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
};

function callEmpty(spec: EndpointSpec, auth: { token?: string; headers?: Record<string, string> }) {
  const path = spec.path.replace(/\{(\w+)\}/g, "x") + (VALID_QUERY[spec.path] ?? "");
  return server.request(spec.method, path, { ...auth, ...(spec.method === "POST" ? { body: {} } : {}) });
}

async function keyOf(token: string, body: Record<string, unknown> = { name: "script" }): Promise<string> {
  const created = await server.request("POST", "/api-key/create", { token, body });
  expect(created.status, created.text).toBe(200);
  return created.body.key as string;
}

describe("credential kinds and their powers (#19)", () => {
  it("declares the credential-managing endpoints the issue names", () => {
    expect(managing.map(([, spec]) => spec.path).sort()).toEqual(
      [
        "/api-key/create",
        "/api-key/update",
        "/change-email",
        "/change-password",
        "/delete-user",
        "/link-social",
        "/oauth2/link",
        "/passkey/delete-passkey",
        "/passkey/generate-register-options",
        "/passkey/verify-registration",
        "/set-password",
        "/two-factor/disable",
        "/two-factor/enable",
        "/two-factor/generate-backup-codes",
        "/two-factor/get-totp-uri",
        "/unlink-account",
      ].sort(),
    );
  });

  it("refuses an API key on every endpoint that manages credentials or needs a fresh session (#19)", async () => {
    const user = await server.signUp();
    const key = await keyOf(user.token);
    const fresh = Object.values(contract as Record<string, EndpointSpec>).filter((spec) => spec.access === "fresh-session");
    for (const spec of [...managing.map(([, s]) => s), ...fresh]) {
      const answer = await callEmpty(spec, { headers: { "x-api-key": key } });
      expect([spec.path, answer.status, answer.body.code]).toEqual([spec.path, 403, "API_KEY_NOT_ALLOWED"]);
    }
  });

  it("refuses an impersonation on every endpoint that manages the person's credentials (#19, #27)", async () => {
    const admin = await signUpAdmin(server);
    const target = await server.signUp();
    const started = await server.request("POST", "/admin/impersonate-user", { token: admin.token, body: { userId: target.userId } });
    expect(started.status).toBe(200);
    const token = started.body.session.token as string;
    for (const [, spec] of managing) {
      const answer = await callEmpty(spec, { token });
      expect([spec.path, answer.status, answer.body.code]).toEqual([spec.path, 403, "NOT_ALLOWED_WHILE_IMPERSONATING"]);
    }
  });

  it("refuses an API key and an impersonation on every endpoint that configures the server or an organization's sign-in (settings, SSO providers, SCIM tokens; walks the contract)", async () => {
    const configuring = Object.values(contract as Record<string, EndpointSpec>).filter((spec) => spec.credentials === "configure");
    expect(configuring.map((spec) => spec.path)).toEqual(expect.arrayContaining(["/admin/settings/set", "/sso/register", "/sso/update-provider", "/sso/delete-provider", "/scim/create-token"]));
    const admin = await signUpAdmin(server);
    const key = await keyOf(admin.token);
    const target = await server.signUp();
    const started = await server.request("POST", "/admin/impersonate-user", { token: admin.token, body: { userId: target.userId } });
    expect(started.status).toBe(200);
    const impersonation = started.body.session.token as string;
    for (const spec of configuring) {
      const byKey = await callEmpty(spec, { headers: { "x-api-key": key } });
      expect([spec.path, byKey.status, byKey.body.code]).toEqual([spec.path, 403, "API_KEY_NOT_ALLOWED"]);
      const byImpersonation = await callEmpty(spec, { token: impersonation });
      expect([spec.path, byImpersonation.status, byImpersonation.body.code]).toEqual([spec.path, 403, "SETTINGS_NOT_ALLOWED_WHILE_IMPERSONATING"]);
    }
  });

  it("answers GET /admin/my-permissions with no permission a configuring endpoint requires, under an API key or an impersonation, and never more than a narrowed key (walks the contract)", async () => {
    const configuring = Object.values(contract as Record<string, EndpointSpec>).filter((spec) => spec.credentials === "configure" && /^[\w-]+:[\w-]+$/.test(spec.requires ?? ""));
    expect(configuring.length).toBeGreaterThan(0);
    const admin = await signUpAdmin(server);
    const target = await server.signUp();
    await server.database.db.updateTable("user").set({ role: "admin" }).where("id", "=", target.userId).execute();
    const key = await keyOf(admin.token);
    const narrowed = await keyOf(admin.token, { name: "narrow", permissions: { user: ["list"], settings: ["read", "update"] } });
    const other = await signUpAdmin(server);
    server.app.context.config.admin.adminUserIds.push(other.userId);
    // Impersonating an administrator needs impersonate-admins, which an id in adminUserIds holds;
    // the impersonation lasts only while its impersonator keeps that right (until `finally`).
    try {
      const started = await server.request("POST", "/admin/impersonate-user", { token: other.token, body: { userId: target.userId } });
      expect(started.status, started.text).toBe(200);
      const impersonation = started.body.session.token as string;
      const held = async (auth: { token?: string; headers?: Record<string, string> }) => {
      const answer = await server.request("GET", "/admin/my-permissions", auth);
      expect(answer.status, answer.text).toBe(200);
      const grants = answer.body.grants as Record<string, string[]>;
      return new Set(Object.entries(grants).flatMap(([resource, actions]) => actions.map((action) => `${resource}:${action}`)));
    };
    const own = await held({ token: admin.token });
    for (const spec of configuring) expect([spec.path, own.has(spec.requires as string)]).toEqual([spec.path, true]);
    for (const auth of [{ headers: { "x-api-key": key } }, { headers: { "x-api-key": narrowed } }, { token: impersonation }]) {
      const grants = await held(auth);
      for (const spec of configuring) expect([spec.path, grants.has(spec.requires as string)]).toEqual([spec.path, false]);
    }
    expect([...(await held({ headers: { "x-api-key": narrowed } }))].sort()).toEqual(["settings:read", "user:list"]);
    } finally {
      const ids = server.app.context.config.admin.adminUserIds;
      ids.splice(ids.indexOf(other.userId), 1);
    }
  });

  it("refuses a stale session unless the endpoint checks the current password itself (#19)", async () => {
    const user = await server.signUp();
    server.clock.advance(DAY + 60_000);
    try {
      for (const [, spec] of managing) {
        const answer = await callEmpty(spec, { token: user.token });
        if (spec.reauthenticates === "password") {
          // Past the credential gate: what it refuses now is the missing password (delete-user
          // answers its own "re-authenticate" 401 without one, as the specification says).
          expect([spec.path, answer.body.code]).not.toEqual([spec.path, "SESSION_NOT_FRESH"]);
          expect([spec.path, answer.status === 400 || answer.body.code === "SESSION_EXPIRED"]).toEqual([spec.path, true]);
        } else {
          expect([spec.path, answer.status, answer.body.code]).toEqual([spec.path, 403, "SESSION_NOT_FRESH"]);
        }
      }
      // The password stands in for freshness: change-password still works on an old session.
      const changed = await server.request("POST", "/change-password", { token: user.token, body: { currentPassword: user.password, newPassword: "another password 42" } });
      expect(changed.status, changed.text).toBe(200);
    } finally {
      server.clock.set(Date.now());
    }
  });
});

describe("what a leaked API key cannot do (#19 item 1)", () => {
  it("cannot start a passkey registration, so it cannot plant a passkey", async () => {
    const user = await server.signUp();
    const key = await keyOf(user.token);
    const options = await server.request("GET", "/passkey/generate-register-options", { headers: { "x-api-key": key } });
    expect(options.status).toBe(403);
    expect(options.body.code).toBe("API_KEY_NOT_ALLOWED");
    expect(await server.database.db.selectFrom("passkey").select("id").where("userId", "=", user.userId).execute()).toEqual([]);
  });

  it("cannot delete the account, change its email, set a password or unlink (the account is unchanged)", async () => {
    const user = await server.signUp();
    const key = await keyOf(user.token);
    const headers = { "x-api-key": key };
    const attempts = [
      await server.request("POST", "/delete-user", { headers, body: {} }),
      await server.request("POST", "/change-email", { headers, body: { newEmail: "attacker@example.com" } }),
      await server.request("POST", "/set-password", { headers, body: { newPassword: "attacker password 1" } }),
      await server.request("POST", "/unlink-account", { headers, body: { providerId: "credential" } }),
      await server.request("POST", "/change-password", { headers, body: { currentPassword: user.password, newPassword: "attacker password 1" } }),
      await server.request("POST", "/two-factor/enable", { headers, body: { password: user.password } }),
      await server.request("POST", "/api-key/create", { headers, body: { name: "another" } }),
    ];
    expect(attempts.map((a) => [a.status, a.body.code])).toEqual(attempts.map(() => [403, "API_KEY_NOT_ALLOWED"]));
    const row = await server.database.db.selectFrom("user").selectAll().where("id", "=", user.userId).executeTakeFirst();
    expect(row?.email).toBe(user.email);
    const signIn = await server.request("POST", "/sign-in/email", { body: { email: user.email, password: user.password } });
    expect(signIn.status).toBe(200);
  });

  it("gets no JWT when narrowed by permissions, neither from /token nor from get-session's header", async () => {
    const admin = await signUpAdmin(server);
    const narrowed = await keyOf(admin.token, { name: "lister", permissions: { user: ["list"] } });
    const token = await server.request("GET", "/token", { headers: { "x-api-key": narrowed } });
    expect(token.status).toBe(403);
    expect(token.body.code).toBe("API_KEY_NOT_ALLOWED");
    const session = await server.request("GET", "/get-session", { headers: { "x-api-key": narrowed } });
    expect(session.status).toBe(200);
    expect(session.headers.get("set-auth-jwt")).toBeNull();
    // The narrowed key still does what it was made for.
    expect((await server.request("GET", "/admin/list-users", { headers: { "x-api-key": narrowed } })).status).toBe(200);
  });

  it("gets a JWT when it carries its user's full rights, as the user's own session does", async () => {
    const user = await server.signUp();
    const key = await keyOf(user.token);
    const token = await server.request("GET", "/token", { headers: { "x-api-key": key } });
    expect(token.status).toBe(200);
    expect(typeof token.body.token).toBe("string");
  });
});
