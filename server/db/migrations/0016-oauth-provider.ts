/**
 * Latchkey as an OpenID Connect provider (issue 23): the apps that sign people in through it
 * (clients), what each person allowed each app (consents), and the tokens the apps hold.
 * Secrets and tokens are stored only as SHA-256 digests; authorization codes and pending
 * authorization requests live in the one-time store (`verification`), not here.
 */
import type { Kysely } from "kysely";
import { millis } from "./column-types.js";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("oauthClient")
    .addColumn("clientId", "text", (c) => c.primaryKey())
    /** SHA-256 of the secret; null for a public client. */
    .addColumn("secretHash", "text")
    /** The user who registered it (dynamic registration); null for administrator-made clients. */
    .addColumn("userId", "text", (c) => c.references("user.id").onDelete("set null"))
    .addColumn("disabled", "integer", (c) => c.notNull().defaultTo(0))
    /** The client's metadata (RFC 7591 names) as JSON. */
    .addColumn("metadata", "text", (c) => c.notNull())
    .addColumn("createdAt", millis, (c) => c.notNull())
    .addColumn("updatedAt", millis, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("oauthConsent")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("clientId", "text", (c) => c.notNull().references("oauthClient.clientId").onDelete("cascade"))
    .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    /** Space-separated granted scopes. */
    .addColumn("scopes", "text", (c) => c.notNull())
    .addColumn("createdAt", millis, (c) => c.notNull())
    .addColumn("updatedAt", millis, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("oauthConsent_client_user").on("oauthConsent").columns(["clientId", "userId"]).unique().execute();
  await db.schema.createIndex("oauthConsent_user").on("oauthConsent").column("userId").execute();

  await db.schema
    .createTable("oauthToken")
    .addColumn("id", "text", (c) => c.primaryKey())
    /** SHA-256 of the opaque token, or of a JWT access token's jti. */
    .addColumn("tokenHash", "text", (c) => c.notNull().unique())
    .addColumn("kind", "text", (c) => c.notNull()) // "access" | "refresh"
    /** Every refresh token descending from one code shares it: reuse of a rotated one revokes them all. */
    .addColumn("familyId", "text", (c) => c.notNull())
    .addColumn("clientId", "text", (c) => c.notNull().references("oauthClient.clientId").onDelete("cascade"))
    /** Null for client_credentials tokens. */
    .addColumn("userId", "text", (c) => c.references("user.id").onDelete("cascade"))
    /** The Latchkey session the person signed in with (the ID token's sid). */
    .addColumn("sessionId", "text")
    .addColumn("scopes", "text", (c) => c.notNull())
    /** What the ID token says of the sign-in: {authTime, amr, acr}. */
    .addColumn("signIn", "text")
    .addColumn("expiresAt", millis, (c) => c.notNull())
    /** A refresh token that was exchanged (rotation); presenting it again is reuse. */
    .addColumn("usedAt", millis)
    .addColumn("revokedAt", millis)
    .addColumn("createdAt", millis, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("oauthToken_family").on("oauthToken").column("familyId").execute();
  await db.schema.createIndex("oauthToken_user").on("oauthToken").column("userId").execute();
  await db.schema.createIndex("oauthToken_client").on("oauthToken").column("clientId").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("oauthToken").execute();
  await db.schema.dropTable("oauthConsent").execute();
  await db.schema.dropTable("oauthClient").execute();
}
