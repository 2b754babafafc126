/**
 * Enterprise single sign-on (issue 35, features/sso): one row per identity provider an
 * organization signs its people in with, in @better-auth/sso's columns so its rows import as they
 * are. `oidcConfig` and `samlConfig` are JSON without secrets: the OIDC client secret is sealed
 * (crypto/encrypt.ts) in `clientSecret`, so a copy of the database without the server secret
 * cannot sign in at anyone's identity provider. The DNS domain-verification token is not a
 * secret (it is published in DNS), so it is kept as it is, with its expiry.
 */
import type { Kysely } from "kysely";
import { millis } from "./column-types.js";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("ssoProvider")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("providerId", "text", (c) => c.notNull().unique())
    .addColumn("issuer", "text", (c) => c.notNull())
    /** One domain, or several separated by commas (better-auth's format). */
    .addColumn("domain", "text", (c) => c.notNull())
    .addColumn("domainVerified", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("domainVerificationToken", "text")
    .addColumn("domainVerificationExpiresAt", millis)
    .addColumn("organizationId", "text", (c) => c.references("organization.id").onDelete("cascade"))
    /** Who registered it (no cascade: the provider belongs to the organization, not to them). */
    .addColumn("userId", "text", (c) => c.references("user.id").onDelete("set null"))
    .addColumn("oidcConfig", "text")
    .addColumn("samlConfig", "text")
    /** Sealed OIDC client secret (purpose `sso-client-secret`); null for SAML. */
    .addColumn("clientSecret", "text")
    .addColumn("createdAt", millis, (c) => c.notNull())
    .addColumn("updatedAt", millis, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("ssoProvider_organizationId_idx").on("ssoProvider").column("organizationId").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("ssoProvider").ifExists().execute();
}
