/**
 * Administration → Applications (issue 23): an administrator creates a confidential client and
 * sees its secret once, rotates it (the old secret stops working, the new one works), disables and
 * enables it, sees who has granted it access, and deletes it; and (issue 32) sets and changes what
 * the provider enforces — the token endpoint authentication method, PKCE, native, grant types.
 * Secrets are checked against the real token endpoint, not just read off the screen.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, screenshot, startConsole, watchPageErrors, type ConsoleHarness } from "../../helpers/console.js";

let harness: ConsoleHarness;
beforeAll(async () => {
  harness = await startConsole({ config: { oauthProvider: { enabled: true }, rateLimit: { enabled: false } } });
});
afterAll(async () => {
  await harness?.close();
});

/**
 * Whether the token endpoint accepts this id and secret: a made-up code is refused either way, as
 * invalid_grant once the client is authenticated, as invalid_client when the secret (or the
 * client) is not accepted.
 */
async function tokenError(clientId: string, secret: string): Promise<string> {
  const answer = await fetch(`${harness.server.api}/oauth2/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString("base64")}` },
    body: new URLSearchParams({ grant_type: "authorization_code", code: "not-a-code-issued-by-this-server", redirect_uri: "https://gitea.example.test/user/oauth2/latchkey/callback" }),
  });
  return ((await answer.json()) as { error: string }).error;
}
/** The same question with the secret in the form body (client_secret_post). */
async function tokenErrorPosting(clientId: string, secret: string): Promise<string> {
  const answer = await fetch(`${harness.server.api}/oauth2/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: "authorization_code", code: "not-a-code-issued-by-this-server", redirect_uri: "https://gitea.example.test/user/oauth2/latchkey/callback", client_id: clientId, client_secret: secret }),
  });
  return ((await answer.json()) as { error: string }).error;
}
const ACCEPTED = "invalid_grant";
const REFUSED = "invalid_client";

/** Reads the once-shown secret dialog and closes it. */
async function readSecret(page: Page, title: string): Promise<{ clientId: string; secret: string }> {
  const dialog = page.getByRole("dialog", { name: title });
  await dialog.waitFor();
  await dialog.getByText("You will not see it again").waitFor();
  const clientId = await dialog.getByLabel("Client ID").inputValue();
  const secret = await dialog.getByLabel("Client secret").inputValue();
  await dialog.getByRole("button", { name: "Copy secret" }).waitFor();
  return { clientId, secret };
}

describe("Administration → Applications", { timeout: 240_000 }, () => {
  it("creates a confidential app with its secret shown once, rotates the secret, disables, enables and deletes it", async () => {
    const admin = await harness.createAdmin();
    const { page } = await harness.newPage({ as: admin });
    const errors = watchPageErrors(page);
    await page.goto(`${harness.consoleURL}/account`);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Applications" }).click();
    await page.getByRole("heading", { name: "Applications", level: 1 }).waitFor();
    await page.getByText("No applications yet").waitFor();
    await expectAccessible(page, "applications (empty)");

    // Create: the form refuses an empty redirect list first.
    await page.getByRole("button", { name: "New application" }).click();
    const form = page.getByRole("dialog", { name: "New application" });
    await form.getByLabel("Name", { exact: true }).fill("Gitea");
    await form.getByRole("button", { name: "Create application" }).click();
    await form.getByText("Enter at least one redirect URI.").waitFor();
    await form.getByLabel("Redirect URIs").fill("https://gitea.example.test/user/oauth2/latchkey/callback\nhttps://gitea.example.test/alt/callback");
    await form.getByLabel(/^Confidential/).check();
    await form.getByLabel(/^organizations/).check();
    await expectAccessible(page, "applications (create)");
    await screenshot(page, "oauth-provider-app-create");
    await form.getByRole("button", { name: "Create application" }).click();

    const created = await readSecret(page, "Gitea was created");
    expect(created.secret).toMatch(/^[A-Za-z0-9]{32,}$/);
    await expectAccessible(page, "applications (secret shown once)");
    await screenshot(page, "oauth-provider-app-secret");
    await page.getByRole("dialog", { name: "Gitea was created" }).getByRole("button", { name: "I have saved it" }).click();
    expect(await tokenError(created.clientId, created.secret)).toBe(ACCEPTED);

    // The list: name, client id, type, status; the secret appears nowhere any more.
    const row = page.getByRole("table", { name: "Applications" }).getByRole("row").filter({ hasText: "Gitea" });
    await row.waitFor();
    const text = (await row.textContent()) ?? "";
    expect(text).toContain(created.clientId);
    expect(text).toContain("Confidential");
    expect(text).toContain("Active");
    expect(await page.content()).not.toContain(created.secret);
    await page.reload();
    await row.waitFor();
    expect(await page.content()).not.toContain(created.secret);
    await expectAccessible(page, "applications (list)");
    await screenshot(page, "oauth-provider-apps");

    // The stored settings are what the form said.
    const stored = await harness.server.database.db.selectFrom("oauthClient").selectAll().where("clientId", "=", created.clientId).executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).toContain("https://gitea.example.test/alt/callback");
    expect(JSON.stringify(stored)).not.toContain(created.secret);

    // Rotate: confirm, then the new secret once; the old one stops working.
    await row.getByRole("button", { name: "Manage Gitea" }).click();
    await page.getByRole("menuitem", { name: "Rotate secret" }).click();
    const confirm = page.getByRole("dialog", { name: "Rotate the secret of Gitea?" });
    await confirm.waitFor();
    await confirm.getByRole("button", { name: "Rotate secret" }).click();
    const rotated = await readSecret(page, "New secret for Gitea");
    expect(rotated.clientId).toBe(created.clientId);
    expect(rotated.secret).not.toBe(created.secret);
    await page.getByRole("dialog", { name: "New secret for Gitea" }).getByRole("button", { name: "I have saved it" }).click();
    expect(await tokenError(created.clientId, created.secret)).toBe(REFUSED);
    expect(await tokenError(created.clientId, rotated.secret)).toBe(ACCEPTED);

    // Disable: the token endpoint refuses it; enable again.
    await row.getByRole("button", { name: "Manage Gitea" }).click();
    await page.getByRole("menuitem", { name: "Disable" }).click();
    await page.getByText("Gitea is disabled.").waitFor();
    await expect.poll(async () => row.textContent()).toContain("Disabled");
    expect(await tokenError(created.clientId, rotated.secret)).toBe(REFUSED);
    await expectAccessible(page, "applications (disabled)");
    await screenshot(page, "oauth-provider-apps-disabled");
    await row.getByRole("button", { name: "Manage Gitea" }).click();
    await page.getByRole("menuitem", { name: "Enable" }).click();
    await expect.poll(async () => row.textContent()).toContain("Active");
    expect(await tokenError(created.clientId, rotated.secret)).toBe(ACCEPTED);

    // Edit: the name changes, the kind is not offered.
    await row.getByRole("button", { name: "Manage Gitea" }).click();
    await page.getByRole("menuitem", { name: "Edit" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Gitea" });
    await edit.waitFor();
    expect(await edit.getByLabel(/^Confidential/).count()).toBe(0);
    await edit.getByLabel("Name", { exact: true }).fill("Gitea (team)");
    await edit.getByRole("button", { name: "Save" }).click();
    const renamed = page.getByRole("table", { name: "Applications" }).getByRole("row").filter({ hasText: "Gitea (team)" });
    await renamed.waitFor();

    // Who has access: nobody yet.
    await renamed.getByRole("button", { name: "Manage Gitea (team)" }).click();
    await page.getByRole("menuitem", { name: "Who has access" }).click();
    const grants = page.getByRole("dialog", { name: "Who has access to Gitea (team)" });
    await grants.getByText("Nobody has allowed this app yet.").waitFor();
    await page.keyboard.press("Escape");

    // Delete: typed confirmation, then gone everywhere.
    await renamed.getByRole("button", { name: "Manage Gitea (team)" }).click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    const remove = page.getByRole("dialog", { name: "Delete Gitea (team)?" });
    await remove.getByRole("textbox").fill("Gitea (team)");
    await remove.getByRole("button", { name: "Delete" }).click();
    await page.getByText("No applications yet").waitFor();
    expect(await tokenError(created.clientId, rotated.secret)).toBe(REFUSED);
    expect(errors).toEqual([]);
  });

  it("shows who has granted an app access, and a person without the permission sees no Applications entry", async () => {
    const admin = await harness.createAdmin();
    const person = await harness.server.signUp({ email: "grace@example.com", name: "Grace Hopper" });
    const adminToken = (await harness.server.signUp({ email: "token-admin@example.com" })).token;
    const tokenAdmin = await harness.server.database.db.selectFrom("user").select("id").where("email", "=", "token-admin@example.com").executeTakeFirstOrThrow();
    await harness.server.database.db.updateTable("user").set({ role: "admin" }).where("id", "=", tokenAdmin.id).execute();
    const created = await harness.server.request("POST", "/admin/oauth2/create-client", { token: adminToken, body: { client_name: "Outline", redirect_uris: ["https://outline.example.test/callback"], token_endpoint_auth_method: "none" } });
    expect(created.status).toBe(200);
    const clientId = (created.body as { client_id: string }).client_id;
    const now = Date.now();
    await harness.server.database.db.insertInto("oauthConsent").values({ id: "grant-grace", clientId, userId: person.userId, scopes: "openid email", createdAt: now, updatedAt: now }).execute();

    const { page } = await harness.newPage({ as: admin });
    await page.goto(`${harness.consoleURL}/admin/applications`);
    const row = page.getByRole("table", { name: "Applications" }).getByRole("row").filter({ hasText: "Outline" });
    await row.waitFor();
    expect(await row.textContent()).toContain("Public");
    await row.getByRole("button", { name: "Manage Outline" }).click();
    // A public app has no secret to rotate.
    expect(await page.getByRole("menuitem", { name: "Rotate secret" }).count()).toBe(0);
    await page.getByRole("menuitem", { name: "Who has access" }).click();
    const grants = page.getByRole("dialog", { name: "Who has access to Outline" });
    const grantRow = grants.getByRole("row").filter({ hasText: "grace@example.com" });
    await grantRow.waitFor();
    expect(await grantRow.textContent()).toContain("See your email address and whether it is verified");
    await expectAccessible(page, "applications (who has access)");
    await screenshot(page, "oauth-provider-app-grants");

    const { page: personPage } = await harness.newPage({ as: { email: person.email, password: person.password } });
    await personPage.goto(`${harness.consoleURL}/account`);
    await personPage.getByRole("link", { name: "Connected apps" }).waitFor();
    expect(await personPage.getByRole("link", { name: "Applications" }).count()).toBe(0);
  });

  it("sets how the app sends its secret, PKCE, native and grant types, and changes them on Edit", async () => {
    const admin = await harness.createAdmin();
    const { page } = await harness.newPage({ as: admin });
    const errors = watchPageErrors(page);
    await page.goto(`${harness.consoleURL}/admin/applications`);
    await page.getByRole("heading", { name: "Applications", level: 1 }).waitFor();
    await page.getByRole("button", { name: "New application" }).click();
    const form = page.getByRole("dialog", { name: "New application" });
    await form.getByLabel("Name", { exact: true }).fill("Wiki");
    await form.getByLabel("Redirect URIs").fill("https://gitea.example.test/user/oauth2/latchkey/callback");
    await form.getByLabel(/^Confidential/).check();
    await form.getByLabel("How the app sends its secret").selectOption("client_secret_post");
    await form.getByLabel("Require PKCE from this app too").check();
    await form.getByLabel(/^Native app/).check();
    await form.getByLabel(/^client_credentials/).check();
    await expectAccessible(page, "applications (create, provider settings)");
    await form.getByRole("button", { name: "Create application" }).click();
    const created = await readSecret(page, "Wiki was created");
    await page.getByRole("dialog", { name: "Wiki was created" }).getByRole("button", { name: "I have saved it" }).click();
    const stored = async () => JSON.parse((await harness.server.database.db.selectFrom("oauthClient").select("metadata").where("clientId", "=", created.clientId).executeTakeFirstOrThrow()).metadata) as Record<string, unknown>;
    expect(await stored()).toMatchObject({ token_endpoint_auth_method: "client_secret_post", require_pkce: true, application_type: "native", grant_types: ["authorization_code", "refresh_token", "client_credentials"] });
    expect(await tokenErrorPosting(created.clientId, created.secret)).toBe(ACCEPTED);
    expect(await tokenError(created.clientId, created.secret)).toBe(REFUSED);

    const row = page.getByRole("table", { name: "Applications" }).getByRole("row").filter({ hasText: "Wiki" });
    await row.getByRole("button", { name: "Manage Wiki" }).click();
    await page.getByRole("menuitem", { name: "Edit" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Wiki" });
    await edit.waitFor();
    expect(await edit.getByLabel("How the app sends its secret").inputValue()).toBe("client_secret_post");
    expect(await edit.getByLabel("Require PKCE from this app too").isChecked()).toBe(true);
    await edit.getByLabel("How the app sends its secret").selectOption("client_secret_basic");
    await edit.getByLabel("Require PKCE from this app too").uncheck();
    await edit.getByLabel(/^Native app/).uncheck();
    await edit.getByLabel(/^client_credentials/).uncheck();
    await edit.getByRole("button", { name: "Save" }).click();
    await page.getByText("Wiki was saved.").waitFor();
    expect(await stored()).toMatchObject({ token_endpoint_auth_method: "client_secret_basic", require_pkce: false, application_type: "web", grant_types: ["authorization_code", "refresh_token"] });
    expect(await tokenError(created.clientId, created.secret)).toBe(ACCEPTED);
    expect(await tokenErrorPosting(created.clientId, created.secret)).toBe(REFUSED);
    expect(errors).toEqual([]);
  });
});
