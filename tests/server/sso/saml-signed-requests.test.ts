/**
 * Issue 35, signed AuthnRequests (`samlConfig.authnRequestsSigned`): Latchkey signs the
 * HTTP-Redirect AuthnRequest with the provider's SP key — made by the server (RSA-2048, self-signed
 * certificate) or given by the caller — and SimpleSAMLphp 1.19, told to require signed requests
 * (`validate.authnrequest`) and given the certificate from Latchkey's SP metadata, accepts them and
 * refuses unsigned ones. The key is sealed at rest and never answered.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DOMParser } from "@xmldom/xmldom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acsURL, addSpAtIdp, markDomainVerified, registerSamlProvider, samlPersonFactory, spEntityID, startSamlWorld, type SamlWorld } from "../../helpers/saml-world.js";
import { responseThroughIdp, type SimpleSamlIdp } from "../../helpers/simplesamlphp.js";
import type { TestServer } from "../../helpers/test-server.js";
import { TestBrowser } from "../social/support.js";

let world: SamlWorld;
let idp: SimpleSamlIdp;
let server: TestServer;
let ownerToken: string;
let adminToken: string;

const acs = (providerId: string) => acsURL(server, providerId);
const pemBody = (pem: string) => pem.replace(/-----(BEGIN|END) [A-Z ]+-----/g, "").replace(/\s+/g, "");

const register = (providerId: string, samlConfig: Record<string, unknown>) => registerSamlProvider(world, providerId, { samlConfig });

/** The SP metadata, and the certificate in its KeyDescriptor use="signing" (base64 DER), if any. */
async function spMetadata(providerId: string) {
  const response = await fetch(`${server.api}/sso/saml2/sp/metadata?providerId=${providerId}`);
  expect(response.status).toBe(200);
  const xml = await response.text();
  const doc = new DOMParser().parseFromString(xml, "text/xml");
  const descriptor = doc.getElementsByTagNameNS("urn:oasis:names:tc:SAML:2.0:metadata", "SPSSODescriptor")[0]!;
  const keys = descriptor.getElementsByTagNameNS("urn:oasis:names:tc:SAML:2.0:metadata", "KeyDescriptor");
  let signingCert: string | undefined;
  for (let index = 0; index < keys.length; index++) {
    if (keys[index]!.getAttribute("use") !== "signing") continue;
    signingCert = keys[index]!.getElementsByTagNameNS("http://www.w3.org/2000/09/xmldsig#", "X509Certificate")[0]?.textContent?.replace(/\s+/g, "");
  }
  return { xml, authnRequestsSigned: descriptor.getAttribute("AuthnRequestsSigned"), signingCert };
}

/** The SP at the IdP: signed requests required, verified with the certificate Latchkey's metadata names. */
function requireSignedRequests(providerId: string, certData: string) {
  addSpAtIdp(world, providerId, { "validate.authnrequest": true, certData });
}

const person = samlPersonFactory(() => idp, "signed-person");

async function start(browser: TestBrowser, providerId: string): Promise<URL> {
  const response = await browser.request(`${server.api}/sign-in/sso`, { method: "POST", json: { providerId, callbackURL: "/console/account", errorCallbackURL: "/console/sign-in" } });
  const body = (await response.json()) as { url: string };
  expect(response.status, JSON.stringify(body)).toBe(200);
  return new URL(body.url);
}

/** A whole sign-in: start, the IdP's login form, the ACS and its redirect; the final Location and the session's email. */
async function signIn(providerId: string, who: { username: string; email: string }) {
  const browser = new TestBrowser();
  const url = await start(browser, providerId);
  const posted = await responseThroughIdp(browser, url.toString(), who.username, "idp-password");
  expect(posted.action).toBe(acs(providerId));
  const fields = new URLSearchParams({ SAMLResponse: posted.samlResponse, ...(posted.relayState ? { RelayState: posted.relayState } : {}) });
  let response = await browser.request(posted.action, { method: "POST", body: fields.toString(), contentType: "application/x-www-form-urlencoded" });
  let location = new URL(response.headers.get("location")!, server.api);
  if (location.toString().startsWith(`${server.api}/sso/saml2/sp/acs/`)) {
    response = await browser.request(location.toString());
    location = new URL(response.headers.get("location")!, server.api);
  }
  const session = (await (await browser.request(`${server.api}/get-session`)).json()) as { user: { email: string } } | null;
  return { url, location, email: session?.user.email };
}

