/**
 * A SAML provider made through the console's form (issue 35): an owner fills in the Single
 * sign-on tab's form — SimpleSAMLphp's single sign-on URL, entity ID and certificate, the NameID
 * format, and the attribute mapping (name from `cn`, role from `groups` with `IdP Admins=admin`) —
 * after the form has said what is wrong with a bad role table; then someone of the organization
 * signs in through SimpleSAMLphp's own login form with it and arrives a member with the mapped
 * name and role. "Sign authentication requests" is ticked: the server makes the provider's key and
 * certificate, and SimpleSAMLphp, told to require signed requests with the certificate from the SP
 * metadata, accepts the browser's signed request.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, screenshot, startConsole, watchPageErrors, type ConsoleHarness } from "../../helpers/console.js";
import { startSimpleSamlIdp, type SimpleSamlIdp } from "../../helpers/simplesamlphp.js";

const ENTITY = "https://sp.latchkey.test/globex-saml";
let saml: SimpleSamlIdp;
let harness: ConsoleHarness;

beforeAll(async () => {
  saml = await startSimpleSamlIdp({ hostname: "localhost" });
  harness = await startConsole({ stepTimeout: 15_000, config: { sso: { enabled: true, domainVerification: { enabled: false } }, trustedOrigins: [saml.origin] } });
}, 90_000);
afterAll(async () => {
  await harness?.close();
  await saml?.close();
});

describe("a SAML provider from the console's form", { timeout: 120_000 }, () => {
  it("an owner adds it with its attribute mapping; a person signs in through SimpleSAMLphp with the mapped name and role", async () => {
    const { server, consoleURL } = harness;
    const owner = await server.signUp({ name: "Gil Owner" });
    const organization = await server.client(owner.token).createOrganization({ name: "Globex", slug: "globex" });
    const { page } = await harness.newPage({ as: owner });
    page.setDefaultTimeout(15_000);
    const errors = watchPageErrors(page);
    await page.goto(`${consoleURL}/organizations/${organization.id}/sso`);
    await page.getByText("No identity provider yet").waitFor();
    // SCIM is off on this server: its section is not offered (rather than shown as an error).
    await expect.poll(() => page.getByRole("heading", { name: "Directory provisioning (SCIM)" }).count(), { timeout: 20_000 }).toBe(0);
    expect(await page.getByText("Something went wrong").count()).toBe(0);
    await page.getByRole("button", { name: "Add identity provider" }).click();
    const add = page.getByRole("dialog", { name: "Add an identity provider" });
    await add.getByLabel("Protocol").selectOption("saml");
    await add.getByLabel("Provider ID").fill("globex-saml");
    await add.getByLabel("Service provider entity ID").fill(ENTITY);
    await add.getByLabel("Email domains").fill("globex.test");
    await add.getByLabel("Single sign-on URL").fill(saml.ssoURL);
    await add.getByLabel("Identity provider entity ID").fill(saml.entityID);
    await add.getByLabel("Signing certificate (PEM)").fill(saml.certificate);
    await add.getByLabel("NameID format").selectOption({ label: "Email address" });
    await add.getByLabel("Email from").fill("mail");
    await add.getByLabel("Name from").fill("cn");

    // A role table the server would refuse is caught next to its field, and so is one with no claim to read.
    await add.getByLabel("Role mapping").fill("IdP Admins=owner");
    await add.getByRole("button", { name: "Add provider" }).click();
    await add.getByText("Write each line as value=role, with a role such as member or admin (not owner).").waitFor();
    await add.getByLabel("Role mapping").fill("IdP Admins=admin");
    await add.getByRole("button", { name: "Add provider" }).click();
    await add.getByText("Name the claim or attribute the role mapping reads.").waitFor();
    await add.getByLabel("Role from").fill("groups");
    await add.getByLabel("Sign authentication requests").check();
    await expectAccessible(page, "sso provider form (SAML)");
    // The dialog as the owner sees it, without SCIM's section under it (off on this server: not offered).
    await screenshot(page, "organization-sso-saml-form", { window: true });
    await add.getByRole("button", { name: "Add provider" }).click();
    await page.getByText("Identity provider globex-saml added.").waitFor();

    // What the form sent is what the server keeps.
    const stored = await server.client(owner.token).getSSOProvider({ providerId: "globex-saml" });
    expect(stored.type).toBe("saml");
    expect(stored.samlConfig?.entryPoint).toBe(saml.ssoURL);
    expect(stored.samlConfig?.identifierFormat).toBe("urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress");
    expect(stored.samlConfig?.mapping).toEqual({ email: "mail", name: "cn", role: "groups", roleMap: { "IdP Admins": "admin" } });
    expect(stored.samlConfig?.authnRequestsSigned).toBe(true);
    expect(stored.samlConfig?.signingCert).toMatch(/^-----BEGIN CERTIFICATE-----/);
    const metadata = await (await fetch(stored.spMetadataUrl)).text();
    expect(metadata).toContain('AuthnRequestsSigned="true"');
    const certData = /<ds:X509Certificate>([^<]+)<\/ds:X509Certificate>/.exec(metadata)?.[1]?.replace(/\s+/g, "");
    expect(certData).toBe(stored.samlConfig!.signingCert!.replace(/-----(BEGIN|END) CERTIFICATE-----|\s+/g, ""));

    // The IdP side: the SP's ACS, signed requests required (with the certificate from the SP metadata), and a
    // person whose name is only in cn and whose group maps to admin.
    saml.addSp(ENTITY, { AssertionConsumerService: `${server.api}/sso/saml2/sp/acs/globex-saml`, "validate.authnrequest": true, certData });
    saml.addPerson("gia", { password: "gia-password", attributes: { email: ["gia@globex.test"], mail: ["gia@globex.test"], cn: ["Gia Globex"], groups: ["IdP Admins"] } });

    const { page: visitor } = await harness.newPage();
    visitor.setDefaultTimeout(20_000);
    await visitor.goto(`${consoleURL}/sign-in`);
    await visitor.getByLabel("Email or username").fill("gia@globex.test");
    await visitor.getByRole("button", { name: "Sign in with single sign-on (SSO)" }).click();
    await visitor.waitForURL((url) => url.origin === saml.origin);
    await visitor.locator("input[name=username]").fill("gia");
    await visitor.locator("input[name=password]").fill("gia-password");
    await visitor.locator("input[name=password]").press("Enter");
    await visitor.waitForURL(`${consoleURL}/account`);
    await visitor.getByText("gia@globex.test").first().waitFor();

    const user = await server.database.db.selectFrom("user").select(["id", "name", "lastSignInMethod"]).where("email", "=", "gia@globex.test").executeTakeFirstOrThrow();
    expect(user.name).toBe("Gia Globex");
    expect(user.lastSignInMethod).toBe("sso:globex-saml");
    const member = await server.database.db.selectFrom("member").select("role").where("organizationId", "=", organization.id).where("userId", "=", user.id).executeTakeFirstOrThrow();
    expect(member.role).toBe("admin");
    expect(errors).toEqual([]);
  });
});
