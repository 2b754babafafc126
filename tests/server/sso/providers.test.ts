/**
 * Issue 35, management: SSO providers registered per organization in @better-auth/sso's wire
 * format (driven through its own `ssoClient`), against a real OpenID provider's discovery
 * document; only owners, admins and server administrators manage them, never across
 * organizations; the client secret is sealed and never answered back; one domain, one provider;
 * addresses off the trusted origins must be public. Domain verification asks a real DNS server on
 * loopback (tests/helpers/dns-server.ts) through `sso.domainVerification.dnsServers`.
 */
import { createAuthClient } from "better-auth/client";
import { ssoClient } from "@better-auth/sso/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCookieFetch } from "../../helpers/cookie-fetch.js";
import { startDns, type TestDns } from "../../helpers/dns-server.js";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";
import { startIdp, type TestIdp } from "../social/support.js";
import { auditActions, createOrganization, seedMember, users, type SignedUp } from "../organization/support.js";

let idp: TestIdp;
let dns: TestDns;
let server: TestServer;
beforeAll(async () => {
  idp = await startIdp();
  dns = await startDns();
  server = await startTestServer({ config: { sso: { enabled: true, domainVerification: { dnsServers: [dns.address] } }, trustedOrigins: [idp.issuer] } });
  idp.allow([`${server.api}/sso/callback/unused`]);
});
afterAll(async () => {
  await server?.close();
  await idp?.close();
  await dns?.close();
});

let counter = 0;
function oidcBody(organizationId: string, domain: string, extra: Record<string, unknown> = {}) {
  return { providerId: `corp-${++counter}`, issuer: idp.issuer, domain, organizationId, oidcConfig: { clientId: idp.clientId, clientSecret: idp.clientSecret }, ...extra };
}

async function admin(): Promise<SignedUp> {
  const [user] = await users(server, 1);
  await server.database.db.updateTable("user").set({ role: "admin" }).where("id", "=", user!.userId).execute();
  return user!;
}

