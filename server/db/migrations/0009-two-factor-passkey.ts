/**
 * Two-factor authentication and passkeys (better-auth's table and field names).
 *
 * - user.twoFactorEnabled: better-auth answers it on the user; set once a first code was verified.
 * - twoFactor: one row per user. `secret` is the TOTP seed sealed with AES-256-GCM (crypto/encrypt),
 *   `backupCodes` a JSON list of keyed hashes (never the codes), `lastUsedStep` the last accepted
 *   TOTP time step so a code is accepted once.
 * - passkey: WebAuthn credentials; `credentialID` unique, since a sign-in looks the credential up by it.
 * Pending two-factor sign-ins, mailed OTPs, trusted devices and WebAuthn challenges live in the
 * verification table with an expiry, so the existing sweep removes them.
 */
import type { Kysely } from "kysely";
import { millis } from "./column-types.js";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("user").addColumn("twoFactorEnabled", "integer", (c) => c.notNull().defaultTo(0)).execute();

  await db.schema
    .createTable("twoFactor")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("userId", "text", (c) => c.notNull().unique().references("user.id").onDelete("cascade"))
    .addColumn("secret", "text", (c) => c.notNull())
    .addColumn("backupCodes", "text", (c) => c.notNull())
    .addColumn("verified", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("lastUsedStep", millis)
    .addColumn("createdAt", millis, (c) => c.notNull())
    .addColumn("updatedAt", millis, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("passkey")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text")
    .addColumn("publicKey", "text", (c) => c.notNull())
    .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("credentialID", "text", (c) => c.notNull().unique())
    .addColumn("counter", millis, (c) => c.notNull().defaultTo(0))
    .addColumn("deviceType", "text", (c) => c.notNull())
    .addColumn("backedUp", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("transports", "text")
    .addColumn("aaguid", "text")
    .addColumn("createdAt", millis, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("passkey_userId_idx").on("passkey").column("userId").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("passkey").ifExists().execute();
  await db.schema.dropTable("twoFactor").ifExists().execute();
  await db.schema.alterTable("user").dropColumn("twoFactorEnabled").execute();
}
