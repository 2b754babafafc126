/**
 * The last better-auth import as the console's server page reads it (issue 22): administrators
 * (and their API keys scoped to `audit:list`) see it, others get 403, the signed-out 401; null
 * before any import, then the summary of a real import of a real better-auth 1.7 database — with
 * the source named without its credentials. On SQLite, and on PostgreSQL through the test dialect.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, TEST_SECRET, type TestServer } from "../../helpers/test-server.js";
import { openSource } from "../../../server/maintenance/better-auth-import/source.js";
import { importBetterAuth } from "../../../server/maintenance/better-auth-import/import.js";
import { BETTER_AUTH_SECRET, betterAuthTab, startBetterAuth, type BetterAuthSource } from "../server/better-auth-source.js";
import { signUpAdmin } from "../admin/admin-helpers.js";

let server: TestServer;
let source: BetterAuthSource;
let admin: { token: string; userId: string };

beforeAll(async () => {
  server = await startTestServer();
  source = await startBetterAuth("sqlite");
  // Two people sign up at better-auth: users, credential accounts and sessions to carry.
  for (const [email, name] of [["grace@example.com", "Grace"], ["alan@example.com", "Alan"]] as const) {
    const answer = await betterAuthTab(source.url).client.signUp.email({ email, password: "correct horse battery staple", name });
    if (answer.error) throw new Error(JSON.stringify(answer.error));
  }
  admin = await signUpAdmin(server);
}, 60_000);
afterAll(async () => {
  await server?.close();
  await source?.close();
});

const lastImport = (init: { token?: string; headers?: Record<string, string> } = {}) => server.request("GET", "/admin/get-last-better-auth-import", init);

async function runImport(sourceName: string) {
  const opened = await openSource(source.from);
  try {
    return await importBetterAuth({
      source: opened,
      sourceName,
      target: { db: server.database.db, dialect: server.dialect },
      betterAuthSecret: BETTER_AUTH_SECRET,
      latchkeySecret: TEST_SECRET,
      now: () => server.clock.now(),
    });
  } finally {
    await opened.close();
  }
}

describe("GET /admin/get-last-better-auth-import", () => {
  it("refuses the signed-out (401) and people who may not read the audit log (403)", async () => {
    const signedOut = await lastImport();
    expect(signedOut.status).toBe(401);
    const user = await server.signUp();
    const refused = await lastImport({ token: user.token });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("YOU_ARE_NOT_ALLOWED_TO_LIST_AUDIT_EVENTS");
  });

  it("answers null before any import", async () => {
    const answer = await lastImport({ token: admin.token });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ lastImport: null });
  });

  it("answers the last import's time, source without credentials, and per-table counts", async () => {
    server.clock.advance(60_000);
    const report = await runImport("postgres://importer:hunter2@db.internal:5433/better_auth");
    const answer = await lastImport({ token: admin.token });
    expect(answer.status).toBe(200);
    const last = answer.body.lastImport;
    expect(last).toMatchObject({
      at: new Date(server.clock.now()).toISOString(),
      startedAt: new Date(report.startedAt).toISOString(),
      actor: null,
      sourceKind: "postgres",
      source: "db.internal:5433/better_auth",
      dryRun: false,
      totals: { inserted: report.tables.user!.inserted + report.tables.account!.inserted + report.tables.session!.inserted, updated: 0, unchanged: 0, skipped: 0, kept: 0 },
    });
    expect(answer.text).not.toContain("hunter2");
    expect(answer.text).not.toContain("importer");
    expect(last.tables.map((t: { table: string }) => t.table).slice(0, 1)).toEqual(["user"]);
    expect(last.tables.find((t: { table: string }) => t.table === "user")).toEqual({ table: "user", read: 2, inserted: 2, updated: 0, unchanged: 0, skipped: 0, kept: 0 });
    expect(last.tables.find((t: { table: string }) => t.table === "account")).toMatchObject({ read: 2, inserted: 2 });
  });

  it("answers the newest import when several ran, with rows kept because Latchkey changed them", async () => {
    // Latchkey changes Grace after the first import; better-auth's copy differs, so the second keeps hers.
    server.clock.advance(60_000);
    await server.database.db.updateTable("user").set({ name: "Grace Hopper", updatedAt: server.clock.now() }).where("email", "=", "grace@example.com").execute();
    server.clock.advance(60_000);
    await runImport(source.from);
    const last = (await lastImport({ token: admin.token })).body.lastImport;
    expect(last).toMatchObject({ at: new Date(server.clock.now()).toISOString(), sourceKind: "sqlite", source: source.from, totals: { inserted: 0, kept: 1 } });
    expect(last.tables.find((t: { table: string }) => t.table === "user")).toMatchObject({ read: 2, inserted: 0, unchanged: 1, kept: 1 });
  });

  it("answers an administrator's API key that may list the audit log, and refuses one that may not", async () => {
    const create = (permissions: Record<string, string[]>) => server.request("POST", "/api-key/create", { token: admin.token, body: { name: "reader", permissions } });
    const reader = (await create({ audit: ["list"] })).body.key as string;
    const other = (await create({ user: ["list"] })).body.key as string;
    const allowed = await lastImport({ headers: { "x-api-key": reader } });
    expect(allowed.status).toBe(200);
    expect(allowed.body.lastImport.sourceKind).toBe("sqlite");
    const refused = await lastImport({ headers: { "x-api-key": other } });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("YOU_ARE_NOT_ALLOWED_TO_LIST_AUDIT_EVENTS");
  });
});
