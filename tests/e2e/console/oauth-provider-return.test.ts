/**
 * An app's request survives every way into an account (issue 23): the sign-in page's `return`
 * (the app's /oauth2/authorize request) is carried to the sign-up page, through a social
 * provider's round trip (a real oidc-provider on loopback, as in social.test.ts) and through the
 * second step a two-factor account meets after the provider; each ends on the consent page and
 * the app's callback gets a code. A `return` that is not this server's authorize path (an open
 * redirect) is dropped.
 */
import { createHash } from "node:crypto";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppListener, type AppListener } from "../../helpers/app-listener.js";
import { expectAccessible, startConsole, watchPageErrors, type ConsoleHarness } from "../../helpers/console.js";
import { startIdp, type TestIdp } from "../../server/social/support.js";
import { totpAt, userWithTotp } from "../../server/two-factor/support.js";

let idp: TestIdp;
let harness: ConsoleHarness;
let listener: AppListener;
let app: { client_id: string; client_secret: string };
const VERIFIER = "another-fixed-pkce-verifier-for-this-test-0123456789abcdefghijk";
const CHALLENGE = createHash("sha256").update(VERIFIER).digest("base64url");

beforeAll(async () => {
  idp = await startIdp();
  harness = await startConsole({
    stepTimeout: 15_000,
    config: {
      oauthProvider: { enabled: true },
      rateLimit: { enabled: false },
      socialProviders: { google: { clientId: idp.clientId, clientSecret: idp.clientSecret, endpoints: idp.endpoints } },
    },
  });
  idp.allow([`${harness.server.api}/callback/google`]);
  listener = await startAppListener();
  const admin = await harness.server.signUp({ email: "return-admin@example.com", name: "Return Admin" });
  await harness.server.database.db.updateTable("user").set({ role: "admin" }).where("id", "=", admin.userId).execute();
  const created = await harness.server.request("POST", "/admin/oauth2/create-client", { token: admin.token, body: { client_name: "Outline", redirect_uris: [listener.callbackURL] } });
  expect(created.status).toBe(200);
  app = created.body as typeof app;
}, 90_000);
afterAll(async () => {
  await listener?.close();
  await harness?.close();
  await idp?.close();
});

async function openAuthorize(page: Page, state: string) {
  const query = new URLSearchParams({ response_type: "code", client_id: app.client_id, redirect_uri: listener.callbackURL, scope: "openid email", state, code_challenge: CHALLENGE, code_challenge_method: "S256" });
  await page.goto(`${harness.server.api}/oauth2/authorize?${query.toString()}`);
  await page.getByRole("heading", { name: "Sign in" }).waitFor();
}

/** The IdP's development pages: any login, then consent. */
async function signInAtProvider(page: Page, login: string) {
  await page.waitForURL((url) => url.origin === idp.issuer);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill("any");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
}

