/**
 * What every SAML test starts from (issue 35): SimpleSAMLphp on loopback (simplesamlphp.ts), a
 * Latchkey test server with SSO on that trusts the IdP's origin, an organization with its owner,
 * and an administrator (who marks domains verified); and the two steps that put a provider in
 * place — registered at Latchkey for the organization, and its SP entry at the IdP.
 */
import { randomUUID } from "node:crypto";
import { startSimpleSamlIdp, type SimpleSamlIdp, type SpEntry } from "./simplesamlphp.js";
import { startTestServer, type TestServer } from "./test-server.js";

export interface SamlWorld {
  idp: SimpleSamlIdp;
  server: TestServer;
  organizationId: string;
  ownerToken: string;
  adminToken: string;
  close(): Promise<void>;
}

/** The SP entity id a test provider registers, and the IdP knows it by. */
export const spEntityID = (providerId: string) => `https://sp.latchkey.test/${providerId}`;

/** Where the IdP posts its response for `providerId`. */
export const acsURL = (server: TestServer, providerId: string) => `${server.api}/sso/saml2/sp/acs/${providerId}`;

export async function startSamlWorld(options: { idpHostname?: string; sso?: Record<string, unknown> } = {}): Promise<SamlWorld> {
  const idp = await startSimpleSamlIdp(options.idpHostname ? { hostname: options.idpHostname } : {});
  const server = await startTestServer({ config: { sso: { enabled: true, ...options.sso }, trustedOrigins: [idp.origin] } });
  const owner = await server.signUp();
  await server.verifyEmail(owner.email);
  const slug = `saml-org-${randomUUID().slice(0, 8)}`;
  const organization = await server.request("POST", "/organization/create", { token: owner.token, body: { name: `Org ${slug}`, slug } });
  if (organization.status !== 200) throw new Error(`create failed: ${organization.status} ${organization.text}`);
  const admin = await server.signUp();
  await server.database.db.updateTable("user").set({ role: "admin" }).where("id", "=", admin.userId).execute();
  return {
    idp,
    server,
    organizationId: organization.body.id,
    ownerToken: owner.token,
    adminToken: admin.token,
    async close() {
      await server.close();
      await idp.close();
    },
  };
}

/** POST /sso/register by the owner: a SAML provider for `domain` (default `<providerId>.test`) whose IdP is the world's; the raw answer. */
export function registerSamlProvider(world: SamlWorld, providerId: string, options: { domain?: string; samlConfig?: Record<string, unknown> } = {}) {
  const { idp, server } = world;
  return server.request("POST", "/sso/register", {
    token: world.ownerToken,
    body: {
      providerId,
      issuer: spEntityID(providerId),
      domain: options.domain ?? `${providerId}.test`,
      organizationId: world.organizationId,
      samlConfig: { entryPoint: idp.ssoURL, cert: idp.certificate, idpMetadata: { entityID: idp.entityID }, ...options.samlConfig },
    },
  });
}

/** The provider's SP entry at the IdP, posting to Latchkey's ACS unless `sp` says otherwise. */
export function addSpAtIdp(world: SamlWorld, providerId: string, sp: Partial<SpEntry> = {}): void {
  world.idp.addSp(spEntityID(providerId), { AssertionConsumerService: acsURL(world.server, providerId), ...sp });
}

/** POST /sso/mark-domain-verified by the administrator: its status. */
export async function markDomainVerified(world: SamlWorld, providerId: string): Promise<number> {
  return (await world.server.request("POST", "/sso/mark-domain-verified", { token: world.adminToken, body: { providerId } })).status;
}

/** A person at the IdP with the password `idp-password`, an address at `domain` and a display name; usernames `<prefix>-N`. */
export function samlPersonFactory(idp: () => SimpleSamlIdp, prefix: string) {
  let counter = 0;
  return (domain: string, attributes: Record<string, string[]> = {}) => {
    counter += 1;
    const username = `${prefix}-${counter}`;
    const email = `person${counter}@${domain}`;
    idp().addPerson(username, { password: "idp-password", attributes: { email: [email], displayName: [`Person ${counter}`], ...attributes } });
    return { username, email };
  };
}