/** What the IdP answers the AuthnRequest itself with, before any login form. */
async function idpAnswer(url: URL): Promise<{ text: string }> {
  const response = await fetch(url, { redirect: "manual" });
  return { text: await response.text() };
}

beforeAll(async () => {
  world = await startSamlWorld();
  ({ idp, server, ownerToken, adminToken } = world);
}, 60_000);
afterAll(async () => {
  await world?.close();
});

async function verify(providerId: string) {
  expect(await markDomainVerified(world, providerId)).toBe(200);
}

describe("signed AuthnRequests against SimpleSAMLphp (validate.authnrequest)", () => {
  it("a key made by the server: metadata names it, the IdP accepts the signed request, the sign-in completes; turned off, the IdP refuses", async () => {
    const registered = await register("signed-saml", { authnRequestsSigned: true });
    expect(registered.status, registered.text).toBe(200);
    expect(registered.body.samlConfig.authnRequestsSigned).toBe(true);
    const certificate = registered.body.samlConfig.signingCert as string;
    expect(certificate).toMatch(/^-----BEGIN CERTIFICATE-----/);
    await verify("signed-saml");

    const metadata = await spMetadata("signed-saml");
    expect(metadata.authnRequestsSigned).toBe("true");
    expect(metadata.signingCert).toBe(pemBody(certificate));
    requireSignedRequests("signed-saml", metadata.signingCert!);

    const who = person("signed-saml.test");
    const signed = await signIn("signed-saml", who);
    expect(signed.url.searchParams.get("SigAlg")).toBe("http://www.w3.org/2001/04/xmldsig-more#rsa-sha256");
    expect(signed.url.searchParams.get("Signature")).toBeTruthy();
    expect(signed.location.pathname).toBe("/console/account");
    expect(signed.email).toBe(who.email);

    // Turned off: no signature, and the IdP (which requires one) refuses before any login form.
    const off = await server.request("POST", "/sso/update-provider", { token: ownerToken, body: { providerId: "signed-saml", samlConfig: { authnRequestsSigned: false } } });
    expect(off.status, off.text).toBe(200);
    expect(off.body.samlConfig.authnRequestsSigned).toBe(false);
    expect(off.body.samlConfig.signingCert).toBeUndefined();
    expect((await spMetadata("signed-saml")).authnRequestsSigned).toBe("false");
    const unsigned = await start(new TestBrowser(), "signed-saml");
    expect(unsigned.searchParams.get("Signature")).toBeNull();
    const refused = await idpAnswer(unsigned);
    // SimpleSAMLphp 1.19 answers its "Unhandled exception" page with status 200.
    expect(refused.text).toContain("Validation of received messages enabled, but no signature found on message.");
    expect(refused.text).not.toContain('name="AuthState"');

    // On again: the same key and certificate (the IdP's copy stays valid), and sign-in works again.
    const on = await server.request("POST", "/sso/update-provider", { token: ownerToken, body: { providerId: "signed-saml", samlConfig: { authnRequestsSigned: true } } });
    expect(on.status, on.text).toBe(200);
    expect(on.body.samlConfig.signingCert).toBe(certificate);
    const again = await signIn("signed-saml", person("signed-saml.test"));
    expect(again.location.pathname).toBe("/console/account");
  });

  it("the caller's own key and certificate (better-auth's spMetadata.privateKey, encrypted with privateKeyPass) sign the requests", async () => {
    const dir = mkdtempSync(join(tmpdir(), "latchkey-sp-key-"));
    try {
      execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-passout", "pass:sp-key-pass", "-subj", "/CN=own-sp", "-days", "2", "-keyout", join(dir, "sp.key"), "-out", join(dir, "sp.crt")], { stdio: "ignore" });
      const privateKey = readFileSync(join(dir, "sp.key"), "utf8");
      const signingCert = readFileSync(join(dir, "sp.crt"), "utf8");
      expect(privateKey).toContain("ENCRYPTED PRIVATE KEY");

      const wrongPass = await register("own-key-saml", { authnRequestsSigned: true, spMetadata: { privateKey, privateKeyPass: "wrong" }, signingCert });
      expect(wrongPass.status).toBe(400);
      expect(wrongPass.body.code).toBe("SSO_INVALID_CONFIG");
      expect(wrongPass.text).not.toContain(pemBody(privateKey).slice(0, 40));

      const registered = await register("own-key-saml", { authnRequestsSigned: true, spMetadata: { privateKey, privateKeyPass: "sp-key-pass" }, signingCert });
      expect(registered.status, registered.text).toBe(200);
      expect(pemBody(registered.body.samlConfig.signingCert)).toBe(pemBody(signingCert));
      await verify("own-key-saml");
      const metadata = await spMetadata("own-key-saml");
      expect(metadata.signingCert).toBe(pemBody(signingCert));
      requireSignedRequests("own-key-saml", metadata.signingCert!);
      const who = person("own-key-saml.test");
      const signedIn = await signIn("own-key-saml", who);
      expect(signedIn.location.pathname).toBe("/console/account");
      expect(signedIn.email).toBe(who.email);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("refuses a certificate of another key, a key that is not RSA, and a key without authnRequestsSigned", async () => {
    const dir = mkdtempSync(join(tmpdir(), "latchkey-sp-key-"));
    try {
      execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=one", "-days", "2", "-keyout", join(dir, "one.key"), "-out", join(dir, "one.crt")], { stdio: "ignore" });
      execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=two", "-days", "2", "-keyout", join(dir, "two.key"), "-out", join(dir, "two.crt")], { stdio: "ignore" });
      execFileSync("openssl", ["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", join(dir, "ec.key")], { stdio: "ignore" });
      const one = readFileSync(join(dir, "one.key"), "utf8");
      const cases = [
        { authnRequestsSigned: true, privateKey: one, signingCert: readFileSync(join(dir, "two.crt"), "utf8") },
        { authnRequestsSigned: true, privateKey: readFileSync(join(dir, "ec.key"), "utf8") },
        { authnRequestsSigned: true, privateKey: "not a key" },
        { authnRequestsSigned: true, signingCert: readFileSync(join(dir, "one.crt"), "utf8") },
        { privateKey: one },
      ];
      for (const samlConfig of cases) {
        const refused = await register("refused-key-saml", samlConfig);
        expect(refused.status, refused.text).toBe(400);
        expect(refused.body.code).toBe("SSO_INVALID_CONFIG");
        expect(refused.text).not.toContain(pemBody(one).slice(0, 40));
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("the key is sealed at rest and never answered: register, get, list and update answers; the samlConfig and clientSecret columns", async () => {
    const dir = mkdtempSync(join(tmpdir(), "latchkey-sp-key-"));
    try {
      execFileSync("openssl", ["genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048", "-out", join(dir, "sp.key")], { stdio: "ignore" });
      const privateKey = readFileSync(join(dir, "sp.key"), "utf8");
      const secretPart = pemBody(privateKey).slice(20, 80);
      const answers: string[] = [];
      const registered = await register("sealed-key-saml", { authnRequestsSigned: true, privateKey });
      expect(registered.status, registered.text).toBe(200);
      answers.push(registered.text);
      answers.push((await server.request("GET", "/sso/get-provider?providerId=sealed-key-saml", { token: ownerToken })).text);
      answers.push((await server.request("GET", "/sso/providers", { token: ownerToken })).text);
      answers.push((await server.request("GET", "/sso/providers", { token: adminToken })).text);
      answers.push((await server.request("POST", "/sso/update-provider", { token: ownerToken, body: { providerId: "sealed-key-saml", samlConfig: { audience: spEntityID("sealed-key-saml") } } })).text);
      answers.push((await fetch(`${server.api}/sso/saml2/sp/metadata?providerId=sealed-key-saml`).then((response) => response.text())));
      for (const answer of answers) {
        expect(answer).not.toContain(secretPart);
        expect(answer).not.toMatch(/PRIVATE KEY|privateKey/);
      }
      const row = await server.database.db.selectFrom("ssoProvider").select(["samlConfig", "clientSecret"]).where("providerId", "=", "sealed-key-saml").executeTakeFirstOrThrow();
      expect(row.samlConfig).not.toContain(secretPart);
      expect(row.samlConfig).not.toMatch(/PRIVATE KEY|privateKey|privateKeyPass/);
      expect(row.clientSecret).toBeTruthy();
      expect(row.clientSecret).not.toContain(secretPart);
      expect(row.clientSecret).not.toContain("-----BEGIN");
      // The key in the column is the one given (same certificate subject key), only sealed.
      const metadata = await spMetadata("sealed-key-saml");
      expect(metadata.authnRequestsSigned).toBe("true");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
