/**
 * The organization's "Single sign-on" tab in Chromium (issues 35 and 36): an owner adds an OpenID
 * provider (a real oidc-provider answers the discovery), is shown the TXT record, and verifies the
 * domain against a real DNS server on loopback; the client secret never comes back to the page;
 * SCIM tokens are shown once and revoked; admins see providers but not SCIM; members see no tab.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDns, type TestDns } from "../../helpers/dns-server.js";
import { expectAccessible, screenshot, startConsole, watchPageErrors, type ConsoleHarness } from "../../helpers/console.js";
import { startIdp, type TestIdp } from "../../server/social/support.js";

let idp: TestIdp;
let dns: TestDns;
let harness: ConsoleHarness;
beforeAll(async () => {
  idp = await startIdp();
  dns = await startDns();
  harness = await startConsole({ config: { sso: { enabled: true, domainVerification: { dnsServers: [dns.address] } }, scim: { enabled: true }, trustedOrigins: [idp.issuer] } });
  idp.allow([`${harness.server.api}/sso/callback/northwind`]);
}, 60_000);
afterAll(async () => {
  await harness?.close();
  await idp?.close();
  await dns?.close();
});

// Browser flows on a loaded two-core CI box: the default 30 s is not enough (the Single sign-on
// tab's two tests timed out at 30 s at load average 30); each step keeps its own bound.
describe("the Single sign-on tab", { timeout: 120_000 }, () => {
  it("an owner adds an OpenID provider, publishes the TXT record and verifies the domain; the secret never comes back", async () => {
    const { server, consoleURL } = harness;
    const owner = await server.signUp({ name: "Olga Owner" });
    const organization = await server.client(owner.token).createOrganization({ name: "Northwind", slug: "northwind" });
    const { page } = await harness.newPage({ as: owner });
    page.setDefaultTimeout(10_000);
    const errors = watchPageErrors(page);
    await page.goto(`${consoleURL}/organizations/${organization.id}`);
    await page.getByRole("navigation", { name: "Organization sections" }).getByRole("link", { name: "Single sign-on" }).click();
    await page.getByText("No identity provider yet").waitFor();
    await page.getByText("No SCIM connection yet").waitFor();
    await expectAccessible(page, "organization sso (empty)");

    await page.getByRole("button", { name: "Add identity provider" }).click();
    const add = page.getByRole("dialog", { name: "Add an identity provider" });
    // Nothing filled in: each field says what it needs, and nothing is sent.
    await add.getByRole("button", { name: "Add provider" }).click();
    await add.getByText("Enter at least one domain.").waitFor();
    await add.getByText("Enter the client secret.").waitFor();
    await add.getByLabel("Provider ID").fill("northwind");
    await add.getByLabel("Issuer URL").fill(idp.issuer);
    await add.getByLabel("Email domains").fill("northwind.test");
    await add.getByLabel("Client ID").fill(idp.clientId);
    await add.getByLabel("Client secret").fill(idp.clientSecret);
    await add.getByRole("button", { name: "Add provider" }).click();
    await page.getByText("Identity provider northwind added.").waitFor();

    // The record to publish comes next.
    const verify = page.getByRole("dialog", { name: "Verify the domain of northwind" });
    const recordName = await verify.getByLabel("TXT record name").inputValue();
    const recordValue = await verify.getByLabel("TXT record value").inputValue();
    expect(recordName).toBe("_better-auth-token-northwind.northwind.test");
    expect(recordValue).toMatch(/^[A-Za-z0-9]{24}$/);
    // Not published yet: the server's words, and the domain stays unverified.
    await verify.getByRole("button", { name: "Check DNS now" }).click();
    await verify.getByText("The DNS TXT record that proves the domain was not found. Try again later.").waitFor();
    // An owner is no server administrator: no by-hand button.
    expect(await verify.getByRole("button", { name: "Mark verified by hand" }).count()).toBe(0);
    await expectAccessible(page, "organization sso (verify)");
    dns.txt.set(recordName, [recordValue]);
    await verify.getByRole("button", { name: "Check DNS now" }).click();
    await page.getByText("The domain of northwind is verified.").waitFor();
    const table = page.getByRole("table", { name: "Identity providers" });
    await table.getByText("Verified", { exact: true }).waitFor();
    expect((await server.client(owner.token).getSSOProvider({ providerId: "northwind" })).domainVerified).toBe(true);

    // Editing shows the client id's last four characters, never the secret.
    await page.getByRole("button", { name: "Edit northwind" }).click();
    const edit = page.getByRole("dialog", { name: "Edit northwind" });
    await edit.getByText(`Now ends in ****${idp.clientId.slice(-4)}`).waitFor();
    expect(await edit.getByLabel("Client secret").inputValue()).toBe("");
    expect(await page.content()).not.toContain(idp.clientSecret);
    // The OpenID extras: scopes (openid required), PKCE, and the claim mapping with a role table.
    await edit.getByLabel("Scopes (optional)").fill("email profile groups");
    await edit.getByRole("button", { name: "Save changes" }).click();
    await edit.getByText("Separate scopes with spaces, and include openid.").waitFor();
    await edit.getByLabel("Scopes (optional)").fill("openid email profile groups");
    await edit.getByLabel("Use PKCE (recommended; turn it off only for a provider that refuses it)").uncheck();
    await edit.getByLabel("Name from").fill("preferred_username");
    await edit.getByLabel("Role from").fill("groups");
    await edit.getByLabel("Role mapping").fill("northwind-admins=admin");
    await edit.getByRole("button", { name: "Save changes" }).click();
    await page.getByText("Identity provider northwind saved.").waitFor();
    const saved = await server.client(owner.token).getSSOProvider({ providerId: "northwind" });
    expect(saved.domainVerified).toBe(true);
    expect(saved.oidcConfig).toMatchObject({ scopes: ["openid", "email", "profile", "groups"], pkce: false, mapping: { email: "email", name: "preferred_username", role: "groups", roleMap: { "northwind-admins": "admin" } } });
    // Opened again, the form shows what is stored.
    await page.getByRole("button", { name: "Edit northwind" }).click();
    const again = page.getByRole("dialog", { name: "Edit northwind" });
    expect(await again.getByLabel("Scopes (optional)").inputValue()).toBe("openid email profile groups");
    expect(await again.getByLabel("Use PKCE (recommended; turn it off only for a provider that refuses it)").isChecked()).toBe(false);
    expect(await again.getByLabel("Role mapping").inputValue()).toBe("northwind-admins=admin");
    await again.getByRole("button", { name: "Cancel" }).click();

    // SCIM: a token shown once, used by a directory, then revoked.
    await page.getByLabel("Connection name").fill("okta");
    await page.getByRole("button", { name: "Create token" }).click();
    const shown = page.getByRole("dialog", { name: "SCIM token for okta" });
    const token = await shown.getByLabel("Bearer token").inputValue();
    expect(token).toMatch(/^lk_scim_/);
    expect(await shown.getByLabel("SCIM base URL").inputValue()).toBe(`${server.api}/scim/v2`);
    await shown.getByRole("button", { name: "Done" }).click();
    const scim = page.getByRole("table", { name: "Directory provisioning (SCIM)" });
    await scim.getByRole("cell", { name: "Never" }).waitFor();
    expect(await page.content()).not.toContain(token);
    const created = await server.request("POST", "/scim/v2/Users", { headers: { authorization: `Bearer ${token}`, "content-type": "application/scim+json" }, body: { schemas: ["urn:ietf:params:scim:schemas:core:2.0:User"], userName: "pat@northwind.test", name: { givenName: "Pat", familyName: "Doe" }, emails: [{ value: "pat@northwind.test", primary: true }], active: true } });
    expect(created.status, created.text).toBe(201);
    await page.reload();
    await scim.getByRole("cell", { name: "1", exact: true }).waitFor();
    expect(await scim.getByRole("cell", { name: "Never" }).count()).toBe(0);
    await expectAccessible(page, "organization sso");
    await screenshot(page, "organization-sso");
    await page.getByRole("button", { name: /^Revoke token lk_scim_.* of okta$/ }).click();
    await page.getByText("Token of okta revoked: the directory is refused from its next request.").waitFor();
    expect((await server.request("GET", "/scim/v2/ServiceProviderConfig", { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);

    await page.getByRole("button", { name: "Remove northwind" }).click();
    await page.getByRole("dialog", { name: "Remove northwind?" }).getByRole("button", { name: "Remove provider" }).click();
    await page.getByText("Identity provider northwind removed.").waitFor();
    await page.getByText("No identity provider yet").waitFor();
    expect(errors).toEqual([]);
  });

  it("an admin manages providers but not SCIM; a member has no tab; a server administrator verifies by hand", async () => {
    const { server, consoleURL } = harness;
    const owner = await server.signUp({ name: "Otto Owner" });
    const organization = await server.client(owner.token).createOrganization({ name: "Contoso", slug: "contoso" });
    const admin = await server.signUp({ name: "Ada Admin" });
    const member = await server.signUp({ name: "Mo Member" });
    await server.client(owner.token).addOrganizationMember({ organizationId: organization.id, userId: admin.userId, role: "admin" });
    await server.client(owner.token).addOrganizationMember({ organizationId: organization.id, userId: member.userId, role: "member" });
    const registered = await server.request("POST", "/sso/register", { token: owner.token, body: { providerId: "contoso", issuer: idp.issuer, domain: "contoso.test", organizationId: organization.id, oidcConfig: { clientId: idp.clientId, clientSecret: idp.clientSecret } } });
    expect(registered.status, registered.text).toBe(200);

    const asMember = (await harness.newPage({ as: member })).page;
    await asMember.goto(`${consoleURL}/organizations/${organization.id}`);
    const memberTabs = asMember.getByRole("navigation", { name: "Organization sections" });
    await memberTabs.getByRole("link", { name: "Teams" }).waitFor();
    expect(await memberTabs.getByRole("link", { name: "Single sign-on" }).count()).toBe(0);

    const asAdmin = (await harness.newPage({ as: admin })).page;
    asAdmin.setDefaultTimeout(10_000);
    await asAdmin.goto(`${consoleURL}/organizations/${organization.id}/sso`);
    await asAdmin.getByRole("table", { name: "Identity providers" }).getByText("contoso.test").waitFor();
    expect(await asAdmin.getByRole("heading", { name: "Directory provisioning (SCIM)" }).count()).toBe(0);

    // A server administrator who is a member sees the by-hand button and uses it.
    const operator = await harness.createAdmin();
    await server.client(owner.token).addOrganizationMember({ organizationId: organization.id, userId: operator.userId, role: "admin" });
    const asOperator = (await harness.newPage({ as: operator })).page;
    asOperator.setDefaultTimeout(10_000);
    await asOperator.goto(`${consoleURL}/organizations/${organization.id}/sso`);
    await asOperator.getByRole("button", { name: "Verify the domain of contoso" }).click();
    await asOperator.getByRole("dialog", { name: "Verify the domain of contoso" }).getByRole("button", { name: "Mark verified by hand" }).click();
    await asOperator.getByText("The domain of contoso is verified.").waitFor();
    expect((await server.client(owner.token).getSSOProvider({ providerId: "contoso" })).domainVerified).toBe(true);
  });
});
