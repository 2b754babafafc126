/**
 * A better-auth database with snake_case, plural tables (issue 22): better-auth 1.7 itself, told by
 * its schema options to name the core models `users`, `sessions`, `accounts`, `verifications` with
 * columns such as `email_verified` and `user_id`, is filled through its client; the import finds
 * the tables and columns by name and carries the users, a bearer session and a credential password
 * over. On SQLite and on PostgreSQL.
 */
import Database from "better-sqlite3";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, TEST_SECRET, type TestServer } from "../../helpers/test-server.js";
import { openSource } from "../../../server/maintenance/better-auth-import/source.js";
import { importBetterAuth, type ImportReport } from "../../../server/maintenance/better-auth-import/import.js";
import { BETTER_AUTH_SECRET, betterAuthTab, startBetterAuth, type BetterAuthSource } from "./better-auth-source.js";

const PASSWORD = "correct horse battery staple";

/** The source's own column names, table by table: what better-auth made, read from its catalogue. */
async function sourceColumns(source: BetterAuthSource, kind: "sqlite" | "postgres"): Promise<Record<string, string[]>> {
  const tables = ["users", "sessions", "accounts"];
  if (kind === "sqlite") {
    const db = new Database(source.from, { readonly: true });
    try {
      return Object.fromEntries(tables.map((table) => [table, (db.prepare("select name from pragma_table_info(?)").all(table) as Array<{ name: string }>).map((c) => c.name)]));
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: source.from });
  await client.connect();
  try {
    const rows = (await client.query<{ table: string; column: string }>("select table_name as table, column_name as column from information_schema.columns where table_schema = current_schema()")).rows;
    return Object.fromEntries(tables.map((table) => [table, rows.filter((row) => row.table === table).map((row) => row.column)]));
  } finally {
    await client.end();
  }
}

for (const kind of ["sqlite", "postgres"] as const) {
  describe(`importing a snake_case better-auth database on ${kind}`, () => {
    let source: BetterAuthSource;
    let server: TestServer;
    let report: ImportReport;
    const people: Array<{ id: string; email: string; name: string; token: string }> = [];

    beforeAll(async () => {
      source = await startBetterAuth(kind, { snakeCase: true });
      for (const [email, name] of [["grace@example.com", "Grace Hopper"], ["alan@example.com", "Alan Turing"]] as const) {
        const answer = await betterAuthTab(source.url).client.signUp.email({ email, password: PASSWORD, name });
        if (answer.error || !answer.data?.token) throw new Error(`better-auth answered ${JSON.stringify(answer.error)}`);
        people.push({ id: answer.data.user.id, email, name, token: answer.data.token });
      }
      server = await startTestServer();
      const opened = await openSource(source.from);
      try {
        report = await importBetterAuth({ source: opened, target: { db: server.database.db, dialect: server.dialect }, betterAuthSecret: BETTER_AUTH_SECRET, latchkeySecret: TEST_SECRET, now: () => server.clock.now() });
      } finally {
        await opened.close();
      }
    }, 60_000);
    afterAll(async () => {
      await server?.close();
      await source?.close();
    });

    it("starts from tables and columns better-auth really named in snake_case", async () => {
      const columns = await sourceColumns(source, kind);
      expect(columns.users).toEqual(expect.arrayContaining(["id", "email", "email_verified", "created_at", "updated_at"]));
      expect(columns.users).not.toContain("emailVerified");
      expect(columns.sessions).toEqual(expect.arrayContaining(["token", "user_id", "expires_at", "ip_address", "user_agent"]));
      expect(columns.accounts).toEqual(expect.arrayContaining(["account_id", "provider_id", "user_id", "password"]));
    });

    it("carries the users, their credential accounts and sessions", async () => {
      expect(report.tables.user).toMatchObject({ read: 2, inserted: 2, skipped: 0 });
      expect(report.tables.account).toMatchObject({ read: 2, inserted: 2, skipped: 0 });
      expect(report.tables.session).toMatchObject({ read: 2, inserted: 2, skipped: 0 });
      const users = await server.database.db.selectFrom("user").select(["id", "email", "name", "emailVerified"]).orderBy("email").execute();
      expect(users.map((u) => ({ ...u, emailVerified: Boolean(u.emailVerified) }))).toEqual(
        [...people].sort((a, b) => a.email.localeCompare(b.email)).map((p) => ({ id: p.id, email: p.email, name: p.name, emailVerified: false })),
      );
    });

    it("keeps the bearer token better-auth gave at sign-up signed in", async () => {
      for (const person of people) {
        const session = await betterAuthTab(server.url).client.getSession({ fetchOptions: { headers: { authorization: `Bearer ${person.token}` } } });
        expect(session.data?.user).toMatchObject({ id: person.id, email: person.email });
      }
    });

    it("signs in with the password better-auth hashed", async () => {
      const tab = betterAuthTab(server.url);
      const signIn = await tab.client.signIn.email({ email: people[0]!.email, password: PASSWORD });
      expect(signIn.error).toBeNull();
      expect((await tab.client.getSession()).data?.user.id).toBe(people[0]!.id);
      const wrong = await betterAuthTab(server.url).client.signIn.email({ email: people[1]!.email, password: "not the password at all" });
      expect(wrong.error).toMatchObject({ status: 401 });
    });
  });
}
