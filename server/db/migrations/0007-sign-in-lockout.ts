/**
 * Per-account brute-force protection (server/features/lockout) and, on PostgreSQL, the shared
 * rate-limit counters (server/http/rate-limit-postgres.ts).
 *
 * - user.failedSignInCount / lastFailedSignInAt / lockedUntil: the lockout state of an existing
 *   account, on the row sign-in already reads (no extra query) and administrators already list.
 * - signInLockout: the same state for identifiers that match no account, keyed by the normalised
 *   identifier ("email:…", "username:…"), so a locked unknown account answers exactly like a
 *   locked real one and existence does not leak.
 * - rateLimitCounter (PostgreSQL only): fixed-window counters that several servers add their
 *   batched local counts to. UNLOGGED: counters are worth nothing after a crash, and skipping the
 *   WAL keeps the once-a-second upsert cheap.
 */
import { PostgresAdapter, sql, type Kysely } from "kysely";
import { millis } from "./column-types.js";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("user").addColumn("failedSignInCount", "integer", (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable("user").addColumn("lastFailedSignInAt", millis).execute();
  await db.schema.alterTable("user").addColumn("lockedUntil", millis).execute();
  // list-users?filterField=lockedUntil&filterOperator=gt: the few locked users, found by index.
  await db.schema.createIndex("user_lockedUntil_idx").on("user").column("lockedUntil").execute();

  await db.schema
    .createTable("signInLockout")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("failedCount", "integer", (c) => c.notNull())
    .addColumn("lastFailedAt", millis, (c) => c.notNull())
    .addColumn("lockedUntil", millis)
    .execute();
  await db.schema.createIndex("signInLockout_lastFailedAt_idx").on("signInLockout").column("lastFailedAt").execute();

  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create unlogged table "rateLimitCounter" ("key" text not null, "windowStart" bigint not null, "windowEnd" bigint not null, "count" bigint not null, primary key ("key", "windowStart"))`.execute(db);
    await sql`create index "rateLimitCounter_windowEnd_idx" on "rateLimitCounter" ("windowEnd")`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists "rateLimitCounter"`.execute(db);
  await db.schema.dropTable("signInLockout").ifExists().execute();
  await db.schema.dropIndex("user_lockedUntil_idx").ifExists().execute();
  await db.schema.alterTable("user").dropColumn("lockedUntil").execute();
  await db.schema.alterTable("user").dropColumn("lastFailedSignInAt").execute();
  await db.schema.alterTable("user").dropColumn("failedSignInCount").execute();
}
