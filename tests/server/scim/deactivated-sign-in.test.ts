/**
 * Issue 36 item 3, the methods without a password: a person the directory deactivated (SCIM
 * `active: false`) is refused by a magic link, by a social sign-in and by the organization's SSO —
 * each of which worked for them a moment before — and reactivation lets them back. A real
 * oidc-provider stands for Google and for the organization's IdP.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrganization, users, type SignedUp } from "../organization/support.js";
import { startSocialWorld, type SocialWorld } from "../social/setup.js";
import { TestBrowser } from "../social/support.js";

const PATCH = "urn:ietf:params:scim:api:messages:2.0:PatchOp";
const EMAIL = "dana@example.com";
const SUB = "idp-dana";
let world: SocialWorld;
let token: string;
let userId: string;

beforeAll(async () => {
  world = await startSocialWorld((idp) => ({
    scim: { enabled: true },
    // The organization's IdP routes example.com at once (verification off), and is the same oidc-provider.
    sso: { enabled: true, domainVerification: { enabled: false } },
    trustedOrigins: [idp.issuer],
  }));
  const { server, idp } = world;
  const [owner] = (await users(server, 1)) as [SignedUp];
  const org = await createOrganization(server, owner);
  const created = await server.request("POST", "/scim/create-token", { token: owner.token, body: { organizationId: org.id, name: "okta" } });
  expect(created.status, created.text).toBe(200);
  token = created.body.token;
  const registered = await server.request("POST", "/sso/register", { token: owner.token, body: { providerId: "core-sso", issuer: idp.issuer, domain: "example.com", organizationId: org.id, oidcConfig: { clientId: idp.clientId, clientSecret: idp.clientSecret, tokenEndpointAuthentication: "client_secret_post" } } });
  expect(registered.status, registered.text).toBe(200);
  const person = await scim("POST", "/Users", { schemas: ["urn:ietf:params:scim:schemas:core:2.0:User"], userName: EMAIL, name: { givenName: "Dana", familyName: "Directory" }, emails: [{ value: EMAIL, primary: true }], active: true });
  expect(person.status, person.text).toBe(201);
  userId = person.body.id;
  idp.users.set(SUB, { sub: SUB, email: EMAIL, email_verified: true, name: "Dana Directory" });
}, 60_000);
afterAll(async () => {
  await world?.close();
});

function scim(method: string, path: string, body?: unknown) {
  return world.server.request(method, `/scim/v2${path}`, { headers: { authorization: `Bearer ${token}`, "content-type": "application/scim+json" }, ...(body === undefined ? {} : { body }) });
}

const setActive = async (active: boolean) => {
  const answer = await scim("PATCH", `/Users/${userId}`, { schemas: [PATCH], Operations: [{ op: "Replace", path: "active", value: active ? "True" : "False" }] });
  expect(answer.status, answer.text).toBe(200);
};

/** Where a browser sign-in ends (a console page) and whether it holds a session. */
async function redirectSignIn(path: string, body: Record<string, unknown>) {
  const browser = new TestBrowser();
  browser.login = SUB;
  const started = await browser.request(`${world.server.api}${path}`, { method: "POST", json: { callbackURL: "/console/account", errorCallbackURL: "/console/sign-in", ...body } });
  expect(started.status).toBe(200);
  const { url } = (await started.json()) as { url: string };
  const end = await browser.navigate(url, (u) => !u.startsWith(world.server.api) && !u.startsWith(world.idp.issuer));
  return { landed: new URL(end.url), session: browser.cookie(world.server.url, "latchkey.session_token") };
}

const usedLinks = new Set<string>();

async function magicLink() {
  const asked = await world.server.request("POST", "/sign-in/magic-link", { body: { email: EMAIL, callbackURL: "/console/account", errorCallbackURL: "/console/sign-in" } });
  expect(asked.status, asked.text).toBe(200);
  // The link is mailed whether or not the person may sign in (no telling who exists): the new one.
  const mail = (await world.server.outbox(EMAIL)).find((entry) => entry.kind === "magic-link" && entry.url && !usedLinks.has(entry.url));
  expect(mail?.url).toBeDefined();
  usedLinks.add(mail!.url!);
  const opened = await fetch(mail!.url!, { redirect: "manual" });
  return { landed: new URL(opened.headers.get("location")!, world.server.url), session: opened.headers.getSetCookie().find((cookie) => cookie.startsWith("latchkey.session_token=")) };
}

const methods = {
  "magic link": magicLink,
  "social (Google)": () => redirectSignIn("/sign-in/social", { provider: "google" }),
  "the organization's SSO": () => redirectSignIn("/sign-in/sso", { email: EMAIL }),
};

describe("a deactivated person cannot sign in by any method", () => {
  it("works for the active person by each method, is refused USER_DEACTIVATED once the directory deactivates them, and works again after reactivation", async () => {
    for (const [name, signIn] of Object.entries(methods)) {
      const active = await signIn();
      expect(active.landed.pathname, name).toBe("/console/account");
      expect(active.session, name).toBeDefined();
    }
    await setActive(false);
    for (const [name, signIn] of Object.entries(methods)) {
      const refused = await signIn();
      expect(refused.landed.pathname, name).toBe("/console/sign-in");
      expect(refused.landed.searchParams.get("error"), name).toBe("USER_DEACTIVATED");
      expect(refused.session, name).toBeUndefined();
    }
    await setActive(true);
    for (const [name, signIn] of Object.entries(methods)) {
      const back = await signIn();
      expect(back.landed.pathname, name).toBe("/console/account");
      expect(back.session, name).toBeDefined();
    }
  });
});