describe("registering a provider", () => {
  it("an owner registers an OIDC provider by discovery; the answer carries the discovered endpoints and never the client secret", async () => {
    const [owner] = await users(server, 1);
    const org = await createOrganization(server, owner!);
    const answer = await server.request("POST", "/sso/register", { token: owner!.token, body: oidcBody(org.id, "acme-one.test") });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({
      issuer: idp.issuer,
      domain: "acme-one.test",
      organizationId: org.id,
      domainVerified: false,
      type: "oidc",
      redirectURI: `${server.api}/sso/callback/${answer.body.providerId}`,
      oidcConfig: { authorizationEndpoint: `${idp.issuer}/auth`, tokenEndpoint: `${idp.issuer}/token`, jwksEndpoint: `${idp.issuer}/jwks`, clientIdLastFour: `****${idp.clientId.slice(-4)}`, pkce: true },
    });
    expect(answer.body.domainVerificationToken).toMatch(/^[A-Za-z0-9]{24}$/);
    expect(answer.text).not.toContain(idp.clientSecret);
    const row = await server.database.db.selectFrom("ssoProvider").selectAll().where("providerId", "=", answer.body.providerId).executeTakeFirstOrThrow();
    expect(row.clientSecret).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain(idp.clientSecret);
    expect(await auditActions(server, org.id)).toContain("sso-provider.create");
  });

  it("better-auth's ssoClient registers, lists, reads, updates and deletes over the same wire", async () => {
    const jar = createCookieFetch(server.url);
    const client = createAuthClient({ baseURL: server.url, plugins: [ssoClient()], fetchOptions: { customFetchImpl: jar.fetch } });
    const email = `sso-client-${Date.now()}@example.com`;
    expect((await client.signUp.email({ email, password: "password123", name: "Client" })).error).toBeNull();
    const token = (await server.request("POST", "/sign-in/email", { body: { email, password: "password123" } })).body.token as string;
    const org = await server.request("POST", "/organization/create", { token, body: { name: "Client Org", slug: `client-org-${Date.now()}` } });
    const body = oidcBody(org.body.id, "client-wire.test");
    const registered = await client.sso.register(body as never);
    expect(registered.error).toBeNull();
    expect(JSON.stringify(registered.data)).not.toContain(idp.clientSecret);
    const listed = await client.sso.providers();
    expect(listed.data?.providers.map((p: { providerId: string }) => p.providerId)).toContain(body.providerId);
    const got = await client.sso.getProvider({ query: { providerId: body.providerId } });
    expect(got.data).toMatchObject({ providerId: body.providerId, domain: "client-wire.test" });
    const updated = await client.sso.updateProvider({ providerId: body.providerId, domain: "client-wire-2.test" } as never);
    expect(updated.data).toMatchObject({ domain: "client-wire-2.test", domainVerified: false });
    const deleted = await client.sso.deleteProvider({ providerId: body.providerId });
    expect(deleted.data).toEqual({ success: true });
    expect((await client.sso.getProvider({ query: { providerId: body.providerId } })).error?.status).toBe(404);
  });

  it("a plain member cannot register for the organization, and nobody can without one unless a server administrator", async () => {
    const [owner, member] = await users(server, 2);
    const org = await createOrganization(server, owner!);
    await seedMember(server, org.id, member!.userId, "member");
    const refused = await server.request("POST", "/sso/register", { token: member!.token, body: oidcBody(org.id, "members-only.test") });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("SSO_PROVIDER_ACCESS_DENIED");
    const { organizationId: _, ...orgless } = oidcBody(org.id, "orgless.test");
    const noOrg = await server.request("POST", "/sso/register", { token: owner!.token, body: orgless });
    expect(noOrg.body.code).toBe("SSO_PROVIDER_ACCESS_DENIED");
  });

  it("fields the caller must not set (domainVerified, userId, id) are ignored: the domain stays unverified", async () => {
    const [owner] = await users(server, 1);
    const org = await createOrganization(server, owner!);
    const answer = await server.request("POST", "/sso/register", { token: owner!.token, body: { ...oidcBody(org.id, "sneaky.test"), domainVerified: true, userId: "someone-else", id: "chosen" } });
    expect(answer.status).toBe(200);
    expect(answer.body.domainVerified).toBe(false);
    const row = await server.database.db.selectFrom("ssoProvider").selectAll().where("providerId", "=", answer.body.providerId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ domainVerified: 0, userId: owner!.userId });
    expect(row.id).not.toBe("chosen");
  });

  it("reserved and duplicate provider ids, a missing secret and a bad domain are refused with their codes", async () => {
    const [owner] = await users(server, 1);
    const org = await createOrganization(server, owner!);
    const first = oidcBody(org.id, "dupes.test");
    expect((await server.request("POST", "/sso/register", { token: owner!.token, body: first })).status).toBe(200);
    expect((await server.request("POST", "/sso/register", { token: owner!.token, body: { ...first, domain: "other-dupes.test" } })).body.code).toBe("SSO_PROVIDER_EXISTS");
    expect((await server.request("POST", "/sso/register", { token: owner!.token, body: { ...oidcBody(org.id, "r.test"), providerId: "credential" } })).body.code).toBe("SSO_PROVIDER_ID_RESERVED");
    expect((await server.request("POST", "/sso/register", { token: owner!.token, body: { ...oidcBody(org.id, "s.test"), oidcConfig: { clientId: "x" } } })).body.code).toBe("SSO_INVALID_CONFIG");
    expect((await server.request("POST", "/sso/register", { token: owner!.token, body: oidcBody(org.id, "https://not-a-domain.test/path") })).body.code).toBe("SSO_INVALID_CONFIG");
  });
});

