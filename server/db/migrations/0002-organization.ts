/** Organizations, members, invitations, teams and team members. */
import type { Kysely } from "kysely";
import { millis } from "./column-types.js";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("organization")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("logo", "text")
    .addColumn("metadata", "text")
    .addColumn("createdAt", millis, (c) => c.notNull())
    .addColumn("updatedAt", millis)
    .execute();

  await db.schema
    .createTable("member")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("organizationId", "text", (c) => c.notNull().references("organization.id").onDelete("cascade"))
    .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("teamId", "text")
    .addColumn("createdAt", millis, (c) => c.notNull())
    .addUniqueConstraint("member_organization_user_unique", ["organizationId", "userId"])
    .execute();
  await db.schema.createIndex("member_userId_idx").on("member").column("userId").execute();
  await db.schema.createIndex("member_organizationId_createdAt_idx").on("member").columns(["organizationId", "createdAt"]).execute();

  await db.schema
    .createTable("invitation")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("organizationId", "text", (c) => c.notNull().references("organization.id").onDelete("cascade"))
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("pending"))
    .addColumn("teamId", "text")
    .addColumn("inviterId", "text", (c) => c.notNull())
    .addColumn("expiresAt", millis, (c) => c.notNull())
    .addColumn("createdAt", millis, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("invitation_organizationId_email_idx").on("invitation").columns(["organizationId", "email"]).execute();
  await db.schema.createIndex("invitation_email_idx").on("invitation").column("email").execute();

  await db.schema
    .createTable("team")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("organizationId", "text", (c) => c.notNull().references("organization.id").onDelete("cascade"))
    .addColumn("createdAt", millis, (c) => c.notNull())
    .addColumn("updatedAt", millis)
    .execute();
  await db.schema.createIndex("team_organizationId_idx").on("team").column("organizationId").execute();

  await db.schema
    .createTable("teamMember")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("teamId", "text", (c) => c.notNull().references("team.id").onDelete("cascade"))
    .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("createdAt", millis, (c) => c.notNull())
    .addUniqueConstraint("teamMember_team_user_unique", ["teamId", "userId"])
    .execute();
  await db.schema.createIndex("teamMember_userId_idx").on("teamMember").column("userId").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["teamMember", "team", "invitation", "member", "organization"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
