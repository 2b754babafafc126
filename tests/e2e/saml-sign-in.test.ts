/**
 * Issue 35: one SAML sign-in in Chromium through SimpleSAMLphp's own login form. The IdP is on
 * "localhost" and Latchkey on 127.0.0.1 — two sites — so the IdP's auto-submitted POST to the ACS
 * is cross-site and carries no Lax cookie, as in production; the ACS's redirect to its GET brings
 * the browser's `sso_state` cookie back before anyone is signed in.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "../helpers/browser.js";
import { addSpAtIdp, registerSamlProvider, startSamlWorld, type SamlWorld } from "../helpers/saml-world.js";
import type { SimpleSamlIdp } from "../helpers/simplesamlphp.js";
import type { TestServer } from "../helpers/test-server.js";

let world: SamlWorld;
let idp: SimpleSamlIdp;
let server: TestServer;
let browser: Browser;
const PROVIDER = "browser-saml";

beforeAll(async () => {
  world = await startSamlWorld({ idpHostname: "localhost", sso: { domainVerification: { enabled: false } } });
  ({ idp, server } = world);
  browser = await launchBrowser();
  const registered = await registerSamlProvider(world, PROVIDER, { domain: "browser.test" });
  expect(registered.status, registered.text).toBe(200);
  addSpAtIdp(world, PROVIDER);
  idp.addPerson("carol", { password: "carol-password", attributes: { email: ["carol@browser.test"], displayName: ["Carol Browser"] } });
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await world?.close();
});

describe("SAML sign-in in Chromium", () => {
  it("starts at /sign-in/sso, signs in at SimpleSAMLphp's form, comes back signed in", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/demo`);
    const started = await page.evaluate(async (api) => {
      const response = await fetch(`${api}/sign-in/sso`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: "carol@browser.test", callbackURL: "/demo" }) });
      return (await response.json()) as { url: string; redirect: boolean };
    }, server.api);
    expect(started.redirect).toBe(true);
    expect(started.url.startsWith(idp.ssoURL)).toBe(true);
    await page.goto(started.url);
    await page.waitForSelector("input[name=username]");
    await page.fill("input[name=username]", "carol");
    await page.fill("input[name=password]", "carol-password");
    await Promise.all([page.waitForURL(`${server.url}/demo`), page.press("input[name=password]", "Enter")]);
    await page.waitForFunction(() => document.getElementById("status")?.textContent === "Signed in.");
    expect(await page.textContent("#who")).toBe("carol@browser.test");
    const cookies = await context.cookies(server.url);
    expect(cookies.find((cookie) => cookie.name === "latchkey.session_token")?.sameSite).toBe("Lax");
    await context.close();
  });
});
