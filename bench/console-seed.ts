/**
 * The console bench's data: 100,000 users in a temp SQLite file, 10,000 of them members of one
 * organization, plus an administrator with a password (made by the operator's own create-admin,
 * as `auth server create-admin` does) who is also an owner of that organization, so one signed-in
 * browser can open both the users page and the members page. Rows go in through Kysely bulk
 * inserts (the seeding of admin-list-users and organization-members); seeding time is not measured.
 */
import { createApp } from "../server/app.js";
import { resolveConfig } from "../server/config.js";
import { newId } from "../server/crypto/tokens.js";
import { openSqlite } from "../server/db/database.js";
import { createAdmin } from "../server/maintenance/create-admin.js";
import { seedUsers } from "./admin-list-users.js";
import { seedOrganization } from "./organization-members.js";

export const BENCH_ADMIN = { email: "console-admin@example.com", password: "console bench password 123", name: "Console Admin" } as const;

export interface ConsoleSeed {
  /** Seeded users in all (the plain ones and the organization's members; the admins not counted). */
  users: number;
  members: number;
  organizationId: string;
  seedSeconds: number;
}

export async function seedConsole(file: string, users: number, members: number): Promise<ConsoleSeed> {
  const started = performance.now();
  // seedUsers also migrates the file and adds a bearer-token admin (unused here).
  await seedUsers(file, users - members);
  const database = openSqlite(file);
  let organizationId: string;
  try {
    ({ organizationId } = await seedOrganization(database.db, members));
    const config = resolveConfig({ db: file, host: "127.0.0.1", port: 0, logLevel: "silent", rateLimit: { enabled: false }, production: true });
    const app = await createApp({ config, db: database.db, secret: "bench-secret-bench-secret-bench-secret", logger: false });
    try {
      const { user } = await createAdmin(app.context, BENCH_ADMIN);
      await database.db
        .insertInto("member")
        .values({ id: newId(), organizationId, userId: user.id, role: "owner", teamId: null, createdAt: Date.now() })
        .execute();
    } finally {
      await app.close();
    }
    // A running server checkpoints continually; start from that steady state.
    database.sqlite.pragma("wal_checkpoint(TRUNCATE)");
    database.sqlite.pragma("optimize");
  } finally {
    await database.close();
  }
  return { users, members, organizationId, seedSeconds: Math.round((performance.now() - started) / 10) / 100 };
}
