/** Users, sessions, accounts, verification tokens and the mail outbox. */
import type { Kysely } from "kysely";
import { millis } from "./column-types.js";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("user")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("image", "text")
    .addColumn("emailVerified", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("createdAt", millis, (c) => c.notNull())
    .addColumn("updatedAt", millis, (c) => c.notNull())
    .addColumn("role", "text", (c) => c.notNull().defaultTo("user"))
    .addColumn("banned", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("banReason", "text")
    .addColumn("banExpires", millis)
    .addColumn("username", "text", (c) => c.unique())
    .addColumn("displayUsername", "text")
    .execute();
  await db.schema.createIndex("user_createdAt_idx").on("user").column("createdAt").execute();
  await db.schema.createIndex("user_name_idx").on("user").column("name").execute();

  await db.schema
    .createTable("session")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("token", "text", (c) => c.notNull().unique())
    .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("expiresAt", millis, (c) => c.notNull())
    .addColumn("ipAddress", "text")
    .addColumn("userAgent", "text")
    .addColumn("createdAt", millis, (c) => c.notNull())
    .addColumn("updatedAt", millis, (c) => c.notNull())
    .addColumn("activeOrganizationId", "text")
    .addColumn("activeTeamId", "text")
    .addColumn("impersonatedBy", "text")
    .execute();
  await db.schema.createIndex("session_userId_idx").on("session").column("userId").execute();
  await db.schema.createIndex("session_expiresAt_idx").on("session").column("expiresAt").execute();

  await db.schema
    .createTable("account")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("providerId", "text", (c) => c.notNull())
    .addColumn("accountId", "text", (c) => c.notNull())
    .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("password", "text")
    .addColumn("accessToken", "text")
    .addColumn("refreshToken", "text")
    .addColumn("idToken", "text")
    .addColumn("accessTokenExpiresAt", millis)
    .addColumn("refreshTokenExpiresAt", millis)
    .addColumn("scope", "text")
    .addColumn("createdAt", millis, (c) => c.notNull())
    .addColumn("updatedAt", millis, (c) => c.notNull())
    .addUniqueConstraint("account_provider_account_unique", ["providerId", "accountId"])
    .execute();
  await db.schema.createIndex("account_userId_providerId_idx").on("account").columns(["userId", "providerId"]).execute();

  await db.schema
    .createTable("verification")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("identifier", "text", (c) => c.notNull())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("expiresAt", millis, (c) => c.notNull())
    .addColumn("nonce", "text")
    .addColumn("createdAt", millis, (c) => c.notNull())
    .addColumn("updatedAt", millis, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("verification_identifier_idx").on("verification").column("identifier").execute();
  await db.schema.createIndex("verification_expiresAt_idx").on("verification").column("expiresAt").execute();

  await db.schema
    .createTable("outbox")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("to", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("html", "text", (c) => c.notNull())
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("token", "text")
    .addColumn("createdAt", millis, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("outbox_to_createdAt_idx").on("outbox").columns(["to", "createdAt"]).execute();
  await db.schema.createIndex("outbox_createdAt_idx").on("outbox").column("createdAt").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["outbox", "verification", "account", "session", "user"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
