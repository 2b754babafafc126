/**
 * Issue 35: a SAML assertion is accepted once across servers. Two stateless servers share one
 * PostgreSQL database and one public address (as behind a load balancer); the same IdP-initiated
 * response posted to both at the same moment signs in through exactly one of them, and a sign-in
 * started on A is finished at B's ACS. PostgreSQL pass only.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSecondServer, type SecondServer } from "../helpers/second-server.js";
import { responseThroughIdp, startSimpleSamlIdp, type SimpleSamlIdp } from "../helpers/simplesamlphp.js";
import { startTestServer, testDialect, type TestServer } from "../helpers/test-server.js";
import { createOrganization, users } from "../server/organization/support.js";
import { TestBrowser } from "../server/social/support.js";

const PROVIDER = "servers-saml";
const ENTITY = "https://sp.latchkey.test/servers-saml";

describe("SAML on two servers over one PostgreSQL", () => {
  let idp: SimpleSamlIdp;
  let a: TestServer;
  let b: SecondServer;

  beforeAll(async () => {
    expect(testDialect, "tests/postgres runs only with LATCHKEY_TEST_DIALECT=postgres").toBe("postgres");
    idp = await startSimpleSamlIdp();
    const sso = { enabled: true, domainVerification: { enabled: false } };
    a = await startTestServer({ config: { sso, trustedOrigins: [idp.origin] } });
    // B answers at its own port but believes the shared public address is A's (the load balancer's).
    b = await startSecondServer(a.dbFile, { sso, trustedOrigins: [idp.origin], baseURL: a.url });
    const [owner] = await users(a, 1);
    const organization = await createOrganization(a, owner!);
    const registered = await a.request("POST", "/sso/register", {
      token: owner!.token,
      body: { providerId: PROVIDER, issuer: ENTITY, domain: "servers.test", organizationId: organization.id, samlConfig: { entryPoint: idp.ssoURL, cert: idp.certificate, idpMetadata: { entityID: idp.entityID }, allowIdpInitiated: true } },
    });
    expect(registered.status, registered.text).toBe(200);
    idp.addSp(ENTITY, { AssertionConsumerService: `${a.api}/sso/saml2/sp/acs/${PROVIDER}` });
    idp.addPerson("dana", { password: "dana-password", attributes: { email: ["dana@servers.test"] } });
  }, 60_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await idp?.close();
  });

  /** Through the IdP's login form to the SAMLResponse (and RelayState) it posts. */
  const responseFrom = (browser: TestBrowser, url: string) => responseThroughIdp(browser, url, "dana", "dana-password");

  const postTo = (api: string, fields: Record<string, string>) =>
    fetch(`${api}/sso/saml2/sp/acs/${PROVIDER}`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields).toString(), redirect: "manual" });

  it("the same assertion posted to A and B at once is accepted by exactly one", async () => {
    const { samlResponse } = await responseFrom(new TestBrowser(), idp.idpInitiatedURL(ENTITY));
    const answers = await Promise.all([postTo(a.api, { SAMLResponse: samlResponse }), postTo(b.api, { SAMLResponse: samlResponse })]);
    const locations = answers.map((answer) => {
      expect(answer.status).toBe(302);
      return new URL(answer.headers.get("location")!, a.url);
    });
    expect(locations.filter((location) => location.searchParams.has("SAMLState"))).toHaveLength(1);
    expect(locations.filter((location) => location.searchParams.get("error") === "assertion_replayed")).toHaveLength(1);
  });

  it("a sign-in started on A is finished at B's ACS", async () => {
    const browser = new TestBrowser();
    const started = await browser.request(`${a.api}/sign-in/sso`, { method: "POST", json: { providerId: PROVIDER, callbackURL: "/console/account" } });
    const { url } = (await started.json()) as { url: string };
    const posted = await responseFrom(browser, url);
    const answer = await postTo(b.api, { SAMLResponse: posted.samlResponse, RelayState: posted.relayState! });
    expect(answer.status).toBe(302);
    const resume = new URL(answer.headers.get("location")!);
    expect(resume.searchParams.get("SAMLState")).toBeTruthy();
    // The browser comes back through the shared address with its state cookie.
    const finished = await browser.request(resume.toString());
    expect(finished.status).toBe(302);
    expect(finished.headers.get("location")).toBe("/console/account");
    const session = (await (await browser.request(`${a.api}/get-session`)).json()) as { user: { email: string } } | null;
    expect(session?.user.email).toBe("dana@servers.test");
  });
});