describe("across organizations", () => {
  it("an owner of another organization can neither see nor read, change, verify or delete the provider", async () => {
    const [ownerA, ownerB] = await users(server, 2);
    const orgA = await createOrganization(server, ownerA!);
    await createOrganization(server, ownerB!);
    const body = oidcBody(orgA.id, "cross-a.test");
    expect((await server.request("POST", "/sso/register", { token: ownerA!.token, body })).status).toBe(200);
    const list = await server.request("GET", "/sso/providers", { token: ownerB!.token });
    expect(list.body.providers.map((p: { providerId: string }) => p.providerId)).not.toContain(body.providerId);
    const get = await server.request("GET", `/sso/get-provider?providerId=${body.providerId}`, { token: ownerB!.token });
    expect(get.status).toBe(403);
    expect(get.body.code).toBe("SSO_PROVIDER_ACCESS_DENIED");
    for (const [path, extra] of [["/sso/update-provider", { domain: "cross-b.test" }], ["/sso/delete-provider", {}], ["/sso/request-domain-verification", {}], ["/sso/verify-domain", {}]] as const) {
      const answer = await server.request("POST", path, { token: ownerB!.token, body: { providerId: body.providerId, ...extra } });
      expect(answer.status, path).toBe(403);
      expect(answer.body.code, path).toBe("SSO_PROVIDER_ACCESS_DENIED");
    }
    // Registering a provider into organization A from B is refused the same way.
    expect((await server.request("POST", "/sso/register", { token: ownerB!.token, body: oidcBody(orgA.id, "cross-c.test") })).body.code).toBe("SSO_PROVIDER_ACCESS_DENIED");
    const row = await server.database.db.selectFrom("ssoProvider").selectAll().where("providerId", "=", body.providerId).executeTakeFirstOrThrow();
    expect(row.domain).toBe("cross-a.test");
  });

  it("an organization admin manages it; a server administrator sees every provider", async () => {
    const [owner, orgAdmin] = await users(server, 2);
    const boss = await admin();
    const org = await createOrganization(server, owner!);
    await seedMember(server, org.id, orgAdmin!.userId, "admin");
    const body = oidcBody(org.id, "admins.test");
    expect((await server.request("POST", "/sso/register", { token: orgAdmin!.token, body })).status).toBe(200);
    const all = await server.request("GET", "/sso/providers", { token: boss.token });
    expect(all.body.providers.map((p: { providerId: string }) => p.providerId)).toContain(body.providerId);
    expect((await server.request("GET", `/sso/get-provider?providerId=${body.providerId}`, { token: owner!.token })).status).toBe(200);
  });
});

