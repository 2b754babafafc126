/**
 * Administration → Applications, issue 34 in the console: an administrator gives an app claims of
 * its own (a user field picked from the server's list, additional fields and the global role
 * included, or a fixed text) and limits who may use it to a team picked from the existing ones. A
 * registered claim name is refused with the server's message beside that claim's row. What the
 * form saved is read back through the admin API and proven with real tokens: openid-client signs a
 * team member in and finds the claims in the ID token; someone outside the team is sent back to
 * the app with access_denied. Editing removes a claim and opens the app to anyone.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REDIRECT, relyingParty } from "../../helpers/oidc-relying-party.js";
import { expectAccessible, screenshot, startConsole, watchPageErrors, type ConsoleHarness } from "../../helpers/console.js";

let harness: ConsoleHarness;
beforeAll(async () => {
  harness = await startConsole({
    config: { oauthProvider: { enabled: true }, rateLimit: { enabled: false }, user: { additionalFields: { department: { type: "string" } } } } as never,
  });
});
afterAll(async () => {
  await harness?.close();
});

async function call(path: string, token: string, body: Record<string, unknown>) {
  const answer = await harness.server.request("POST", path, { token, body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as { id: string };
}

describe("Administration → Applications: claims and who may use an app", { timeout: 240_000 }, () => {
  it("creates an app with claims and a team rule that real tokens honour, refuses a registered claim beside its row, and edits both", async () => {
    // What exists to pick from: an organization with a team, and a person in that team.
    const owner = await harness.server.signUp({ email: "claims-owner@example.com" });
    const acme = await call("/organization/create", owner.token, { name: "Acme", slug: "acme" });
    const ops = await call("/organization/create-team", owner.token, { organizationId: acme.id, name: "Ops" });
    const member = await harness.server.signUp({ email: "claims-member@example.com" });
    await call("/organization/add-member", owner.token, { organizationId: acme.id, userId: member.userId, role: "member" });
    await call("/organization/add-team-member", owner.token, { teamId: ops.id, userId: member.userId });
    await harness.server.database.db.updateTable("user").set({ additionalFields: JSON.stringify({ department: "Operations" }) }).where("id", "=", member.userId).execute();
    const outsider = await harness.server.signUp({ email: "claims-outsider@example.com" });

    const admin = await harness.createAdmin();
    const { page } = await harness.newPage({ as: admin });
    const errors = watchPageErrors(page);
    await page.goto(`${harness.consoleURL}/admin/applications`);
    await page.getByRole("heading", { name: "Applications", level: 1 }).waitFor();
    await page.getByRole("button", { name: "New application" }).click();
    const form = page.getByRole("dialog", { name: "New application" });
    await form.getByLabel("Name", { exact: true }).fill("Immich");
    await form.getByLabel("Redirect URIs").fill(REDIRECT);
    await form.getByLabel(/^Confidential/).check();
    await form.getByLabel(/^First-party app/).check();

    // Claims: none yet, then three rows; the first is named as a registered claim.
    const claims = form.getByRole("group", { name: "Claims of this app’s own" });
    await claims.getByText("None: the app gets the standard claims only.").waitFor();
    await claims.getByRole("button", { name: "Add a claim" }).click();
    const first = claims.getByRole("group", { name: "New claim 1" });
    await first.getByLabel("Claim name").fill("sub");
    const sub = claims.getByRole("group", { name: "Claim sub" });
    const offered = await sub.getByLabel("Value").locator("option").allTextContents();
    expect(offered).toEqual(expect.arrayContaining(["user.email", "user.department", "user.role — the global role", "Fixed text"]));
    expect(offered).not.toContain("user.password");
    await sub.getByLabel("Value").selectOption("role");
    await claims.getByRole("button", { name: "Add a claim" }).click();
    const second = claims.getByRole("group", { name: "New claim 2" });
    await second.getByLabel("Claim name").fill("department");
    await claims.getByRole("group", { name: "Claim department" }).getByLabel("Value").selectOption("department");
    await claims.getByRole("button", { name: "Add a claim" }).click();
    await claims.getByRole("group", { name: "New claim 3" }).getByLabel("Claim name").fill("immich_quota");
    const quota = claims.getByRole("group", { name: "Claim immich_quota" });
    await quota.getByLabel("Value").selectOption({ label: "Fixed text" });
    await quota.getByLabel("Text", { exact: true }).fill("500");

    // Who may use it: "only chosen people" with nobody chosen is refused by the form itself.
    const access = form.getByRole("group", { name: "Who may use this app" });
    await access.getByLabel("Only the people chosen below").check();
    await form.getByRole("button", { name: "Create application" }).click();
    await access.getByText("Choose at least one organization, team or role, or let anyone who signs in use the app.").waitFor();
    await access.getByRole("group", { name: "Teams" }).getByLabel("acme/Ops").check();
    expect(await access.getByRole("group", { name: "Organizations" }).getByLabel("Acme (acme)").isChecked()).toBe(false);

    // The server refuses the registered name; its message stands beside that row's name field.
    await form.getByRole("button", { name: "Create application" }).click();
    const refusal = sub.getByRole("alert");
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain('claim "sub" is a registered claim the provider sets itself');
    expect(await sub.getByLabel("Claim name").getAttribute("aria-invalid")).toBe("true");
    expect(await harness.server.database.db.selectFrom("oauthClient").select("clientId").execute()).toEqual([]);
    await sub.getByLabel("Claim name").fill("immich_role");
    await expectAccessible(page, "applications (claims and access rules)");
    // The picture for docs/console.md starts at the claims.
    await claims.evaluate((element) => element.scrollIntoView({ block: "start" }));
    await screenshot(page, "oauth-applications-claims");
    await form.getByRole("button", { name: "Create application" }).click();

    const secretDialog = page.getByRole("dialog", { name: "Immich was created" });
    await secretDialog.waitFor();
    const clientId = await secretDialog.getByLabel("Client ID").inputValue();
    const secret = await secretDialog.getByLabel("Client secret").inputValue();
    await secretDialog.getByRole("button", { name: "I have saved it" }).click();

    // The admin API says what the form said.
    const apiAdmin = await harness.server.signUp({ email: "claims-api-admin@example.com" });
    await harness.server.database.db.updateTable("user").set({ role: "admin" }).where("id", "=", apiAdmin.userId).execute();
    const stored = async () => (await harness.server.request("GET", `/admin/oauth2/get-client?client_id=${clientId}`, { token: apiAdmin.token })).body as Record<string, unknown>;
    const got = await stored();
    expect(got.custom_claims).toEqual({ immich_role: "user.role", department: "user.department", immich_quota: "literal:500" });
    expect(got.allowed_teams).toEqual(["acme/Ops"]);
    expect(got).not.toHaveProperty("allowed_organizations");
    expect(got).not.toHaveProperty("allowed_roles");

    // Real tokens: the team member's ID token carries the claims; the outsider is sent back refused.
    const rp = relyingParty(harness.server, "");
    const config = await rp.configFor({ client_id: clientId, client_secret: secret });
    const { tokens } = await rp.signInToApp(config, await rp.browserOf(member.email), { scope: "openid profile" });
    expect(tokens.claims()).toMatchObject({ immich_role: "user", department: "Operations", immich_quota: "500" });
    const refused = await rp.authorize(config, await rp.browserOf(outsider.email), { scope: "openid profile" });
    const back = new URL(refused.location);
    expect([back.origin + back.pathname, back.searchParams.get("error"), back.searchParams.get("state")]).toEqual([REDIRECT, "access_denied", refused.state]);

    // Edit: the rows and the rule come back as saved; remove a claim and open the app to anyone.
    const row = page.getByRole("table", { name: "Applications" }).getByRole("row").filter({ hasText: "Immich" });
    await row.getByRole("button", { name: "Manage Immich" }).click();
    await page.getByRole("menuitem", { name: "Edit" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Immich" });
    const editClaims = edit.getByRole("group", { name: "Claims of this app’s own" });
    expect(await editClaims.getByRole("group", { name: "Claim immich_role" }).getByLabel("Value").inputValue()).toBe("role");
    expect(await editClaims.getByRole("group", { name: "Claim immich_quota" }).getByLabel("Text", { exact: true }).inputValue()).toBe("500");
    const editAccess = edit.getByRole("group", { name: "Who may use this app" });
    expect(await editAccess.getByLabel("Only the people chosen below").isChecked()).toBe(true);
    expect(await editAccess.getByLabel("acme/Ops").isChecked()).toBe(true);
    await editClaims.getByRole("button", { name: "Remove claim immich_quota" }).click();
    await editAccess.getByLabel("Anyone who signs in").check();
    await expectAccessible(page, "applications (edit claims and access rules)");
    await edit.getByRole("button", { name: "Save" }).click();
    await page.getByText("Immich was saved.").waitFor();

    const saved = await stored();
    expect(saved.custom_claims).toEqual({ immich_role: "user.role", department: "user.department" });
    expect(saved).not.toHaveProperty("allowed_teams");
    const { tokens: now } = await rp.signInToApp(config, await rp.browserOf(outsider.email), { scope: "openid profile" });
    expect(now.claims()).toMatchObject({ immich_role: "user" });
    expect(now.claims()).not.toHaveProperty("immich_quota");
    expect(errors).toEqual([]);
  });
});
