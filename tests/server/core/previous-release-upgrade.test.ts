/**
 * Issue 20 item 7: a database made by the previous release (0.1.0, commit aacdbce, which recorded
 * migrations 0010–0016 under their old names) upgrades with this build: the recorded names are
 * rewritten, nothing is migrated twice, the server starts on it, and the user, their session and
 * their organization are there. The fixtures were made by that release's own build
 * (tests/fixtures/previous-release/make-fixture.mjs): a SQLite file, and a pg_dump restored here
 * into a fresh PostgreSQL database on the PostgreSQL pass.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp, type LatchkeyApp } from "../../../server/app.js";
import { createTestClock } from "../../../server/clock.js";
import { mergeConfig, resolveConfig } from "../../../server/config.js";
import { openDatabase, type OpenedDatabase } from "../../../server/db/database.js";
import { migrateToLatest } from "../../../server/db/migrate.js";
import { migrations } from "../../../server/db/migrations/index.js";
import { renamedMigrations } from "../../../server/db/migrations/renamed.js";
import { adminQuery, createPostgresDatabase } from "../../helpers/postgres.js";
import { freePort } from "../../helpers/run-cli.js";
import { TEST_SECRET, testDialect } from "../../helpers/test-server.js";

const FIXTURES = join(__dirname, "../../fixtures/previous-release");
const fixture = JSON.parse(readFileSync(join(FIXTURES, "fixture.json"), "utf8")) as Record<"sqlite" | "postgres", { userId: string; token: string }> & { clock: string };
const expected = fixture[testDialect];

/** 0.1.0 had migrations 0001–0015 (by today's names); later ones are applied by the upgrade. */
const LAST_OF_RELEASE = 15;
const sinceRelease = Object.keys(migrations).filter((name) => Number(name.slice(0, 4)) > LAST_OF_RELEASE);

let database: OpenedDatabase;
let target: string;
let cleanup: () => Promise<void>;

/** The previous release's database, as a file copy (SQLite) or a restored dump (PostgreSQL). */
async function previousReleaseDatabase(): Promise<void> {
  if (testDialect === "sqlite") {
    const dir = mkdtempSync(join(tmpdir(), "latchkey-upgrade-"));
    target = join(dir, "latchkey.db");
    copyFileSync(join(FIXTURES, "latchkey-0.1.0.db"), target);
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
    return;
  }
  const scratch = await createPostgresDatabase("latchkey_upgrade");
  target = scratch.url;
  // psql meta-commands (\restrict) are not SQL; the rest is plain statements and INSERTs.
  const dump = readFileSync(join(FIXTURES, "latchkey-0.1.0.pg.sql"), "utf8").replace(/^\\.*$/gm, "");
  await adminQuery(target, dump);
  cleanup = () => scratch.drop();
}

async function recordedNames(): Promise<string[]> {
  const rows = await sql<{ name: string }>`select name from latchkey_migration order by name`.execute(database.db);
  return rows.rows.map((row) => row.name);
}

beforeAll(async () => {
  await previousReleaseDatabase();
  database = await openDatabase(target);
});
afterAll(async () => {
  await database?.close();
  await cleanup?.();
});

describe(`a database made by release 0.1.0 (${testDialect}) (#20)`, () => {
  it("is the fixture it claims to be: every migration of 0.1.0 recorded under its old name", async () => {
    const names = await recordedNames();
    expect(names).toHaveLength(Object.keys(migrations).length - sinceRelease.length);
    for (const oldName of Object.keys(renamedMigrations)) expect(names).toContain(oldName);
  });

  it("upgrades: old names rewritten, nothing applied twice, and a second run changes nothing", async () => {
    const first = await migrateToLatest(database.db);
    expect(first.applied).toEqual(sinceRelease);
    expect(await recordedNames()).toEqual(Object.keys(migrations));
    const second = await migrateToLatest(database.db);
    expect(second.applied).toEqual([]);
    expect(await recordedNames()).toEqual(Object.keys(migrations));
  });

  describe("a server on the upgraded database", () => {
    let app: LatchkeyApp;
    let api: string;
    beforeAll(async () => {
      const port = await freePort();
      const config = resolveConfig(mergeConfig({ db: target, host: "127.0.0.1", port, baseURL: `http://127.0.0.1:${port}`, logLevel: "silent", rateLimit: { enabled: false }, password: { memoryCost: 1024, timeCost: 1, parallelism: 1 } }, {}));
      // The fixture's clock plus an hour: its session (seven days) is live whatever today's date.
      const clock = createTestClock(Date.parse(fixture.clock) + 3_600_000);
      app = await createApp({ config, db: database.db, secret: TEST_SECRET, clock, logger: false });
      await app.server.listen({ port, host: "127.0.0.1" });
      api = `http://127.0.0.1:${port}${config.basePath}`;
    });
    afterAll(async () => {
      await app?.server.close();
    });

    const get = async (path: string, token: string) => {
      const response = await fetch(api + path, { headers: { authorization: `Bearer ${token}` } });
      return { status: response.status, body: (await response.json()) as any };
    };

    it("knows the session the old release issued, and its user", async () => {
      const session = await get("/get-session", expected.token);
      expect(session.status).toBe(200);
      expect(session.body.user).toMatchObject({ id: expected.userId, email: "ada@example.com", name: "Ada Lovelace" });
    });

    it("signs the user in with the password the old release hashed", async () => {
      const response = await fetch(api + "/sign-in/email", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: "ada@example.com", password: "correct horse battery" }) });
      expect(response.status).toBe(200);
      expect(((await response.json()) as any).user.id).toBe(expected.userId);
    });

    it("lists the organization the user created under the old release, with them as owner", async () => {
      const organizations = await get("/organization/list", expected.token);
      expect(organizations.status).toBe(200);
      expect(organizations.body.map((o: { slug: string }) => o.slug)).toEqual(["analytical-engines"]);
      const members = await database.db.selectFrom("member").select(["userId", "role"]).execute();
      expect(members).toEqual([{ userId: expected.userId, role: "owner" }]);
    });
  });
});