describe("domains", () => {
  it("an administrator verifies a domain by hand (audited); an owner cannot; then no other provider may take it or a subdomain", async () => {
    const [ownerA, ownerB] = await users(server, 2);
    const boss = await admin();
    const orgA = await createOrganization(server, ownerA!);
    const orgB = await createOrganization(server, ownerB!);
    const body = oidcBody(orgA.id, "taken.test");
    expect((await server.request("POST", "/sso/register", { token: ownerA!.token, body })).status).toBe(200);
    // Before verification an unverified claim blocks nobody (no squatting a domain one does not own).
    const early = oidcBody(orgB.id, "taken.test");
    expect((await server.request("POST", "/sso/register", { token: ownerB!.token, body: early })).status).toBe(200);
    const byOwner = await server.request("POST", "/sso/mark-domain-verified", { token: ownerA!.token, body: { providerId: body.providerId } });
    expect(byOwner.body.code).toBe("SSO_PROVIDER_ACCESS_DENIED");
    const verified = await server.request("POST", "/sso/mark-domain-verified", { token: boss.token, body: { providerId: body.providerId } });
    expect(verified.status).toBe(200);
    expect(verified.body.domainVerified).toBe(true);
    expect(await auditActions(server, orgA.id)).toContain("sso-provider.domain-verify");
    expect((await server.request("POST", "/sso/mark-domain-verified", { token: boss.token, body: { providerId: body.providerId } })).body.code).toBe("DOMAIN_VERIFIED");
    // The early claim can no longer be verified, and new registrations are refused.
    expect((await server.request("POST", "/sso/mark-domain-verified", { token: boss.token, body: { providerId: early.providerId } })).body.code).toBe("SSO_DOMAIN_TAKEN");
    for (const domain of ["taken.test", "eu.taken.test", "other.test,TAKEN.test"]) {
      const answer = await server.request("POST", "/sso/register", { token: ownerB!.token, body: oidcBody(orgB.id, domain) });
      expect(answer.status, domain).toBe(409);
      expect(answer.body.code, domain).toBe("SSO_DOMAIN_TAKEN");
    }
    // Changing the domain makes it unverified again.
    const moved = await server.request("POST", "/sso/update-provider", { token: ownerA!.token, body: { providerId: body.providerId, domain: "moved.test" } });
    expect(moved.body).toMatchObject({ domain: "moved.test", domainVerified: false });
  });

  it("request-domain-verification answers the same token until verified; verify-domain without the TXT record is 502 DOMAIN_VERIFICATION_FAILED", async () => {
    const [owner] = await users(server, 1);
    const org = await createOrganization(server, owner!);
    const body = oidcBody(org.id, "no-record.invalid");
    const registered = await server.request("POST", "/sso/register", { token: owner!.token, body });
    const requested = await server.request("POST", "/sso/request-domain-verification", { token: owner!.token, body: { providerId: body.providerId } });
    expect(requested.body.domainVerificationToken).toBe(registered.body.domainVerificationToken);
    // `.invalid` never resolves (RFC 6761), so this needs no network to fail.
    const verify = await server.request("POST", "/sso/verify-domain", { token: owner!.token, body: { providerId: body.providerId } });
    expect(verify.status).toBe(502);
    expect(verify.body.code).toBe("DOMAIN_VERIFICATION_FAILED");
  });

  it("a published TXT record verifies every domain of the provider over DNS (audited); a wrong value or a missing domain does not", async () => {
    const [owner] = await users(server, 1);
    const org = await createOrganization(server, owner!);
    const body = oidcBody(org.id, "dns-one.test,dns-two.test");
    const registered = await server.request("POST", "/sso/register", { token: owner!.token, body });
    const token = registered.body.domainVerificationToken as string;
    const label = `_better-auth-token-${body.providerId}`;
    expect(registered.body.domainVerificationRecords).toEqual([
      { name: `${label}.dns-one.test`, value: token },
      { name: `${label}.dns-two.test`, value: token },
    ]);
    const requested = await server.request("POST", "/sso/request-domain-verification", { token: owner!.token, body: { providerId: body.providerId } });
    expect(requested.body).toEqual({ domainVerificationToken: token, domainVerificationRecords: registered.body.domainVerificationRecords });
    const verify = () => server.request("POST", "/sso/verify-domain", { token: owner!.token, body: { providerId: body.providerId } });

    // The first domain carries a wrong value, the second nothing: refused, still unverified.
    dns.txt.set(`${label}.dns-one.test`, ["not-the-token"]);
    expect((await verify()).body.code).toBe("DOMAIN_VERIFICATION_FAILED");
    expect(dns.asked).toContain(`${label}.dns-one.test`);
    // Only the first domain right: the second is still missing.
    dns.txt.set(`${label}.dns-one.test`, ["v=spf1 -all", token]);
    const half = await verify();
    expect(half.body.code).toBe("DOMAIN_VERIFICATION_FAILED");
    expect(half.body.message).toContain("dns-two.test");
    // better-auth's `<label>=<token>` form is accepted too.
    dns.txt.set(`${label}.dns-two.test`, [`${label}=${token}`]);
    const verified = await verify();
    expect(verified.status, verified.text).toBe(200);
    expect(verified.body).toEqual({ success: true });
    const provider = await server.request("GET", `/sso/get-provider?providerId=${body.providerId}`, { token: owner!.token });
    expect(provider.body.domainVerified).toBe(true);
    expect(await auditActions(server, org.id)).toContain("sso-provider.domain-verify");
    const audited = await server.database.db.selectFrom("auditEvent").select("metadata").where("organizationId", "=", org.id).where("action", "=", "sso-provider.domain-verify").executeTakeFirstOrThrow();
    expect(JSON.parse(String(audited.metadata))).toMatchObject({ providerId: body.providerId, method: "dns" });
    expect((await verify()).body.code).toBe("DOMAIN_VERIFIED");
  });
});

