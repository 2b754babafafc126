/**
 * `auth org sso` against a real server (issue 35): an owner adds an OpenID provider with the
 * secret from standard input (never printed back), lists, updates and removes it; the TXT record
 * to publish is printed; a server administrator verifies the domain by hand (audited), an owner
 * cannot; usage mistakes are caught before any request.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import { auditActions, createOrganization, users, type SignedUp } from "../server/organization/support.js";
import { startIdp, type TestIdp } from "../server/social/support.js";
import { cliFor, type Cli } from "./harness.js";

const SECRET = "cli-client-secret-value-1234";
let idp: TestIdp;
let ISSUER: string;
let server: TestServer;
let owner: Cli;
let admin: Cli;
let org: { id: string; slug: string };

beforeAll(async () => {
  // A real oidc-provider on loopback (trusted) answers the discovery the server does on registration.
  idp = await startIdp();
  ISSUER = idp.issuer;
  server = await startTestServer({ config: { sso: { enabled: true }, trustedOrigins: [idp.issuer] } });
  idp.allow([`${server.api}/sso/callback/acme-cli`]);
  const [first] = (await users(server, 1)) as [SignedUp];
  org = await createOrganization(server, first);
  owner = cliFor(server, { token: first.token });
  const boss = await server.signUp();
  await server.database.db.updateTable("user").set({ role: "admin" }).where("id", "=", boss.userId).execute();
  admin = cliFor(server, { token: boss.token });
});
afterAll(async () => {
  owner.cleanup();
  admin.cleanup();
  await server.close();
  await idp.close();
});

const add = (providerId: string, domain: string, extra: string[] = []) =>
  owner.run(["org", "sso", "add", providerId, "--org", org.slug, "--issuer", ISSUER, "--domain", domain, "--client-id", "cli-client", "--client-secret-stdin", "--discovery-endpoint", `${ISSUER}/.well-known/openid-configuration`, ...extra], { input: `${SECRET}\n` });

describe("auth org sso", () => {
  it("adds an OpenID provider with the secret from stdin, prints the TXT record, and never the secret", async () => {
    const added = await add("acme-cli", "acme-cli.example", ["--role-claim", "groups", "--role-map", "idp-admins=admin", "--json"]);
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout).not.toContain(SECRET);
    const body = added.json();
    expect(body).toMatchObject({ providerId: "acme-cli", type: "oidc", domain: "acme-cli.example", organizationId: org.id, domainVerified: false });
    expect(body.oidcConfig.mapping).toMatchObject({ role: "groups", roleMap: { "idp-admins": "admin" } });
    expect(body.domainVerificationRecords).toEqual([{ name: "_better-auth-token-acme-cli.acme-cli.example", value: body.domainVerificationToken }]);
    const row = await server.database.db.selectFrom("ssoProvider").selectAll().where("providerId", "=", "acme-cli").executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(SECRET);

    const record = await owner.run(["org", "sso", "verify-domain", "acme-cli", "--record"]);
    expect(record.code, record.stderr).toBe(0);
    expect(record.stdout).toContain(`_better-auth-token-acme-cli.acme-cli.example`);
    expect(record.stdout).toContain(body.domainVerificationToken);
  });

  it("lists in a table and as JSON, filtered by --org", async () => {
    const table = await owner.run(["org", "sso", "list", "--org", org.slug]);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toContain("acme-cli");
    const listed = await owner.run(["org", "sso", "list", "--json"]);
    expect(listed.json().providers.map((p: { providerId: string }) => p.providerId)).toContain("acme-cli");
    expect(listed.stdout).not.toContain(SECRET);
  });

  it("updates only what is given; a new secret comes from stdin and is not answered", async () => {
    const updated = await owner.run(["org", "sso", "update", "acme-cli", "--client-secret-stdin", "--scope", "openid", "--scope", "email", "--json"], { input: "second-secret-value\n" });
    expect(updated.code, updated.stderr).toBe(0);
    expect(updated.stdout).not.toContain("second-secret-value");
    expect(updated.json()).toMatchObject({ domain: "acme-cli.example", issuer: ISSUER, oidcConfig: { scopes: ["openid", "email"] } });
  });

  it("an owner cannot verify by hand; a server administrator can, and it is audited", async () => {
    const refused = await owner.run(["org", "sso", "verify-domain", "acme-cli"]);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain("SSO_PROVIDER_ACCESS_DENIED");
    const verified = await admin.run(["org", "sso", "verify-domain", "acme-cli", "--json"]);
    expect(verified.code, verified.stderr).toBe(0);
    expect(verified.json()).toMatchObject({ providerId: "acme-cli", domainVerified: true });
    expect(await auditActions(server, org.id)).toContain("sso-provider.domain-verify");
  });

  it("words usage mistakes and exits 2 before asking the server", async () => {
    const both = await owner.run(["org", "sso", "add", "x1", "--issuer", ISSUER, "--domain", "x1.example", "--client-id", "c", "--saml-entry-point", "https://idp.x1.example/sso"]);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain("not both");
    const neither = await owner.run(["org", "sso", "add", "x2", "--issuer", ISSUER, "--domain", "x2.example"]);
    expect(neither.code).toBe(2);
    expect(neither.stderr).toContain("--saml-entry-point");
    const badMap = await owner.run(["org", "sso", "add", "x3", "--issuer", ISSUER, "--domain", "x3.example", "--client-id", "c", "--role-claim", "groups", "--role-map", "admins"]);
    expect(badMap.code).toBe(2);
    expect(badMap.stderr).toContain("CLAIM_VALUE=ROLE");
    const nothing = await owner.run(["org", "sso", "update", "acme-cli"]);
    expect(nothing.code).toBe(2);
    const modes = await owner.run(["org", "sso", "verify-domain", "acme-cli", "--dns", "--record"]);
    expect(modes.code).toBe(2);
    const french = await owner.run(["org", "sso", "add", "x4", "--issuer", ISSUER, "--domain", "x4.example"], { env: { LANG: "fr_FR.UTF-8", LC_ALL: undefined, LC_MESSAGES: undefined } });
    expect(french.stderr).toContain("Indiquez --client-id");
    expect((await server.database.db.selectFrom("ssoProvider").select("providerId").where("providerId", "in", ["x1", "x2", "x3", "x4"]).execute()).length).toBe(0);
  });

  it("a SAML provider signs its requests with the key from --saml-signing-key-file; the key is never printed, and --no-authn-requests-signed stops it", async () => {
    const dir = mkdtempSync(join(tmpdir(), "latchkey-cli-saml-"));
    try {
      execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=idp", "-days", "2", "-keyout", join(dir, "idp.key"), "-out", join(dir, "idp.crt")], { stdio: "ignore" });
      execFileSync("openssl", ["genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048", "-out", join(dir, "sp.key")], { stdio: "ignore" });
      const keyPart = readFileSync(join(dir, "sp.key"), "utf8").replace(/-----[A-Z ]+-----|\s+/g, "").slice(20, 80);
      const added = await owner.run([
        "org", "sso", "add", "saml-cli", "--org", org.slug, "--issuer", "https://sp.latchkey.test/saml-cli", "--domain", "saml-cli.example",
        "--saml-entry-point", "https://idp.saml-cli.example/sso", "--saml-entity-id", "https://idp.saml-cli.example", "--saml-cert-file", join(dir, "idp.crt"),
        "--authn-requests-signed", "--saml-signing-key-file", join(dir, "sp.key"), "--json",
      ]);
      expect(added.code, added.stderr).toBe(0);
      expect(added.json().samlConfig).toMatchObject({ authnRequestsSigned: true, signingCert: expect.stringMatching(/^-----BEGIN CERTIFICATE-----/) });
      const listed = await owner.run(["org", "sso", "list", "--json"]);
      expect(listed.code, listed.stderr).toBe(0);
      expect(listed.stdout).toContain("saml-cli");
      for (const output of [added.stdout, added.stderr, listed.stdout]) {
        expect(output).not.toContain(keyPart);
        expect(output).not.toContain("PRIVATE KEY");
      }
      const off = await owner.run(["org", "sso", "update", "saml-cli", "--no-authn-requests-signed", "--json"]);
      expect(off.code, off.stderr).toBe(0);
      expect(off.json().samlConfig.authnRequestsSigned).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("removes with --yes; a plain member cannot", async () => {
    const [member] = (await users(server, 1)) as [SignedUp];
    await server.database.db.insertInto("member").values({ id: `m-${member.userId}`, organizationId: org.id, userId: member.userId, role: "member", teamId: null, createdAt: server.clock.now() }).execute();
    const refused = await cliFor(server, { token: member.token }).run(["org", "sso", "remove", "acme-cli", "--yes"]);
    expect(refused.code).not.toBe(0);
    const removed = await owner.run(["org", "sso", "remove", "acme-cli", "--yes", "--json"]);
    expect(removed.code, removed.stderr).toBe(0);
    expect(removed.json()).toMatchObject({ success: true, providerId: "acme-cli" });
    expect(await server.database.db.selectFrom("ssoProvider").select("id").where("providerId", "=", "acme-cli").executeTakeFirst()).toBeUndefined();
  });
});
