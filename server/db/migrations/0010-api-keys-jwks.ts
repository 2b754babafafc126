/**
 * API keys for scripts and the signing keys behind JWTs (better-auth's api-key and jwt plugin
 * tables). `apikey.key` holds only the base64url SHA-256 of the key, so a copy of the database
 * cannot act as anyone; `jwks.privateKey` holds the private JWK sealed with AES-256-GCM under a
 * key derived from the server secret, so a copy cannot sign tokens either.
 */
import type { Kysely } from "kysely";
import { millis } from "./column-types.js";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("apikey")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("configId", "text", (c) => c.notNull().defaultTo("default"))
    .addColumn("name", "text")
    .addColumn("start", "text")
    .addColumn("prefix", "text")
    .addColumn("key", "text", (c) => c.notNull().unique())
    .addColumn("referenceId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("refillInterval", millis)
    .addColumn("refillAmount", "integer")
    .addColumn("lastRefillAt", millis)
    .addColumn("enabled", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("rateLimitEnabled", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("rateLimitTimeWindow", millis)
    .addColumn("rateLimitMax", "integer")
    .addColumn("requestCount", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("remaining", "integer")
    .addColumn("lastRequest", millis)
    .addColumn("expiresAt", millis)
    .addColumn("createdAt", millis, (c) => c.notNull())
    .addColumn("updatedAt", millis, (c) => c.notNull())
    .addColumn("permissions", "text")
    .addColumn("metadata", "text")
    .execute();
  await db.schema.createIndex("apikey_referenceId_idx").on("apikey").columns(["referenceId", "createdAt"]).execute();

  await db.schema
    .createTable("jwks")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("publicKey", "text", (c) => c.notNull())
    .addColumn("privateKey", "text", (c) => c.notNull())
    .addColumn("alg", "text", (c) => c.notNull())
    .addColumn("crv", "text")
    .addColumn("createdAt", millis, (c) => c.notNull())
    .addColumn("expiresAt", millis)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("jwks").ifExists().execute();
  await db.schema.dropTable("apikey").ifExists().execute();
}
