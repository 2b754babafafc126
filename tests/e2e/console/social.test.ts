/**
 * Social sign-in in the console, in Chromium, against a real OpenID Connect server (oidc-provider
 * on loopback): the sign-in page offers a button per configured provider, the provider's own
 * login and consent pages are filled in, and the person lands signed in; the account page links
 * a second provider and shows it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, screenshot, startConsole, watchPageErrors, type ConsoleHarness } from "../../helpers/console.js";
import { startIdp, type TestIdp } from "../../server/social/support.js";
import { totpAt, userWithTotp } from "../../server/two-factor/support.js";

const FLOW_TIMEOUT = 90_000;
let idp: TestIdp;
let harness: ConsoleHarness;

beforeAll(async () => {
  idp = await startIdp();
  const provider = { clientId: idp.clientId, clientSecret: idp.clientSecret };
  harness = await startConsole({
    stepTimeout: 15_000,
    config: {
      socialProviders: { google: { ...provider, endpoints: idp.endpoints } },
      genericOAuth: [{ providerId: "corp", name: "Corp SSO", discoveryUrl: idp.discoveryUrl, ...provider, clientAuthentication: "client_secret_post" }],
    },
  });
  idp.allow(["google", "corp"].map((id) => `${harness.server.api}/callback/${id}`));
}, 90_000);
afterAll(async () => {
  await harness?.close();
  await idp?.close();
});

/** The IdP's development pages: any login, then consent. */
async function signInAtProvider(page: import("playwright-core").Page, login: string) {
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill("any");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
}

describe("console social sign-in", { timeout: FLOW_TIMEOUT }, () => {
  it("shows a button per configured provider and signs a new person in through Google", async () => {
    idp.users.set("zoe", { sub: "zoe", email: "zoe@example.com", email_verified: true, name: "Zoe Social" });
    const { page } = await harness.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${harness.consoleURL}/sign-in`);
    const list = page.getByRole("list", { name: "Sign in with" });
    await list.getByRole("button", { name: "Continue with Google" }).waitFor();
    await expect(list.getByRole("button", { name: "Continue with Corp SSO" }).isVisible()).resolves.toBe(true);
    await expectAccessible(page, "sign-in with providers");
    await screenshot(page, "social-sign-in");

    await list.getByRole("button", { name: "Continue with Google" }).click();
    await page.waitForURL((url) => url.origin === idp.issuer);
    await signInAtProvider(page, "zoe");
    await page.waitForURL(`${harness.consoleURL}/account`);
    await page.getByText("zoe@example.com").first().waitFor();
    const rows = await harness.server.database.db.selectFrom("account").select("providerId").where("accountId", "=", "zoe").execute();
    expect(rows.map((row) => row.providerId)).toEqual(["google"]);
    expect(errors).toEqual([]);
  });

  it("asks a two-factor account for its code after the provider, on the console's sign-in page (#19)", async () => {
    const person = await userWithTotp(harness.server);
    await harness.server.database.db.updateTable("user").set({ emailVerified: 1 }).where("id", "=", person.userId).execute();
    idp.users.set("tess", { sub: "tess", email: person.email, email_verified: true, name: "Tess" });
    const { page } = await harness.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${harness.consoleURL}/sign-in`);
    await page.getByRole("list", { name: "Sign in with" }).getByRole("button", { name: "Continue with Google" }).click();
    await page.waitForURL((url) => url.origin === idp.issuer);
    await signInAtProvider(page, "tess");
    // Held at the second step: no session yet, the code page instead of the account.
    await page.waitForURL((url) => url.pathname === "/console/sign-in" && url.searchParams.get("reason") === "second-step");
    const code = page.getByLabel("Authenticator code");
    await code.waitFor();
    expect((await page.context().cookies()).map((c) => c.name)).not.toContain("latchkey.session_token");
    await expectAccessible(page, "second step after social sign-in");
    await screenshot(page, "social-second-step");
    await code.fill(totpAt(person.secret, harness.server.clock.now()));
    await page.getByRole("button", { name: "Verify" }).click();
    await page.waitForURL(`${harness.consoleURL}/account`);
    await page.getByText(person.email).first().waitFor();
    expect(errors).toEqual([]);
  });

  it("links another provider from the account page and lists it by its display name", async () => {
    const { password } = await harness.server.signUp({ email: "yan@example.com" });
    idp.users.set("yan-corp", { sub: "yan-corp", email: "yan@example.com", email_verified: true, name: "Yan" });
    const { page } = await harness.newPage({ as: { email: "yan@example.com", password } });
    await page.goto(`${harness.consoleURL}/account`);
    await page.getByRole("button", { name: "Link Corp SSO" }).click();
    await page.waitForURL((url) => url.origin === idp.issuer);
    await signInAtProvider(page, "yan-corp");
    await page.waitForURL(`${harness.consoleURL}/account`);
    await page.getByRole("button", { name: "Unlink Corp SSO" }).waitFor();
    await expectAccessible(page, "account with a linked provider");
    await screenshot(page, "social-linked-account");
  });

  it("comes back to the sign-in page with the server's refusal in words", async () => {
    await harness.server.signUp({ email: "xia@example.com" });
    idp.users.set("xia", { sub: "xia", email: "xia@example.com", email_verified: false });
    const { page } = await harness.newPage();
    await page.goto(`${harness.consoleURL}/sign-in`);
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await page.waitForURL((url) => url.origin === idp.issuer);
    await signInAtProvider(page, "xia");
    await page.waitForURL((url) => url.pathname === "/console/sign-in");
    await expect(page.getByRole("alert").first().textContent()).resolves.toContain("account not linked");
  });
});
