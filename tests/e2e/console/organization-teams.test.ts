/** Organizations: teams — create, rename, add and remove members, remove; the last team is refused in words. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, screenshot, startConsole, watchPageErrors, type ConsoleHarness } from "../../helpers/console.js";

let harness: ConsoleHarness;
beforeAll(async () => {
  harness = await startConsole();
});
afterAll(async () => {
  await harness?.close();
});

describe("teams", () => {
  it("creates, renames and removes a team, adds and removes its members, and shows the refusal to remove the last team", async () => {
    const { server, consoleURL } = harness;
    const owner = await server.signUp({ name: "Tara Teamlead" });
    const organization = await server.client(owner.token).createOrganization({ name: "Fabrikam", slug: "fabrikam" });
    const member = await server.signUp({ name: "Milo Member" });
    await server.client(owner.token).addOrganizationMember({ organizationId: organization.id, userId: member.userId, role: "member" });

    const { page } = await harness.newPage({ as: owner });
    page.setDefaultTimeout(10_000);
    const errors = watchPageErrors(page);
    await page.goto(`${consoleURL}/organizations/${organization.id}/teams`);
    const teams = page.getByRole("list", { name: "Teams" });
    await teams.getByRole("button", { name: "Show members of Fabrikam" }).waitFor();

    await page.getByLabel("Team name").fill("Design");
    await page.getByRole("button", { name: "Create team" }).click();
    await page.getByText("Team Design created.").waitFor();
    await page.getByRole("heading", { name: "Members of Design" }).waitFor();
    await page.getByText("Nobody in this team yet").waitFor();

    await page.getByRole("button", { name: "Rename Design" }).click();
    const rename = page.getByRole("dialog", { name: "Rename Design" });
    await rename.getByLabel("New name").fill("Product design");
    await rename.getByRole("button", { name: "Rename team" }).click();
    await page.getByText("Team renamed to Product design.").waitFor();
    await teams.getByRole("button", { name: "Show members of Product design" }).waitFor();

    // Add a member picked from the organization's members (server-side search).
    await page.getByLabel("Add a member").fill("milo");
    await page.getByRole("button", { name: "Add Milo Member to Product design" }).click();
    await page.getByText("Milo Member was added to Product design.").waitFor();
    const teamList = page.getByRole("list", { name: "Members of Product design" });
    await teamList.getByText(member.email).waitFor();
    const team = (await server.client(owner.token).listTeams({ organizationId: organization.id })).find((entry) => entry.name === "Product design")!;
    expect((await server.client(owner.token).listTeamMembers({ teamId: team.id })).map((entry) => entry.userId)).toEqual([member.userId]);
    await expectAccessible(page, "organization teams");
    await screenshot(page, "organization-teams");

    await page.getByRole("button", { name: "Remove Milo Member from Product design" }).click();
    await page.getByText("Milo Member was removed from Product design.").waitFor();
    await page.getByText("Nobody in this team yet").waitFor();
    expect(await server.client(owner.token).listTeamMembers({ teamId: team.id })).toEqual([]);

    await page.getByRole("button", { name: "Remove team Product design" }).click();
    await page.getByRole("dialog", { name: "Remove team Product design?" }).getByRole("button", { name: "Remove team" }).click();
    await page.getByText("Team Product design was removed.").waitFor();
    await expect.poll(() => teams.getByRole("button", { name: "Show members of Product design" }).count()).toBe(0);

    // The last team stays unless the server allows removing all: its words are shown.
    await page.getByRole("button", { name: "Remove team Fabrikam" }).click();
    const last = page.getByRole("dialog", { name: "Remove team Fabrikam?" });
    await last.getByRole("button", { name: "Remove team" }).click();
    await last.getByText("Unable to remove last team.").waitFor();
    expect(await server.client(owner.token).listTeams({ organizationId: organization.id })).toHaveLength(1);

    // Add to team from the members table too.
    await last.getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("navigation", { name: "Organization sections" }).getByRole("link", { name: "Members" }).click();
    await page.getByRole("button", { name: "Actions for Milo Member" }).click();
    await page.getByRole("menuitem", { name: "Add to team…" }).click();
    const addDialog = page.getByRole("dialog", { name: "Add Milo Member to a team" });
    await addDialog.getByLabel("Team").selectOption({ label: "Fabrikam" });
    await addDialog.getByRole("button", { name: "Add to team" }).click();
    await page.getByText("Milo Member was added to Fabrikam.").waitFor();
    const [remaining] = await server.client(owner.token).listTeams({ organizationId: organization.id });
    expect((await server.client(owner.token).listTeamMembers({ teamId: remaining!.id })).map((entry) => entry.userId)).toContain(member.userId);
    expect(errors).toEqual([]);
  }, 120_000);
});
