/**
 * One user's panel: profile and last sign-in, role, ban with reason and expiry (which signs the
 * banned user's own open console out), unban, sessions, impersonation start and stop, set
 * password, removal with the email typed, and "Provisioned by" for a person a SCIM connection
 * created (issue 36).
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, screenshot, startConsole, watchPageErrors, type ConsoleHarness } from "../../helpers/console.js";
import { signedIn } from "../../helpers/signed-in.js";

let harness: ConsoleHarness;
let admin: { email: string; password: string; userId: string };
let adminToken: string;

beforeAll(async () => {
  harness = await startConsole({ config: { scim: { enabled: true } } });
  admin = await harness.createAdmin({ email: "panel-admin@example.com", name: "Panel Admin" });
  adminToken = signedIn(await harness.server.client().signInEmail({ email: admin.email, password: admin.password })).token ?? "";
});
afterAll(async () => {
  await harness?.close();
});

async function openPanel(page: Page, userId: string, heading: string) {
  await page.goto(`${harness.consoleURL}/admin/users/${userId}`);
  await page.getByRole("heading", { name: heading, level: 1 }).waitFor();
}

function section(page: Page, name: string) {
  return page.getByRole("region", { name, exact: true });
}

describe("admin user panel", { timeout: 90_000 }, () => {
  it("shows the profile, last sign-in, sessions, accounts and audit trail, and sets the role", async () => {
    const user = await harness.server.signUp({ email: "panel-profile@example.com", name: "Pat Profile", username: "patprofile" });
    const { page } = await harness.newPage({ as: admin });
    const errors = watchPageErrors(page);
    await openPanel(page, user.userId, "Pat Profile");

    const profile = section(page, "Profile");
    expect(await profile.textContent()).toContain("panel-profile@example.com");
    expect(await profile.textContent()).toContain("patprofile");
    // Sign-up signs in: the last sign-in is recorded with its method.
    expect(await profile.textContent()).toMatch(/Last sign-in.*(ago|now)/);
    await section(page, "Sessions").getByRole("button", { name: /^Revoke the session started/ }).first().waitFor();
    await section(page, "Linked accounts").getByText("Email and password").waitFor();
    await section(page, "Organizations").getByText("Not a member of any organization").waitFor();
    const audit = section(page, "Audit trail");
    await audit.getByRole("listitem").first().waitFor();
    expect(await audit.getByRole("link", { name: "Open in the audit log" }).getAttribute("href")).toBe(`/console/admin/audit?target=${user.userId}`);
    await expectAccessible(page, "user panel");
    await screenshot(page, "admin-user-panel");

    // Set role: the panel and the server agree.
    const role = section(page, "Role");
    await role.getByLabel("Role").selectOption({ label: "Administrator" });
    await role.getByRole("button", { name: "Save role" }).click();
    await page.getByText("Role set to Administrator.").waitFor();
    await expect.poll(async () => (await harness.server.client(adminToken).adminGetUser({ id: user.userId })).role).toBe("admin");
    // Disabled once the panel has the saved role back from the server, which can come after the notice.
    await expect.poll(() => role.getByRole("button", { name: "Save role" }).isDisabled()).toBe(true);
    // The trail names the administrator who changed the role, not "someone else" (#33).
    await page.reload();
    await audit.getByText("by Panel Admin (panel-admin@example.com)").first().waitFor();
    expect(await audit.textContent()).not.toContain("by someone else");
    expect(errors).toEqual([]);
  });

  it("bans with a reason and an expiry, which signs the user's own open console out; then unbans", async () => {
    const user = await harness.server.signUp({ email: "panel-ban@example.com", name: "Ban Target" });
    // The user's own console, open before the ban.
    const { page: victim } = await harness.newPage({ as: user });
    await victim.goto(`${harness.consoleURL}/account`);
    await victim.getByRole("navigation", { name: "Main" }).waitFor();

    const { page } = await harness.newPage({ as: admin });
    const errors = watchPageErrors(page);
    await openPanel(page, user.userId, "Ban Target");
    const banSection = section(page, "Ban");
    await banSection.getByText("Not banned: this user can sign in.").waitFor();
    await banSection.getByRole("button", { name: "Ban user…" }).click();
    const dialog = page.getByRole("dialog", { name: "Ban panel-ban@example.com" });
    await dialog.getByLabel("Reason").fill("Abusive messages in the forum");
    // A custom time in the past is refused in words, before any call.
    await dialog.getByLabel("Ban ends", { exact: true }).selectOption({ label: "At a date and time…" });
    await dialog.getByLabel("Ban ends at").fill("2001-01-01T10:00");
    await dialog.getByRole("button", { name: "Ban user" }).click();
    await dialog.getByText("Choose a time at least a minute from now and within 100 years.").waitFor();
    await dialog.getByLabel("Ban ends", { exact: true }).selectOption({ label: "In 7 days" });
    await expectAccessible(page, "ban dialog");
    await screenshot(page, "admin-ban-dialog");
    await dialog.getByRole("button", { name: "Ban user" }).click();
    await dialog.waitFor({ state: "detached" });

    await banSection.getByText(/Banned until .* — Abusive messages in the forum/).waitFor();
    const banned = await harness.server.client(adminToken).adminGetUser({ id: user.userId });
    expect(banned.banned).toBe(true);
    expect(banned.banReason).toBe("Abusive messages in the forum");
    const days = (new Date(banned.banExpires!).getTime() - Date.now()) / (24 * 3600_000);
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThan(7.1);
    // Sessions were ended with the ban.
    await section(page, "Sessions").getByText("Not signed in anywhere").waitFor();

    // The banned user's own console notices on focus (it also polls every 15 s) and signs out.
    await victim.evaluate(() => {
      window.dispatchEvent(new Event("focus"));
      document.dispatchEvent(new Event("visibilitychange"));
    });
    await victim.waitForURL(/\/console\/sign-in/, { timeout: 25_000 });
    await victim.getByText("Your session ended. Sign in again.").waitFor();
    // Signing in again is refused with the ban's message.
    await victim.getByLabel("Email or username").fill(user.email);
    await victim.getByLabel("Password", { exact: true }).fill(user.password);
    await victim.getByRole("button", { name: "Sign in", exact: true }).click();
    await victim.getByText(/banned/i).first().waitFor();

    // Unban.
    await banSection.getByRole("button", { name: "Unban" }).click();
    await banSection.getByText("Not banned: this user can sign in.").waitFor();
    expect((await harness.server.client(adminToken).adminGetUser({ id: user.userId })).banned).toBe(false);
    expect(errors).toEqual([]);
  });

  it("stores a chosen ban end exactly, in the browser's time zone, and shows it as chosen (issue 25)", async () => {
    const user = await harness.server.signUp({ email: "panel-until@example.com", name: "Until Target" });
    // Kolkata is UTC+5:30 all year (no daylight saving): 18:00 there is 12:30 UTC, whatever the date.
    const { page } = await harness.newPage({ as: admin, timezoneId: "Asia/Kolkata" });
    const errors = watchPageErrors(page);
    const day = new Date(Date.now() + 40 * 24 * 3600_000).toISOString().slice(0, 10);
    await openPanel(page, user.userId, "Until Target");
    const banSection = section(page, "Ban");
    await banSection.getByRole("button", { name: "Ban user…" }).click();
    const dialog = page.getByRole("dialog", { name: "Ban panel-until@example.com" });
    await dialog.getByLabel("Ban ends", { exact: true }).selectOption({ label: "At a date and time…" });
    await dialog.getByLabel("Ban ends at").fill(`${day}T18:00`);
    await dialog.getByRole("button", { name: "Ban user" }).click();
    await dialog.waitFor({ state: "detached" });
    await banSection.getByText(/Banned until .*6:00\sPM/).waitFor();
    const banned = await harness.server.client(adminToken).adminGetUser({ id: user.userId });
    expect(banned.banExpires).toBe(`${day}T12:30:00.000Z`);
    expect(errors).toEqual([]);
  });

  it("keeps an open panel's ban state fresh when the ban changes elsewhere", async () => {
    const user = await harness.server.signUp({ email: "panel-fresh@example.com", name: "Fresh State" });
    const { page } = await harness.newPage({ as: admin });
    await openPanel(page, user.userId, "Fresh State");
    const banSection = section(page, "Ban");
    await banSection.getByText("Not banned: this user can sign in.").waitFor();
    await harness.server.client(adminToken).adminBanUser({ userId: user.userId, banReason: "banned from the CLI" });
    // No focus change, no action here: the panel's own 10-second refresh brings the ban in. The
    // wait is generous (a loaded CI box delays timers and the answer); only a panel that never
    // refreshes fails, as the test is well under its timeout here.
    await banSection.getByText(/banned from the CLI/).waitFor({ timeout: 30_000 });
  });

  it("revokes one session and then all of them", async () => {
    const user = await harness.server.signUp({ email: "panel-sessions@example.com", name: "Many Sessions" });
    await harness.server.client().signInEmail({ email: user.email, password: user.password });
    await harness.server.client().signInEmail({ email: user.email, password: user.password });
    const { page } = await harness.newPage({ as: admin });
    await openPanel(page, user.userId, "Many Sessions");
    const sessions = section(page, "Sessions");
    const revokeButtons = sessions.getByRole("button", { name: /^Revoke the session started/ });
    await expect.poll(() => revokeButtons.count()).toBe(3);
    await revokeButtons.first().click();
    await expect.poll(() => revokeButtons.count()).toBe(2);
    expect((await harness.server.client(adminToken).adminListUserSessions({ userId: user.userId })).sessions).toHaveLength(2);

    await sessions.getByRole("button", { name: "Revoke all sessions" }).click();
    const confirm = page.getByRole("dialog", { name: "Sign panel-sessions@example.com out everywhere?" });
    await confirm.getByRole("button", { name: "Revoke all sessions" }).click();
    await sessions.getByText("Not signed in anywhere").waitFor();
    expect((await harness.server.client(adminToken).adminListUserSessions({ userId: user.userId })).sessions).toHaveLength(0);
  });

  it("impersonates a user with a banner on every page, and stopping returns to the panel", async () => {
    const user = await harness.server.signUp({ email: "panel-imp@example.com", name: "Imp Target" });
    const { page } = await harness.newPage({ as: admin });
    const errors = watchPageErrors(page);
    await openPanel(page, user.userId, "Imp Target");
    const panelURL = page.url();
    await page.getByRole("button", { name: "Impersonate" }).click();
    await page.waitForURL(/\/console\/account/);
    const banner = page.getByRole("region", { name: "Stop impersonating" });
    await banner.getByText("You are acting as Imp Target (panel-imp@example.com).").waitFor();
    // Still there on another page; and administration is gone (the user is not an admin).
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Organizations" }).click();
    await page.waitForURL(/\/console\/organizations/);
    await banner.waitFor();
    expect(await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Users" }).count()).toBe(0);

    await banner.getByRole("button", { name: "Stop impersonating" }).click();
    await page.waitForURL(panelURL);
    await page.getByRole("heading", { name: "Imp Target", level: 1 }).waitFor();
    // The banner follows the session, which the console asks for again after the switch back.
    await expect.poll(() => banner.count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it("sets a password the user can then sign in with, and shows the server's message for a short one", async () => {
    const user = await harness.server.signUp({ email: "panel-pass@example.com", name: "Pass Word" });
    const { page } = await harness.newPage({ as: admin });
    await openPanel(page, user.userId, "Pass Word");
    await page.getByRole("button", { name: "Set password" }).click();
    const dialog = page.getByRole("dialog", { name: "Set a password for panel-pass@example.com" });
    await dialog.getByLabel("New password").fill("short");
    await dialog.getByRole("button", { name: "Set password" }).click();
    await dialog.getByText("The password is too short.").waitFor();
    await dialog.getByLabel("New password").fill("a brand new long password");
    await dialog.getByRole("button", { name: "Set password" }).click();
    await page.getByText("Password set for panel-pass@example.com.").waitFor();

    // Sign in with it, as a person, in a fresh window.
    const { page: fresh } = await harness.newPage();
    await fresh.goto(`${harness.consoleURL}/sign-in`);
    await fresh.getByLabel("Email or username").fill("panel-pass@example.com");
    await fresh.getByLabel("Password", { exact: true }).fill("a brand new long password");
    await fresh.getByRole("button", { name: "Sign in", exact: true }).click();
    await fresh.waitForURL(/\/console\/account/);
  });

  it("removes a user only once their email is typed, then goes back to the list", async () => {
    const user = await harness.server.signUp({ email: "panel-remove@example.com", name: "Remove Me" });
    const { page } = await harness.newPage({ as: admin });
    await openPanel(page, user.userId, "Remove Me");
    await page.getByRole("button", { name: "Remove user" }).click();
    const dialog = page.getByRole("dialog", { name: "Remove panel-remove@example.com?" });
    const confirm = dialog.getByRole("button", { name: "Remove user" });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel("Type panel-remove@example.com to confirm").fill("panel-remove@example.co");
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel("Type panel-remove@example.com to confirm").fill("panel-remove@example.com");
    await confirm.click();
    await page.waitForURL(/\/console\/admin\/users$/);
    await page.getByText("panel-remove@example.com was removed.").waitFor();
    await expect(harness.server.client(adminToken).adminGetUser({ id: user.userId })).rejects.toMatchObject({ status: 404 });

    // Its old address now says so.
    await page.goto(`${harness.consoleURL}/admin/users/${user.userId}`);
    await page.getByText("This user no longer exists").waitFor();
  });

  it("names the SCIM connection that provisioned a person, and nothing for anyone else", async () => {
    const owner = await harness.server.signUp({ email: "panel-scim-owner@example.com", name: "Scim Owner" });
    const org = await harness.server.request("POST", "/organization/create", { token: owner.token, body: { name: "Panel SCIM Org", slug: "panel-scim-org" } });
    expect(org.status).toBe(200);
    const minted = await harness.server.request("POST", "/scim/create-token", { token: owner.token, body: { organizationId: org.body.id, name: "Panel Okta" } });
    expect(minted.status).toBe(200);
    const created = await harness.server.request("POST", "/scim/v2/Users", {
      headers: { authorization: `Bearer ${minted.body.token}`, "content-type": "application/scim+json" },
      body: { schemas: ["urn:ietf:params:scim:schemas:core:2.0:User"], userName: "panel-scim@example.com", name: { givenName: "Sky", familyName: "Provisioned" }, emails: [{ value: "panel-scim@example.com", primary: true }], active: true },
    });
    expect(created.status).toBe(201);

    const { page } = await harness.newPage({ as: admin });
    const errors = watchPageErrors(page);
    await openPanel(page, created.body.id, "Sky Provisioned");
    const profile = section(page, "Profile");
    const term = profile.getByRole("term").filter({ hasText: /^Provisioned by$/ });
    await term.waitFor();
    // The definition right after the term names the connection.
    expect(await term.locator("xpath=following-sibling::dd[1]").textContent()).toBe("Panel Okta");
    await expectAccessible(page, "user panel of a provisioned person");

    // Someone who signed up on their own has no such line.
    await openPanel(page, owner.userId, "Scim Owner");
    await section(page, "Profile").getByRole("term").filter({ hasText: /^User ID$/ }).waitFor();
    expect(await section(page, "Profile").getByRole("term").filter({ hasText: /^Provisioned by$/ }).count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
