/**
 * `auth server import-better-auth` (issue 22): a real better-auth 1.7 server, on SQLite and on
 * PostgreSQL, is filled through its own client; its database is imported into Latchkey; then
 * better-auth's client, pointed at Latchkey, proves everyone carries on — the old password (and
 * its re-hash to argon2id), the old authenticator's codes, the old bearer token, the API key, the
 * invitation, the ban and its reason, the admin role, the passkey — and a second import adds nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, TEST_SECRET, type TestServer } from "../../helpers/test-server.js";
import { openSource } from "../../../server/maintenance/better-auth-import/source.js";
import { importBetterAuth, type ImportReport } from "../../../server/maintenance/better-auth-import/import.js";
import { countRows } from "../../../server/maintenance/copy-database.js";
import { createSoftAuthenticator } from "../passkey/soft-authenticator.js";
import { BETTER_AUTH_SECRET, betterAuthTab, fillBetterAuth, startBetterAuth, totpNow, type BetterAuthSource, type Filled } from "./better-auth-source.js";

async function runImport(source: BetterAuthSource, server: TestServer, options: { dryRun?: boolean; secret?: string } = {}): Promise<ImportReport> {
  const opened = await openSource(source.from);
  try {
    return await importBetterAuth({
      source: opened,
      target: { db: server.database.db, dialect: server.dialect },
      betterAuthSecret: options.secret ?? BETTER_AUTH_SECRET,
      latchkeySecret: TEST_SECRET,
      dryRun: options.dryRun,
      now: () => server.clock.now(),
    });
  } finally {
    await opened.close();
  }
}

for (const kind of ["sqlite", "postgres"] as const) {
  describe(`importing a better-auth database on ${kind}`, () => {
    let source: BetterAuthSource;
    let server: TestServer;
    let filled: Filled;
    let first: ImportReport;

    beforeAll(async () => {
      source = await startBetterAuth(kind);
      filled = await fillBetterAuth(source);
      server = await startTestServer();
      first = await runImport(source, server);
      server.clock.advance(1000);
    }, 60_000);
    afterAll(async () => {
      await server?.close();
      await source?.close();
    });

    it("carries every row it can, and says why about the rest", () => {
      expect(first.tables.user).toMatchObject({ read: 4, inserted: 4, skipped: 0 });
      expect(first.tables.organization).toMatchObject({ inserted: 1 });
      // better-auth makes a default team with each organization, besides "Platform".
      expect(first.tables.team).toMatchObject({ inserted: 2 });
      expect(first.tables.teamMember).toMatchObject({ inserted: 1 });
      expect(first.tables.member).toMatchObject({ inserted: 1 });
      expect(first.tables.invitation).toMatchObject({ inserted: 2 });
      expect(first.tables.twoFactor).toMatchObject({ inserted: 1, skipped: 0 });
      expect(first.tables.passkey).toMatchObject({ inserted: 1 });
      expect(first.tables.apikey).toMatchObject({ inserted: 1 });
      expect(first.tables.jwks).toMatchObject({ inserted: 1 });
      expect(first.tables.account).toMatchObject({ inserted: 4, skipped: 0 });
      expect(first.tables.session!.inserted).toBe(first.tables.session!.read);
      for (const note of first.skipped) expect(note.table).toBe("verification");
    });

    it("signs the two-factor user in with the old password and the old authenticator's codes, then re-hashes to argon2id", async () => {
      const tab = betterAuthTab(server.url);
      const before = await server.database.db.selectFrom("account").select("password").where("userId", "=", filled.twoFactorUser.id).executeTakeFirstOrThrow();
      expect(before.password).not.toMatch(/^\$argon2id\$/);
      const signIn = await tab.client.signIn.email({ email: filled.twoFactorUser.email, password: filled.password });
      expect(signIn.error).toBeNull();
      expect((signIn.data as { twoFactorRedirect?: boolean }).twoFactorRedirect).toBe(true);
      const verified = await tab.client.twoFactor.verifyTotp({ code: totpNow(filled.twoFactorUser.totpSecret, server.clock.now()) });
      expect(verified.error).toBeNull();
      expect((await tab.client.getSession()).data!.user.id).toBe(filled.twoFactorUser.id);
      const after = await server.database.db.selectFrom("account").select("password").where("userId", "=", filled.twoFactorUser.id).executeTakeFirstOrThrow();
      expect(after.password).toMatch(/^\$argon2id\$/);

      const second = betterAuthTab(server.url);
      await second.client.signIn.email({ email: filled.twoFactorUser.email, password: filled.password });
      const backup = await second.client.twoFactor.verifyBackupCode({ code: filled.twoFactorUser.backupCodes[0]! });
      expect(backup.error).toBeNull();
      expect((await second.client.getSession()).data!.user.id).toBe(filled.twoFactorUser.id);
    });

    it("keeps the old bearer token signed in", async () => {
      const tab = betterAuthTab(server.url);
      const session = await tab.client.getSession({ fetchOptions: { headers: { authorization: `Bearer ${filled.bearer.token}` } } });
      expect(session.data!.user).toMatchObject({ id: filled.bearer.id, email: filled.bearer.email });
    });

    it("accepts the old API key", async () => {
      const answer = await server.request("GET", "/get-session", { headers: { "x-api-key": filled.apiKey.key } });
      expect(answer.status).toBe(200);
      expect(answer.body.user.id).toBe(filled.admin.id);
    });

    it("keeps the ban and its reason, and the administrator's role", async () => {
      const banned = await betterAuthTab(server.url).client.signIn.email({ email: filled.banned.email, password: filled.password });
      expect(banned.error).toMatchObject({ code: "BANNED_USER" });
      expect(banned.error!.message).toContain(filled.banned.reason);

      const adminTab = betterAuthTab(server.url);
      expect((await adminTab.client.signIn.email({ email: filled.admin.email, password: filled.password })).error).toBeNull();
      const users = await adminTab.client.admin.listUsers({ query: { limit: 10, sortBy: "email" } });
      expect(users.error).toBeNull();
      const bart = users.data!.users.find((u) => u.id === filled.banned.id)!;
      expect(bart).toMatchObject({ banned: true, banReason: filled.banned.reason });
      expect(users.data!.users.find((u) => u.id === filled.admin.id)!.role).toBe("admin");
    });

    it("lets the invitee accept the pending invitation into the organization and its team", async () => {
      const tab = betterAuthTab(server.url);
      expect((await tab.client.signUp.email({ email: filled.organization.invitee, password: filled.password, name: "Ivy Invitee" })).error).toBeNull();
      await server.verifyEmail(filled.organization.invitee);
      const accepted = await tab.client.organization.acceptInvitation({ invitationId: filled.organization.invitationId });
      expect(accepted.error).toBeNull();
      const org = await tab.client.organization.getFullOrganization({ query: { organizationId: filled.organization.id } });
      expect(org.data!.members.map((m) => m.user.email).sort()).toEqual(["ada@example.com", filled.organization.invitee]);
      const teams = await tab.client.organization.listUserTeams();
      expect((teams.data as Array<{ id: string }>).map((t) => t.id)).toEqual([filled.organization.teamId]);
    });

    it("signs in with the passkey registered at better-auth", async () => {
      const authenticator = createSoftAuthenticator(server.url);
      authenticator.credentials.push(...filled.passkeyUser.credentials);
      const tab = betterAuthTab(server.url);
      const options = await (await tab.jar.fetch(`${server.api}/passkey/generate-authenticate-options`)).json();
      const signedIn = await tab.jar.fetch(`${server.api}/passkey/verify-authentication`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ response: authenticator.authenticate(options as { challenge: string }) }),
      });
      expect(signedIn.status).toBe(200);
      expect((await tab.client.getSession()).data!.user.id).toBe(filled.passkeyUser.id);
    });

    it("a second import duplicates nothing, carries what changed in better-auth, and leaves what changed in Latchkey alone", async () => {
      const admin = betterAuthTab(source.url);
      await admin.client.signIn.email({ email: filled.admin.email, password: filled.password });
      expect((await admin.client.updateUser({ name: "Ada Lovelace" })).error).toBeNull();
      const before = await countRows(server.database.db);
      const again = await runImport(source, server);
      const after = await countRows(server.database.db);
      for (const table of ["user", "organization", "team", "member", "invitation", "teamMember", "account", "twoFactor", "passkey", "apikey", "jwks"]) expect(after[table]).toBe(before[table]);
      for (const [table, summary] of Object.entries(again.tables)) if (table !== "session") expect(summary.inserted).toBe(0);
      expect(again.tables.user!.updated).toBe(1);
      const ada = await server.database.db.selectFrom("user").select("name").where("id", "=", filled.admin.id).executeTakeFirstOrThrow();
      expect(ada.name).toBe("Ada Lovelace");
      // The two-factor user's password was re-hashed in Latchkey: kept, and listed.
      expect(again.kept.some((note) => note.table === "account")).toBe(true);
      const account = await server.database.db.selectFrom("account").select("password").where("userId", "=", filled.twoFactorUser.id).executeTakeFirstOrThrow();
      expect(account.password).toMatch(/^\$argon2id\$/);
    });
  });
}
