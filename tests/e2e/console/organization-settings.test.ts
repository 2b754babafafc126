/** Organizations: the list, creating one (slug checked as you type), settings, switching active, leave and delete. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, screenshot, startConsole, watchPageErrors, type ConsoleHarness } from "../../helpers/console.js";

let harness: ConsoleHarness;
beforeAll(async () => {
  harness = await startConsole();
});
afterAll(async () => {
  await harness?.close();
});

describe("organization list, creation and settings", () => {
  it("creates an organization with a live slug check, edits its settings, switches active, refuses the only owner's leave and deletes with the slug typed", async () => {
    const { server, consoleURL } = harness;
    // Someone else already holds the slug the name suggests.
    const other = await server.signUp({ name: "Other Owner" });
    await server.client(other.token).createOrganization({ name: "Acme Labs", slug: "acme-labs" });

    const me = await server.signUp({ name: "Grace Hopper" });
    const { page } = await harness.newPage({ as: me });
    page.setDefaultTimeout(10_000);
    const errors = watchPageErrors(page);
    await page.goto(`${consoleURL}/organizations`);
    await page.getByText("You are not in any organization yet").waitFor();
    await expectAccessible(page, "organizations (empty)");
    await screenshot(page, "organizations-empty");

    await page.getByRole("button", { name: "Create organization" }).click();
    const dialog = page.getByRole("dialog", { name: "Create an organization" });
    await dialog.getByLabel("Name").fill("Acme Labs");
    const slug = dialog.getByLabel("Slug");
    await expect.poll(() => slug.inputValue()).toBe("acme-labs");
    // Taken is shown while typing, before any submit.
    await dialog.getByText("That slug is taken. Try another one.").waitFor();
    expect(await dialog.getByRole("button", { name: "Create organization" }).isDisabled()).toBe(true);
    await expectAccessible(page, "create organization dialog");
    await screenshot(page, "organizations-create-dialog");

    await slug.fill("acme-labs-hq");
    await dialog.getByText("This slug is free.").waitFor();
    await dialog.getByLabel("Logo URL (optional)").fill("not a url");
    await dialog.getByRole("button", { name: "Create organization" }).click();
    await dialog.getByText("Enter an address that starts with https://.").waitFor();
    await dialog.getByLabel("Logo URL (optional)").fill("");
    await dialog.getByRole("button", { name: "Create organization" }).click();

    await page.waitForURL(/\/console\/organizations\/[^/]+$/);
    const organizationId = page.url().split("/").pop() as string;
    await page.getByRole("heading", { level: 1, name: "Acme Labs" }).waitFor();
    const tabs = page.getByRole("navigation", { name: "Organization sections" });
    expect(await tabs.getByRole("link", { name: "Settings" }).getAttribute("aria-current")).toBe("page");
    expect(await tabs.getByRole("link", { name: "Members" }).getAttribute("aria-current")).toBeNull();
    await page.getByText("Your role: Owner").waitFor();

    // Settings: invalid metadata is refused in the form; a taken slug is flagged; a valid save reaches the server.
    await page.getByLabel("Name").fill("Acme Labs HQ");
    await page.getByLabel("Slug").fill("acme-labs");
    await page.getByText("That slug is taken. Try another one.").waitFor();
    await page.getByLabel("Slug").fill("acme-hq");
    await page.getByText("This slug is free.").waitFor();
    await page.getByLabel("Metadata (JSON)").fill("{plan: pro");
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.getByText("This is not a JSON object. Check quotes, commas and braces.").waitFor();
    await page.getByLabel("Metadata (JSON)").fill('{"plan": "pro", "seats": 12}');
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.getByText("Settings saved.").waitFor();
    await page.getByRole("heading", { level: 1, name: "Acme Labs HQ" }).waitFor();
    const saved = await server.client(me.token).getFullOrganization({ organizationId });
    expect(saved).toMatchObject({ name: "Acme Labs HQ", slug: "acme-hq", metadata: { plan: "pro", seats: 12 } });
    await expectAccessible(page, "organization settings");
    await screenshot(page, "organization-settings");

    // The only owner cannot leave: the button is disabled and says why (issue 25).
    const leave = page.getByRole("button", { name: "Leave organization" });
    await page.getByText("You are the only owner: make another member an owner before you leave.").waitFor();
    expect(await leave.isDisabled()).toBe(true);
    expect(await leave.getAttribute("aria-describedby")).toBe(await page.getByText("You are the only owner: make another member an owner before you leave.").getAttribute("id"));
    expect(page.url()).toContain(`/organizations/${organizationId}`);

    // The list: role, active marker, and switching the active organization.
    const second = await server.client(me.token).createOrganization({ name: "Beta Works", slug: "beta-works", keepCurrentActiveOrganization: true });
    await page.getByRole("link", { name: "← All organizations" }).click();
    await page.waitForURL(/\/console\/organizations$/);
    const table = page.getByRole("table", { name: "Your organizations" });
    const acmeRow = table.getByRole("row").filter({ hasText: "Acme Labs HQ" });
    const betaRow = table.getByRole("row").filter({ hasText: "Beta Works" });
    await acmeRow.getByText("Owner").waitFor();
    await acmeRow.getByText("Active", { exact: true }).waitFor();
    expect(await betaRow.getByText("Active", { exact: true }).count()).toBe(0);
    await expectAccessible(page, "organizations list");
    await screenshot(page, "organizations-list");
    await page.getByRole("button", { name: "Set active: Beta Works", exact: true }).click();
    await betaRow.getByText("Active", { exact: true }).waitFor();
    await expect.poll(() => acmeRow.getByText("Active", { exact: true }).count()).toBe(0);
    // The browser's own session (its cookie) now names it.
    const session = (await (await page.request.get(`${server.api}/get-session`)).json()) as { session: { activeOrganizationId: string | null } };
    expect(session.session.activeOrganizationId).toBe(second.id);

    // Delete: the button stays disabled until the slug is typed.
    await acmeRow.getByRole("link", { name: "Acme Labs HQ" }).click();
    await page.getByRole("button", { name: "Delete organization" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete Acme Labs HQ?" });
    const confirmButton = confirm.getByRole("button", { name: "Delete organization" });
    expect(await confirmButton.isDisabled()).toBe(true);
    await confirm.getByLabel("Type acme-hq to confirm").fill("acme-labs");
    expect(await confirmButton.isDisabled()).toBe(true);
    await confirm.getByLabel("Type acme-hq to confirm").fill("acme-hq");
    await confirmButton.click();
    await page.waitForURL(/\/console\/organizations$/);
    await page.getByText("Acme Labs HQ was deleted.").waitFor();
    await expect.poll(() => table.getByRole("row").filter({ hasText: "Acme Labs HQ" }).count()).toBe(0);
    const remaining = await server.client(me.token).listOrganizations();
    expect(remaining.map((organization) => organization.slug)).toEqual(["beta-works"]);
    expect(errors).toEqual([]);
  }, 120_000);
});
