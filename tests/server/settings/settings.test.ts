/**
 * Settings without a text editor (issue 33, item 10): administrators change the settings that are
 * safe at run time over the API; a change applies at once, without a restart, is audited, and is
 * checked by the config file's own schema; what the configuration names is locked. Runs on
 * SQLite and in the PostgreSQL pass.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../../server/db/database.js";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";
import { auditRows, signUpAdmin } from "../admin/admin-helpers.js";

let server: TestServer;
let admin: { token: string; userId: string; email: string };

const github = { clientId: "github-client", clientSecret: "github-secret" };

beforeAll(async () => {
  // The file names user.deleteUserEnabled and github's disableSignUp: those two are locked.
  server = await startTestServer({ config: { user: { deleteUserEnabled: true }, socialProviders: { github: { ...github, disableSignUp: false } } } });
  admin = await signUpAdmin(server, { email: "root@example.com" });
});
afterAll(async () => {
  await server.close();
});

const list = (token = admin.token) => server.request("GET", "/admin/settings", { token });
const set = (key: string, value: unknown, token = admin.token) => server.request("POST", "/admin/settings/set", { token, body: { key, value } });
const reset = (key: string, token = admin.token) => server.request("POST", "/admin/settings/reset", { token, body: { key } });
const setting = async (key: string) => ((await list()).body.settings as Array<{ key: string }>).find((entry) => entry.key === key) as any;

async function until(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (await condition()) return;
    await sleep(10);
  }
  throw new Error(`never: ${what}`);
}

describe("run-time settings", () => {
  it("lists each setting with its value, kind, group and where it comes from", async () => {
    const answer = await list();
    expect(answer.status).toBe(200);
    const keys = answer.body.settings.map((entry: { key: string }) => entry.key);
    expect(keys).toEqual(expect.arrayContaining(["emailAndPassword.requireEmailVerification", "twoFactor.requiredForRoles", "password.minLength", "socialProviders.github.enabled"]));
    expect(await setting("emailAndPassword.requireEmailVerification")).toEqual({
      key: "emailAndPassword.requireEmailVerification",
      group: "sign-up",
      kind: "boolean",
      value: false,
      configured: false,
      source: "default",
      locked: false,
      updatedAt: null,
      updatedBy: null,
    });
    expect(await setting("twoFactor.requiredForRoles")).toMatchObject({ kind: "list", value: [] });
    expect(await setting("password.minLength")).toMatchObject({ kind: "integer", value: 8 });
    // Nothing secret is listed: a provider offers only its on/off and sign-up switches.
    expect(JSON.stringify(answer.body)).not.toContain("github-secret");
  });

  it("requires email verification from the next sign-in on, without a restart, and audits who changed what", async () => {
    const before = await server.signUp({ email: "early@example.com", password: "correct horse" });
    const changed = await set("emailAndPassword.requireEmailVerification", true);
    expect(changed.status).toBe(200);
    expect(changed.body.setting).toMatchObject({ value: true, configured: false, source: "console", locked: false, updatedBy: { id: admin.userId, email: "root@example.com" } });
    const refused = await server.request("POST", "/sign-in/email", { body: { email: before.email, password: "correct horse" } });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("EMAIL_NOT_VERIFIED");
    const [event] = await auditRows(server, "server.setting-change");
    expect(event).toMatchObject({ actorId: admin.userId, success: 1 });
    expect(JSON.parse(event!.metadata!)).toEqual({ key: "emailAndPassword.requireEmailVerification", from: false, to: true });

    const undone = await reset("emailAndPassword.requireEmailVerification");
    expect(undone.body).toMatchObject({ wasSet: true, setting: { value: false, source: "default" } });
    expect((await server.request("POST", "/sign-in/email", { body: { email: before.email, password: "correct horse" } })).status).toBe(200);
    expect(await auditRows(server, "server.setting-reset")).toHaveLength(1);
    // Resetting what is not set changes nothing and records nothing.
    expect((await reset("emailAndPassword.requireEmailVerification")).body.wasSet).toBe(false);
    expect(await auditRows(server, "server.setting-reset")).toHaveLength(1);
  });

  it("checks values with the config file's schema and the rules between settings", async () => {
    const tooShort = await set("password.minLength", 0);
    expect(tooShort.status).toBe(400);
    expect(tooShort.body.code).toBe("INVALID_SETTING_VALUE");
    const longerThanMax = await set("password.minLength", 500);
    expect(longerThanMax.body).toMatchObject({ code: "INVALID_SETTING_VALUE", issues: [{ path: "value", message: "password.minLength: must not exceed password.maxLength" }] });
    const wrongKind = await set("user.changeEmailEnabled", 3);
    expect(wrongKind.body.code).toBe("INVALID_SETTING_VALUE");
    const unknown = await set("emailAndPassword.requireEmailVerificaton", true);
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: "UNKNOWN_SETTING", issues: [{ path: "key", message: "unknown setting; did you mean emailAndPassword.requireEmailVerification?" }] });
    // Settings that are not safe at run time are not settable at all, nor are prototype keys.
    for (const key of ["secret", "db", "socialProviders.github.clientSecret", "__proto__", "admin.adminUserIds"]) expect((await set(key, true)).body.code).toBe("UNKNOWN_SETTING");
    expect((await set("password.minLength", 12)).body.setting.value).toBe(12);
    const short = await server.request("POST", "/sign-up/email", { body: { email: "short@example.com", password: "elevenchars", name: "Short" } });
    expect(short.body.code).toBe("PASSWORD_TOO_SHORT");
    await reset("password.minLength");
  });

  it("refuses to require two-factor for the administrator's own role while they have none: it would shut them out of undoing it", async () => {
    const refused = await set("twoFactor.requiredForRoles", ["admin"]);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("SETTING_WOULD_LOCK_YOU_OUT");
    expect(server.app.context.config.twoFactor.requiredForRoles).toEqual([]);
    // Another role is fine, and holds its users at the setup at once.
    const support = await server.signUp({ email: "support@example.com" });
    await server.database.db.updateTable("user").set({ role: "support" }).where("id", "=", support.userId).execute();
    expect((await set("twoFactor.requiredForRoles", ["support"])).status).toBe(200);
    expect((await server.request("GET", "/list-sessions", { token: support.token })).body.code).toBe("TWO_FACTOR_SETUP_REQUIRED");
    await reset("twoFactor.requiredForRoles");
    expect((await server.request("GET", "/list-sessions", { token: support.token })).status).toBe(200);
  });

  it("refuses to change what the configuration names, and says so in the list", async () => {
    expect(await setting("user.deleteUserEnabled")).toMatchObject({ locked: true, source: "configuration", value: true });
    const refused = await set("user.deleteUserEnabled", false);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("SETTING_LOCKED");
    expect(await setting("socialProviders.github.disableSignUp")).toMatchObject({ locked: true });
    expect(await setting("socialProviders.github.enabled")).toMatchObject({ locked: false, value: true });
  });

  it("turns a social provider off and on again", async () => {
    const providers = async () => (await server.request("GET", "/providers")).body.providers.map((p: { id: string }) => p.id);
    expect(await providers()).toContain("github");
    expect((await set("socialProviders.github.enabled", false)).status).toBe(200);
    expect(await providers()).not.toContain("github");
    const signIn = await server.request("POST", "/sign-in/social", { body: { provider: "github", disableRedirect: true } });
    expect(signIn.status).toBe(404);
    await reset("socialProviders.github.enabled");
    expect(await providers()).toContain("github");
  });

  it("lets only administrators read, and only an administrator's own session change (never an API key or an impersonation)", async () => {
    const user = await server.signUp({ email: "plain@example.com" });
    expect((await list(user.token)).body.code).toBe("YOU_ARE_NOT_ALLOWED_TO_READ_SETTINGS");
    // The permission is checked before the body: no hint of what a valid body looks like.
    const garbage = await server.request("POST", "/admin/settings/set", { token: user.token, body: { nonsense: 1 } });
    expect(garbage.status).toBe(403);
    expect(garbage.body.code).toBe("YOU_ARE_NOT_ALLOWED_TO_CHANGE_SETTINGS");

    const key = (await server.request("POST", "/api-key/create", { token: admin.token, body: { name: "ops" } })).body.key as string;
    expect((await server.request("GET", "/admin/settings", { headers: { "x-api-key": key } })).status).toBe(200);
    const byKey = await server.request("POST", "/admin/settings/set", { headers: { "x-api-key": key }, body: { key: "emailAndPassword.requireEmailVerification", value: false } });
    expect(byKey.status).toBe(403);
    expect(byKey.body.code).toBe("API_KEY_NOT_ALLOWED");
    expect((await server.request("POST", "/admin/settings/reset", { headers: { "x-api-key": key }, body: { key: "password.minLength" } })).body.code).toBe("API_KEY_NOT_ALLOWED");

    const target = await server.signUp({ email: "other-admin@example.com" });
    await server.database.db.updateTable("user").set({ role: "admin" }).where("id", "=", target.userId).execute();
    const impersonation = await server.request("POST", "/admin/impersonate-user", { token: admin.token, body: { userId: user.userId } });
    expect(impersonation.status).toBe(200);
    const asUser = impersonation.body.session.token as string;
    // Even impersonating someone who is an administrator.
    const asAdmin = (await server.request("POST", "/admin/impersonate-user", { token: admin.token, body: { userId: target.userId } })).body.session?.token as string | undefined;
    for (const token of [asUser, asAdmin].filter(Boolean) as string[]) {
      const refused = await set("emailAndPassword.requireEmailVerification", true, token);
      expect(refused.status).toBe(403);
    }
    expect((await setting("emailAndPassword.requireEmailVerification")).value).toBe(false);
  });

  it("applies a change another server or the offline CLI wrote to the database, without a restart", async () => {
    const other = await openDatabase(server.dbFile);
    try {
      await other.db.insertInto("runtimeSetting").values({ key: "user.changeEmailEnabled", value: "false", updatedAt: Date.now(), updatedBy: null }).execute();
      await until(() => server.app.context.config.user.changeEmailEnabled === false, "the other writer's change applied");
      expect(await setting("user.changeEmailEnabled")).toMatchObject({ value: false, source: "console" });
      await other.db.deleteFrom("runtimeSetting").where("key", "=", "user.changeEmailEnabled").execute();
      await until(() => server.app.context.config.user.changeEmailEnabled === true, "the other writer's reset applied");
    } finally {
      await other.close();
    }
  });

  it("ignores a stored value this version's schema refuses, keeping the configuration's", async () => {
    await server.database.db.insertInto("runtimeSetting").values({ key: "user.deleteRequiresConfirmation", value: JSON.stringify("banana"), updatedAt: Date.now(), updatedBy: null }).execute();
    await server.app.context.settings!.reload();
    expect(server.app.context.config.user.deleteRequiresConfirmation).toBe(false);
    expect(await setting("user.deleteRequiresConfirmation")).toMatchObject({ value: false, source: "default" });
    await server.database.db.deleteFrom("runtimeSetting").execute();
    await server.app.context.settings!.reload();
  });
});

describe("run-time settings of the OpenID provider (issue 32)", () => {
  let provider: TestServer;
  let root: { token: string };
  beforeAll(async () => {
    provider = await startTestServer({ config: { oauthProvider: { enabled: true } } });
    root = await signUpAdmin(provider, { email: "provider-root@example.com" });
  });
  afterAll(async () => {
    await provider.close();
  });
  const register = (scope: string) =>
    provider.request("POST", "/oauth2/register", { body: { client_name: "Self-made", redirect_uris: ["https://app.example.com/callback"], scope } });

  it("opens self-registration and widens its scopes without a restart; only where the provider is on", async () => {
    // The first server has no provider: nothing of it is offered there.
    expect(((await list()).body.settings as Array<{ key: string }>).some((entry) => entry.key.startsWith("oauthProvider."))).toBe(false);

    const before = await register("openid reports:read");
    expect(before.status).toBe(403);
    expect((await provider.request("GET", "/.well-known/openid-configuration")).body.registration_endpoint).toBeUndefined();

    const on = await provider.request("POST", "/admin/settings/set", { token: root.token, body: { key: "oauthProvider.allowDynamicClientRegistration", value: true } });
    expect(on.status).toBe(200);
    expect((await provider.request("GET", "/.well-known/openid-configuration")).body.registration_endpoint).toMatch(/\/oauth2\/register$/);
    // Registration is open, but reports:read is not among the scopes offered to self-registered apps.
    expect((await register("openid reports:read")).body.error).toBe("invalid_client_metadata");

    const scopes = await provider.request("POST", "/admin/settings/set", { token: root.token, body: { key: "oauthProvider.dynamicRegistrationScopes", value: ["openid", "reports:read"] } });
    expect(scopes.status).toBe(200);
    const registered = await register("openid reports:read");
    expect(registered.status).toBe(201);
    expect(registered.body.scope).toBe("openid reports:read");
    // The config schema checks the value: a scope with a space or a quote is refused, and nothing changes.
    const bad = await provider.request("POST", "/admin/settings/set", { token: root.token, body: { key: "oauthProvider.dynamicRegistrationScopes", value: ["two words"] } });
    expect(bad.status).toBe(400);
    expect(provider.app.context.config.oauthProvider.dynamicRegistrationScopes).toEqual(["openid", "reports:read"]);
  });
});