/** Allows the app and exchanges the code: the ID token's claims, as the app reads them. */
async function allowAndExchange(page: Page, state: string, email: string): Promise<Record<string, unknown>> {
  await page.getByRole("heading", { name: "Outline wants to sign you in" }).waitFor();
  await page.getByText(`Signed in as ${email}`).waitFor();
  await page.getByRole("button", { name: "Allow" }).click();
  await expect.poll(() => listener.received.find((entry) => entry.state === state), { timeout: 15_000 }).toBeTruthy();
  const { code } = listener.received.find((entry) => entry.state === state)!;
  expect(code).toMatch(/^[\w-]{20,}$/);
  const token = await fetch(`${harness.server.api}/oauth2/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", authorization: `Basic ${Buffer.from(`${app.client_id}:${app.client_secret}`).toString("base64")}` },
    body: new URLSearchParams({ grant_type: "authorization_code", code: code!, redirect_uri: listener.callbackURL, code_verifier: VERIFIER }),
  });
  expect(token.status).toBe(200);
  const idToken = ((await token.json()) as { id_token: string }).id_token;
  return JSON.parse(Buffer.from(idToken.split(".")[1]!, "base64url").toString()) as Record<string, unknown>;
}

describe("OpenID provider requests through sign-up and social sign-in", { timeout: 120_000 }, () => {
  it("the sign-up link keeps the app's request, and a new account goes on to the consent page", async () => {
    const { page } = await harness.newPage();
    const errors = watchPageErrors(page);
    await openAuthorize(page, "state-sign-up");
    await page.getByRole("link", { name: "Create an account" }).click();
    await page.getByRole("heading", { name: "Create an account" }).waitFor();
    expect(new URL(page.url()).searchParams.get("return")).toMatch(/^\/api\/auth\/oauth2\/authorize\?/);
    await expectAccessible(page, "sign-up inside an app's request");
    await page.getByLabel("Name", { exact: true }).fill("Nia New");
    await page.getByLabel("Email", { exact: true }).fill("nia@example.com");
    await page.getByLabel("Password", { exact: true }).fill("nia password 123");
    await page.getByRole("button", { name: "Create account" }).click();

    const claims = await allowAndExchange(page, "state-sign-up", "nia@example.com");
    const created = await harness.server.database.db.selectFrom("user").select("id").where("email", "=", "nia@example.com").executeTakeFirstOrThrow();
    expect(claims).toMatchObject({ sub: created.id, email: "nia@example.com" });
    expect(errors).toEqual([]);
  });

  it("a social sign-in comes back into the app's request", async () => {
    idp.users.set("sol", { sub: "sol", email: "sol@example.com", email_verified: true, name: "Sol Social" });
    const { page } = await harness.newPage();
    const errors = watchPageErrors(page);
    await openAuthorize(page, "state-social");
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await signInAtProvider(page, "sol");

    const claims = await allowAndExchange(page, "state-social", "sol@example.com");
    expect(claims.amr).toEqual(["fed"]);
    expect(errors).toEqual([]);
  });

  it("a two-factor account's code after the provider still leads into the app's request", async () => {
    const person = await userWithTotp(harness.server);
    await harness.server.database.db.updateTable("user").set({ emailVerified: 1 }).where("id", "=", person.userId).execute();
    idp.users.set("tam", { sub: "tam", email: person.email, email_verified: true, name: "Tam" });
    const { page } = await harness.newPage();
    const errors = watchPageErrors(page);
    await openAuthorize(page, "state-social-second-step");
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await signInAtProvider(page, "tam");
    await page.waitForURL((url) => url.pathname === "/console/sign-in" && url.searchParams.get("reason") === "second-step");
    expect(new URL(page.url()).searchParams.get("return")).toMatch(/^\/api\/auth\/oauth2\/authorize\?/);
    await page.getByLabel("Authenticator code").fill(totpAt(person.secret, harness.server.clock.now()));
    await page.getByRole("button", { name: "Verify" }).click();

    const claims = await allowAndExchange(page, "state-social-second-step", person.email);
    expect(claims.sub).toBe(person.userId);
    expect(errors).toEqual([]);
  });

  it("a refused social sign-in comes back to the sign-in page still carrying the app's request", async () => {
    await harness.server.signUp({ email: "uma@example.com" });
    idp.users.set("uma", { sub: "uma", email: "uma@example.com", email_verified: false });
    const { page } = await harness.newPage();
    await openAuthorize(page, "state-social-refused");
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await signInAtProvider(page, "uma");
    await page.waitForURL((url) => url.pathname === "/console/sign-in" && url.searchParams.has("error"));
    await expect(page.getByRole("alert").first().textContent()).resolves.toContain("account not linked");
    expect(new URL(page.url()).searchParams.get("return")).toMatch(/^\/api\/auth\/oauth2\/authorize\?/);
  });

  it("drops a return that is not this server's authorize path (no open redirect after signing in or up)", async () => {
    const { page } = await harness.newPage();
    for (const evil of ["https://evil.example.test/api/auth/oauth2/authorize?x=1", "//evil.example.test/api/auth/oauth2/authorize?x=1", "/console/account?x=1"]) {
      await page.goto(`${harness.consoleURL}/sign-up?${new URLSearchParams({ return: evil }).toString()}`);
      // The route drops it: the page's own link back to sign-in does not carry it on.
      const signIn = page.getByRole("link", { name: "Sign in", exact: true });
      await signIn.waitFor();
      expect(await signIn.getAttribute("href")).not.toContain("return");
      await page.goto(`${harness.consoleURL}/sign-in?${new URLSearchParams({ return: evil }).toString()}`);
      const signUp = page.getByRole("link", { name: "Create an account" });
      await signUp.waitFor();
      expect(await signUp.getAttribute("href")).not.toContain("return");
    }
    // Signing in or making an account from such a link lands in the console, not anywhere else.
    const person = await harness.server.signUp({ email: "wes@example.com" });
    await page.goto(`${harness.consoleURL}/sign-in?${new URLSearchParams({ return: "https://evil.example.test/api/auth/oauth2/authorize?x=1" }).toString()}`);
    await page.getByLabel("Email or username").fill(person.email);
    await page.getByLabel("Password", { exact: true }).fill(person.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL(`${harness.consoleURL}/account`);
    await page.context().clearCookies();
    await page.goto(`${harness.consoleURL}/sign-up?${new URLSearchParams({ return: "https://evil.example.test/api/auth/oauth2/authorize?x=1" }).toString()}`);
    await page.getByLabel("Name", { exact: true }).fill("Vic");
    await page.getByLabel("Email", { exact: true }).fill("vic@example.com");
    await page.getByLabel("Password", { exact: true }).fill("vic password 123");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL(`${harness.consoleURL}/account`);
  });
});
