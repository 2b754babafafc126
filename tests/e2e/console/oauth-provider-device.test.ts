/**
 * The device approval page in a real browser (issue 34, item 5): a TV app asks for a device code,
 * the person opens verification_uri_complete signed out, signs in on the console's sign-in page,
 * comes back to /console/device with the code filled in, sees the app and its scopes, approves,
 * and the TV's next poll gets tokens. A wrong code typed by hand is a message on the page. A
 * two-factor account passes the authenticator step on the way, and the code is still there after it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEVICE_CODE_GRANT } from "../../../shared/oauth-client-kinds.js";
import { expectAccessible, screenshot, startConsole, watchPageErrors, type ConsoleHarness } from "../../helpers/console.js";
import { totpAt, userWithTotp } from "../../server/two-factor/support.js";

let harness: ConsoleHarness;
let clientId: string;

beforeAll(async () => {
  harness = await startConsole({ config: { oauthProvider: { enabled: true }, rateLimit: { enabled: false } } });
  const admin = await harness.server.signUp({ email: "tv-admin@example.com" });
  await harness.server.database.db.updateTable("user").set({ role: "admin" }).where("id", "=", admin.userId).execute();
  const created = await harness.server.request("POST", "/admin/oauth2/create-client", {
    token: admin.token,
    body: { client_name: "Living-room TV", token_endpoint_auth_method: "none", grant_types: [DEVICE_CODE_GRANT], scope: "openid profile email" },
  });
  expect(created.status).toBe(200);
  clientId = (created.body as { client_id: string }).client_id;
});
afterAll(async () => {
  await harness?.close();
});

describe("device approval page", { timeout: 180_000 }, () => {
  it("signs in from verification_uri_complete, shows the app and its scopes, approves, and the device gets tokens", async () => {
    const person = await harness.server.signUp({ email: "tv-viewer@example.com", name: "Tv Viewer" });
    const started = (await harness.server.request("POST", "/oauth2/device-authorization", { body: { client_id: clientId, scope: "openid profile" } })).body as { device_code: string; user_code: string; verification_uri_complete: string };
    const { page } = await harness.newPage();
    const errors = watchPageErrors(page);

    await page.goto(started.verification_uri_complete);
    await page.getByRole("heading", { name: "Sign in" }).waitFor();
    await page.getByLabel("Email or username").fill(person.email);
    await page.getByLabel("Password", { exact: true }).fill(person.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();

    await page.getByRole("heading", { name: "Living-room TV on a device wants to sign you in" }).waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe("/console/device");
    await page.getByText(`Code ${started.user_code}`).waitFor();
    const scopes = page.getByRole("list", { name: "What the app asks for" });
    expect(await scopes.getByRole("listitem").allTextContents()).toEqual(["Confirm who you are (your account ID)", "See your name, username and profile picture"]);
    await expectAccessible(page, "device approval page");
    await screenshot(page, "oauth-provider-device");

    await page.getByRole("button", { name: "Approve" }).click();
    await page.getByRole("status").filter({ hasText: "Approved. You can go back to the device." }).waitFor();
    const tokens = await harness.server.request("POST", "/oauth2/token", { body: { grant_type: DEVICE_CODE_GRANT, device_code: started.device_code, client_id: clientId } });
    expect(tokens.status).toBe(200);
    expect((tokens.body as { id_token?: string }).id_token).toBeTruthy();
    expect(errors).toEqual([]);
  });

  it("a code typed by hand: a wrong one is explained on the page, the right one shows the request", async () => {
    const person = await harness.server.signUp({ email: "tv-typist@example.com" });
    const started = (await harness.server.request("POST", "/oauth2/device-authorization", { body: { client_id: clientId } })).body as { user_code: string; verification_uri: string };
    const { page } = await harness.newPage();
    await page.goto(`${harness.server.url}/console/sign-in`);
    await page.getByLabel("Email or username").fill(person.email);
    await page.getByLabel("Password", { exact: true }).fill(person.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL((url) => url.pathname !== "/console/sign-in", { timeout: 30_000 });

    await page.goto(started.verification_uri);
    await page.getByRole("heading", { name: "Connect a device" }).waitFor();
    await page.getByLabel("Code").fill("BBBB-BBBB");
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("alert").filter({ hasText: "This code is unknown, has expired or was already used." }).waitFor();
    await expectAccessible(page, "device page (wrong code)");
    await page.getByLabel("Code").fill(started.user_code.toLowerCase());
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("heading", { name: "Living-room TV on a device wants to sign you in" }).waitFor();
    await page.getByRole("button", { name: "Deny" }).click();
    await page.getByRole("status").filter({ hasText: "Denied. The device gets nothing." }).waitFor();
  });

  it("a two-factor account passes the authenticator step on the way and comes back to the request", async () => {
    const person = await userWithTotp(harness.server, "device second step 1");
    const started = (await harness.server.request("POST", "/oauth2/device-authorization", { body: { client_id: clientId, scope: "openid" } })).body as { device_code: string; user_code: string; verification_uri_complete: string };
    const { page } = await harness.newPage();
    const errors = watchPageErrors(page);

    await page.goto(started.verification_uri_complete);
    await page.getByRole("heading", { name: "Sign in" }).waitFor();
    await page.getByLabel("Email or username").fill(person.email);
    await page.getByLabel("Password", { exact: true }).fill(person.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    // No approval before the second step: the sign-in page asks for the code first.
    const code = page.getByLabel("Authenticator code");
    await code.waitFor({ timeout: 30_000 });
    const pending = await harness.server.request("POST", "/oauth2/token", { body: { grant_type: DEVICE_CODE_GRANT, device_code: started.device_code, client_id: clientId } });
    expect((pending.body as { error?: string }).error).toBe("authorization_pending");
    await code.fill(totpAt(person.secret, harness.server.clock.now()));
    await page.getByRole("button", { name: "Verify" }).click();

    await page.getByRole("heading", { name: "Living-room TV on a device wants to sign you in" }).waitFor({ timeout: 30_000 });
    await page.getByText(`Code ${started.user_code}`).waitFor();
    await page.getByRole("button", { name: "Approve" }).click();
    await page.getByRole("status").filter({ hasText: "Approved. You can go back to the device." }).waitFor();
    // The device's poll interval has to pass before the next poll, or it is told to slow down.
    harness.server.clock.advance(10_000);
    const tokens = await harness.server.request("POST", "/oauth2/token", { body: { grant_type: DEVICE_CODE_GRANT, device_code: started.device_code, client_id: clientId } });
    expect(tokens.status, tokens.text).toBe(200);
    const idToken = (tokens.body as { id_token: string }).id_token;
    const claims = JSON.parse(Buffer.from(idToken.split(".")[1]!, "base64url").toString()) as { sub: string; amr?: string[] };
    expect(claims.sub).toBe(person.userId);
    expect(claims.amr).toEqual(expect.arrayContaining(["otp"]));
    expect(errors).toEqual([]);
  });
});