describe("updating and deleting", () => {
  it("a new client secret is sealed again and never answered; deleting removes the provider", async () => {
    const [owner] = await users(server, 1);
    const org = await createOrganization(server, owner!);
    const body = oidcBody(org.id, "rotate.test");
    await server.request("POST", "/sso/register", { token: owner!.token, body });
    const before = await server.database.db.selectFrom("ssoProvider").select("clientSecret").where("providerId", "=", body.providerId).executeTakeFirstOrThrow();
    const updated = await server.request("POST", "/sso/update-provider", { token: owner!.token, body: { providerId: body.providerId, oidcConfig: { clientSecret: "a-brand-new-secret-0035", scopes: ["openid", "email"] } } });
    expect(updated.status).toBe(200);
    expect(updated.text).not.toContain("a-brand-new-secret-0035");
    expect(updated.body.oidcConfig.scopes).toEqual(["openid", "email"]);
    const after = await server.database.db.selectFrom("ssoProvider").select("clientSecret").where("providerId", "=", body.providerId).executeTakeFirstOrThrow();
    expect(after.clientSecret).not.toBe(before.clientSecret);
    expect(after.clientSecret).not.toContain("a-brand-new-secret-0035");
    const deleted = await server.request("POST", "/sso/delete-provider", { token: owner!.token, body: { providerId: body.providerId } });
    expect(deleted.body).toEqual({ success: true });
    expect(await auditActions(server, org.id)).toEqual(expect.arrayContaining(["sso-provider.update", "sso-provider.delete"]));
    expect((await server.request("GET", `/sso/get-provider?providerId=${body.providerId}`, { token: owner!.token })).body.code).toBe("PROVIDER_NOT_FOUND");
  });
});

describe("settings and addresses", () => {
  it("with sso.enabled off every route answers 404 SSO_DISABLED", async () => {
    const off = await startTestServer();
    try {
      const user = await off.signUp();
      const answer = await off.request("GET", "/sso/providers", { token: user.token });
      expect(answer.status).toBe(404);
      expect(answer.body.code).toBe("SSO_DISABLED");
    } finally {
      await off.close();
    }
  });

  it("an identity provider on loopback is refused unless its origin is trusted, and plain http off the trusted origins too", async () => {
    const strict = await startTestServer({ config: { sso: { enabled: true } } });
    try {
      const owner = await strict.signUp();
      const org = await strict.request("POST", "/organization/create", { token: owner.token, body: { name: "Strict", slug: `strict-${Date.now()}` } });
      const loopback = await strict.request("POST", "/sso/register", { token: owner.token, body: oidcBody(org.body.id, "ssrf.test") });
      expect(loopback.status).toBe(400);
      expect(loopback.body.code).toBe("SSO_UNTRUSTED_ADDRESS");
      const explicit = await strict.request("POST", "/sso/register", {
        token: owner.token,
        body: oidcBody(org.body.id, "ssrf2.test", { issuer: "https://idp.example.com", oidcConfig: { clientId: "c", clientSecret: "s", skipDiscovery: true, authorizationEndpoint: "https://idp.example.com/auth", tokenEndpoint: "http://10.0.0.7/token", jwksEndpoint: "https://idp.example.com/jwks" } }),
      });
      expect(explicit.body.code).toBe("SSO_UNTRUSTED_ADDRESS");
      expect(await strict.database.db.selectFrom("ssoProvider").select("id").execute()).toEqual([]);
    } finally {
      await strict.close();
    }
  });
});
