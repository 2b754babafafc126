/**
 * SCIM 2.0 provisioning (issue 36, features/scim). A connection is one directory (Okta, Entra ID)
 * bound to one organization; its bearer tokens are stored as digests; the users and groups it
 * provisioned are linked to it, so one connection never sees another's. `user.deactivated` is the
 * directory's "active: false": no session, no sign-in by any method until the directory turns it
 * back (server/core/user/deactivate.ts). A user row UPDATE already notifies every server on
 * PostgreSQL (migration 0017's triggers), so the change needs no trigger of its own.
 */
import type { Kysely } from "kysely";
import { millis } from "./column-types.js";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("user").addColumn("deactivated", "integer", (c) => c.notNull().defaultTo(0)).execute();
  await db.schema
    .createTable("scimConnection")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("organizationId", "text", (c) => c.notNull().references("organization.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    // 1: declared in the configuration (its tokens live there too); 0: created by an owner.
    .addColumn("configured", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("createdAt", millis, (c) => c.notNull())
    // No foreign key: the audit log keeps who it was after a removal.
    .addColumn("createdBy", "text")
    .addColumn("lastActivityAt", millis)
    .execute();
  await db.schema.createIndex("scimConnection_organizationId_idx").on("scimConnection").column("organizationId").execute();
  await db.schema
    .createTable("scimToken")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("connectionId", "text", (c) => c.notNull().references("scimConnection.id").onDelete("cascade"))
    .addColumn("digest", "text", (c) => c.notNull().unique())
    .addColumn("start", "text", (c) => c.notNull())
    .addColumn("createdAt", millis, (c) => c.notNull())
    .addColumn("createdBy", "text")
    .addColumn("lastUsedAt", millis)
    .execute();
  await db.schema.createIndex("scimToken_connectionId_idx").on("scimToken").column("connectionId").execute();
  await db.schema
    .createTable("scimUser")
    // The Latchkey user, which is also the SCIM resource id: one connection provisions a user.
    .addColumn("id", "text", (c) => c.primaryKey().references("user.id").onDelete("cascade"))
    .addColumn("connectionId", "text", (c) => c.notNull().references("scimConnection.id").onDelete("cascade"))
    // userName lowercased: unique within the connection, case-insensitively (RFC 7643 §4.1.1).
    .addColumn("userNameKey", "text", (c) => c.notNull())
    .addColumn("externalId", "text")
    // The SCIM attributes the directory sent (name parts, emails, …) as JSON, returned as sent.
    .addColumn("resource", "text", (c) => c.notNull())
    .addColumn("createdAt", millis, (c) => c.notNull())
    .addColumn("updatedAt", millis, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("scimUser_connection_userName_idx").on("scimUser").columns(["connectionId", "userNameKey"]).unique().execute();
  await db.schema.createIndex("scimUser_connection_externalId_idx").on("scimUser").columns(["connectionId", "externalId"]).execute();
  await db.schema
    .createTable("scimGroup")
    // The team, which is also the SCIM resource id.
    .addColumn("id", "text", (c) => c.primaryKey().references("team.id").onDelete("cascade"))
    .addColumn("connectionId", "text", (c) => c.notNull().references("scimConnection.id").onDelete("cascade"))
    .addColumn("externalId", "text")
    .addColumn("createdAt", millis, (c) => c.notNull())
    .addColumn("updatedAt", millis, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("scimGroup_connectionId_idx").on("scimGroup").column("connectionId").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("scimGroup").execute();
  await db.schema.dropTable("scimUser").execute();
  await db.schema.dropTable("scimToken").execute();
  await db.schema.dropTable("scimConnection").execute();
  await db.schema.alterTable("user").dropColumn("deactivated").execute();
}
