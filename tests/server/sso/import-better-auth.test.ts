/**
 * Issue 35, adoption: `auth server import-better-auth` carries @better-auth/sso's `ssoProvider`
 * rows (its columns, as better-auth's migration makes them): the OIDC client secret leaves the
 * config JSON and is sealed with the Latchkey secret; SAML private keys are not carried.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importBetterAuth } from "../../../server/maintenance/better-auth-import/import.js";
import { openSource } from "../../../server/maintenance/better-auth-import/source.js";
import { openClientSecret } from "../../../server/features/sso/secret.js";
import { startTestServer, TEST_SECRET, type TestServer } from "../../helpers/test-server.js";

const file = join(mkdtempSync(join(tmpdir(), "latchkey-sso-import-")), "better-auth.db");
let server: TestServer;

beforeAll(async () => {
  const source = new Database(file);
  const now = Date.now();
  source.exec(`
    create table "user" (id text primary key, name text not null, email text not null unique, emailVerified integer not null, image text, createdAt date not null, updatedAt date not null);
    create table "session" (id text primary key, expiresAt date not null, token text not null unique, createdAt date not null, updatedAt date not null, ipAddress text, userAgent text, userId text not null);
    create table "account" (id text primary key, accountId text not null, providerId text not null, userId text not null, accessToken text, refreshToken text, idToken text, accessTokenExpiresAt date, refreshTokenExpiresAt date, scope text, password text, createdAt date not null, updatedAt date not null);
    create table "organization" (id text primary key, name text not null, slug text not null unique, logo text, createdAt date not null, metadata text);
    create table "ssoProvider" (id text primary key, issuer text not null, oidcConfig text, samlConfig text, userId text, providerId text not null unique, organizationId text, domain text not null, domainVerified integer);
  `);
  source.prepare(`insert into "user" values ('u1', 'Owner', 'owner@acme.test', 1, null, ?, ?)`).run(now, now);
  source.prepare(`insert into "organization" values ('o1', 'Acme', 'acme', null, ?, null)`).run(now);
  source
    .prepare(`insert into "ssoProvider" values ('p1', 'https://idp.acme.test', ?, null, 'u1', 'acme-oidc', 'o1', 'acme.test', 1)`)
    .run(JSON.stringify({ issuer: "https://idp.acme.test", clientId: "acme-client", clientSecret: "acme-client-secret-0035", authorizationEndpoint: "https://idp.acme.test/auth", tokenEndpoint: "https://idp.acme.test/token", jwksEndpoint: "https://idp.acme.test/jwks", pkce: true }));
  source
    .prepare(`insert into "ssoProvider" values ('p2', 'https://sp.acme.test', null, ?, 'u1', 'acme-saml', 'o1', 'saml.acme.test', 0)`)
    .run(JSON.stringify({ issuer: "https://sp.acme.test", entryPoint: "https://idp.acme.test/sso", cert: "MIIC...", authnRequestsSigned: true, privateKey: "-----BEGIN PRIVATE KEY-----x", spMetadata: { privateKey: "-----BEGIN PRIVATE KEY-----y" }, idpMetadata: { entityID: "https://idp.acme.test" } }));
  source.close();
  server = await startTestServer({ config: { sso: { enabled: true } } });
});
afterAll(async () => {
  await server?.close();
});

describe("importing @better-auth/sso providers", () => {
  it("seals the client secret out of the config, drops SAML private keys, keeps domain verification", async () => {
    const opened = await openSource(file);
    try {
      const report = await importBetterAuth({ source: opened, target: { db: server.database.db, dialect: server.dialect }, betterAuthSecret: "unused-better-auth-secret-0123456789", latchkeySecret: TEST_SECRET, now: () => server.clock.now() });
      expect(report.tables.ssoProvider).toMatchObject({ read: 2, inserted: 2, skipped: 0 });
      const again = await importBetterAuth({ source: opened, target: { db: server.database.db, dialect: server.dialect }, betterAuthSecret: "unused-better-auth-secret-0123456789", latchkeySecret: TEST_SECRET, now: () => server.clock.now() });
      expect(again.tables.ssoProvider).toMatchObject({ read: 2, inserted: 0, unchanged: 2 });
    } finally {
      await opened.close();
    }
    const rows = await server.database.db.selectFrom("ssoProvider").selectAll().orderBy("providerId").execute();
    expect(rows.map((row) => [row.providerId, row.domainVerified, row.organizationId])).toEqual([["acme-oidc", 1, "o1"], ["acme-saml", 0, "o1"]]);
    const [oidc, saml] = rows;
    expect(oidc!.oidcConfig).not.toContain("acme-client-secret-0035");
    expect(openClientSecret(TEST_SECRET, oidc!.clientSecret)).toBe("acme-client-secret-0035");
    expect(saml!.samlConfig).not.toContain("PRIVATE KEY");
    // The key is not carried, so neither is the signing: updating with authnRequestsSigned: true makes a new key.
    expect(JSON.parse(saml!.samlConfig!)).toMatchObject({ entryPoint: "https://idp.acme.test/sso", idpMetadata: { entityID: "https://idp.acme.test" }, authnRequestsSigned: false });
  });
});
