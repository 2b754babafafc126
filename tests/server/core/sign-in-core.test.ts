/**
 * Issue 19: one place completes a sign-in. Every contract route that can start a session is
 * declared (`startsSession: "sign-in"`), each has a scenario below in which a user with two-factor
 * on proves one factor by that route — and is held at the second step — and no code outside
 * server/core creates or hands out a session by itself.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join, relative, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contract } from "../../../shared/contract/index.js";
import { createSoftAuthenticator } from "../passkey/soft-authenticator.js";
import { sealClientSecret } from "../../../server/features/sso/secret.js";
import { TEST_SECRET } from "../../helpers/test-server.js";
import { startSocialWorld, type SocialWorld } from "../social/setup.js";
import { TestBrowser } from "../social/support.js";
import { browserTab, secretOf, totpAt, totpOf, type Tab } from "../two-factor/support.js";

let world: SocialWorld;
let loopback: Server;
let loopbackURL: string;

beforeAll(async () => {
  world = await startSocialWorld((idp) => ({
    emailVerification: { autoSignInAfterVerification: true },
    oneTap: { clientId: idp.clientId },
    // Enterprise SSO at the same IdP, for example.com (domain verification off: the domain routes at once).
    sso: { enabled: true, domainVerification: { enabled: false } },
    trustedOrigins: [idp.issuer],
  }));
  const now = world.server.clock.now();
  await world.server.database.db
    .insertInto("ssoProvider")
    .values({
      id: "core-sso-row", providerId: "core-sso", issuer: world.idp.issuer, domain: "example.com", domainVerified: 0, domainVerificationToken: null, domainVerificationExpiresAt: null, organizationId: null, userId: null,
      oidcConfig: JSON.stringify({ issuer: world.idp.issuer, clientId: world.idp.clientId, authorizationEndpoint: `${world.idp.issuer}/auth`, tokenEndpoint: `${world.idp.issuer}/token`, jwksEndpoint: `${world.idp.issuer}/jwks`, tokenEndpointAuthentication: "client_secret_post", pkce: true }),
      samlConfig: null, clientSecret: sealClientSecret(TEST_SECRET, world.idp.clientSecret), createdAt: now, updatedAt: now,
    })
    .execute();
  loopback = createServer((_request, response) => response.writeHead(200).end("ok"));
  await new Promise<void>((done) => loopback.listen(0, "127.0.0.1", done));
  loopbackURL = `http://127.0.0.1:${(loopback.address() as AddressInfo).port}/callback`;
}, 60_000);
afterAll(async () => {
  await new Promise<void>((done) => loopback?.close(() => done()));
  await world?.close();
});

let counter = 0;

async function call(tab: Tab, method: "GET" | "POST", path: string, body?: unknown) {
  const response = await tab.jar.fetch(world.server.api + path, { method, headers: body === undefined ? {} : { "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as any };
}

/**
 * A user with TOTP on and a passkey (registered while the sign-up session was fresh), known to the
 * identity provider under the same verified address, then signed out. `verified: false` leaves
 * the address unverified (for the verification-link route).
 */
async function twoFactorUser(options: { verified?: boolean } = {}) {
  counter += 1;
  const email = `core${counter}@example.com`;
  const username = `core_user_${counter}`;
  const password = "password123";
  const tab = browserTab(world.server);
  const signUp = await call(tab, "POST", "/sign-up/email", { email, password, name: "Core User", username });
  expect(signUp.status, JSON.stringify(signUp.body)).toBe(200);
  if (options.verified !== false) await world.server.database.db.updateTable("user").set({ emailVerified: 1 }).where("email", "=", email).execute();
  const authenticator = createSoftAuthenticator(world.server.url);
  const registerOptions = await call(tab, "GET", "/passkey/generate-register-options");
  expect((await call(tab, "POST", "/passkey/verify-registration", { response: authenticator.register(registerOptions.body) })).status).toBe(200);
  const enabled = await tab.client.twoFactor.enable({ password });
  expect(enabled.error).toBeNull();
  const secret = secretOf(totpOf(enabled.data).totpURI);
  expect((await tab.client.twoFactor.verifyTotp({ code: totpAt(secret, world.server.clock.now()) })).error).toBeNull();
  world.server.clock.advance(30_000);
  await tab.client.signOut();
  const sub = `idp-${counter}`;
  world.idp.users.set(sub, { sub, email, email_verified: true, name: "Core User" });
  return { email, username, password, secret, sub, authenticator, userId: signUp.body.user.id as string };
}

type Person = Awaited<ReturnType<typeof twoFactorUser>>;

/** What a held sign-in leaves: the pending sign-in's cookie, and no session. */
interface Held {
  twoFactorCookie: string | undefined;
  sessionCookie: string | undefined;
  answer: unknown;
}

function heldFromTab(tab: Tab, answer: unknown): Held {
  return { twoFactorCookie: tab.jar.cookies.get("latchkey.two_factor"), sessionCookie: tab.jar.cookies.get("latchkey.session_token"), answer };
}

function heldFromBrowser(browser: TestBrowser, answer: unknown): Held {
  return { twoFactorCookie: browser.cookie(world.server.url, "latchkey.two_factor"), sessionCookie: browser.cookie(world.server.url, "latchkey.session_token"), answer };
}

/** One factor by each sign-in route, for a user with two-factor on. */
const scenarios: Record<string, (person: Person) => Promise<Held>> = {
  signInEmail: async (person) => {
    const tab = browserTab(world.server);
    const answer = await call(tab, "POST", "/sign-in/email", { email: person.email, password: person.password });
    return heldFromTab(tab, answer.body);
  },
  signInUsername: async (person) => {
    const tab = browserTab(world.server);
    const answer = await call(tab, "POST", "/sign-in/username", { username: person.username, password: person.password });
    return heldFromTab(tab, answer.body);
  },
  // A touch-only assertion (no user verification) is one factor (#19 item 5).
  passkeyVerifyAuthentication: async (person) => {
    const tab = browserTab(world.server);
    const options = await call(tab, "GET", "/passkey/generate-authenticate-options");
    expect(options.body.userVerification).toBe("required");
    const answer = await call(tab, "POST", "/passkey/verify-authentication", { response: person.authenticator.authenticate(options.body, undefined, { userVerified: false }) });
    return heldFromTab(tab, answer.body);
  },
  signInSocial: async (person) => {
    const tab = browserTab(world.server);
    const idToken = await world.idp.signIdToken({ sub: person.sub, email: person.email, email_verified: true, name: "Core User" });
    const answer = await call(tab, "POST", "/sign-in/social", { provider: "google", idToken: { token: idToken } });
    return heldFromTab(tab, answer.body);
  },
  socialCallback: async (person) => {
    const browser = new TestBrowser();
    browser.login = person.sub;
    const started = await browser.request(`${world.server.api}/sign-in/social`, { method: "POST", json: { provider: "google", callbackURL: "/console/account" } });
    const { url } = (await started.json()) as { url: string };
    const end = await browser.navigate(url, (u) => !u.startsWith(world.server.api) && !u.startsWith(world.idp.issuer));
    return heldFromBrowser(browser, end.url);
  },
  oauth2Callback: async (person) => {
    const browser = new TestBrowser();
    browser.login = person.sub;
    const started = await browser.request(`${world.server.api}/sign-in/oauth2`, { method: "POST", json: { providerId: "corp", callbackURL: "/console/account" } });
    const { url } = (await started.json()) as { url: string };
    const end = await browser.navigate(url, (u) => !u.startsWith(world.server.api) && !u.startsWith(world.idp.issuer));
    return heldFromBrowser(browser, end.url);
  },
  // Enterprise SSO: the IdP asserts no second factor (no `amr`), so Latchkey's own second step holds (#35).
  ssoCallback: async (person) => {
    const browser = new TestBrowser();
    browser.login = person.sub;
    const started = await browser.request(`${world.server.api}/sign-in/sso`, { method: "POST", json: { email: person.email, callbackURL: "/console/account" } });
    const { url } = (await started.json()) as { url: string };
    const end = await browser.navigate(url, (u) => !u.startsWith(world.server.api) && !u.startsWith(world.idp.issuer));
    return heldFromBrowser(browser, end.url);
  },
  // /sign-in/sso issues no session itself; it is declared a sign-in route so the desktop
  // hand-off's parameters ride along to the callback. Started there, the sign-in still ends held.
  signInSSO: async (person) => scenarios.ssoCallback!(person),
  oneTapCallback: async (person) => {
    const tab = browserTab(world.server);
    const idToken = await world.idp.signIdToken({ sub: person.sub, email: person.email, email_verified: true, name: "Core User" });
    const answer = await call(tab, "POST", "/one-tap/callback", { idToken });
    return heldFromTab(tab, answer.body);
  },
  cliSocialToken: async (person) => {
    const verifier = `verifier-core-${counter}-`.padEnd(64, "v");
    const challenge = createHash("sha256").update(verifier).digest("base64url");
    const state = `state-core-${counter}-`.padEnd(43, "s");
    const started = await world.server.request("POST", "/cli/sign-in/social", { body: { provider: "google", loopbackURL, challenge, state, host: "core-test" } });
    expect(started.status, started.text).toBe(200);
    const browser = new TestBrowser();
    browser.login = person.sub;
    const { response } = await browser.navigate(started.body.url as string);
    const html = await response.text();
    const csrf = /name="csrf" value="([^"]+)"/.exec(html)![1]!;
    const approved = await browser.request(`${world.server.api}/cli/sign-in/social/approval`, { method: "POST", body: new URLSearchParams({ csrf, decision: "approve" }).toString(), contentType: "application/x-www-form-urlencoded" });
    const code = new URL(approved.headers.get("location")!).searchParams.get("code")!;
    // The command line is a cookie-keeping client of its own (cli/commands/two-factor.ts).
    const cli = browserTab(world.server);
    const answer = await call(cli, "POST", "/cli/sign-in/social/token", { code, verifier });
    return heldFromTab(cli, answer.body);
  },
  // With autoSignInAfterVerification, the link is one factor (#19 item 9).
  verifyEmail: async (person) => {
    await world.server.request("POST", "/send-verification-email", { body: { email: person.email } });
    const mail = (await world.server.outbox(person.email))[0]!;
    const link = /https?:\/\/\S+verify-email\?token=[^\s"<]+/.exec(mail.text)![0];
    const browser = new TestBrowser();
    const response = await browser.request(link.replace(/&amp;/g, "&"));
    // The mailed link carries a landing page: the held sign-in is sent to the code page instead.
    const location = response.headers.get("location");
    return heldFromBrowser(browser, location ? new URL(location, world.server.url).toString() : await response.json());
  },
  // A mailed link proves the mailbox: one factor, so a two-factor user is held (#37 item 5; better-auth signs them in).
  magicLinkVerify: async (person) => {
    await world.server.request("POST", "/sign-in/magic-link", { body: { email: person.email, callbackURL: "/console/account" } });
    const mail = (await world.server.outbox(person.email)).find((m) => m.kind === "magic-link")!;
    const browser = new TestBrowser();
    const response = await browser.request(mail.url);
    return heldFromBrowser(browser, new URL(response.headers.get("location")!, world.server.url).toString());
  },
  // A mailed code likewise (#37 item 5).
  signInEmailOtp: async (person) => {
    await world.server.request("POST", "/email-otp/send-verification-otp", { body: { email: person.email, type: "sign-in" } });
    const mail = (await world.server.outbox(person.email)).find((m) => m.kind === "email-otp")!;
    const tab = browserTab(world.server);
    const answer = await call(tab, "POST", "/sign-in/email-otp", { email: person.email, otp: mail.token });
    return heldFromTab(tab, answer.body);
  },
};

/** SAML's IdP is SimpleSAMLphp (tests/helpers/simplesamlphp.ts), started by the SAML tests (#35). */
const scenariosElsewhere: Record<string, { file: string; test: string }> = {
  ssoSamlAcsResume: { file: "tests/server/sso/saml.test.ts", test: "holds a two-factor user at the second step, unless the IdP's AuthnContextClassRef says MFA" },
};

describe("every sign-in route ends in the sign-in core (#19)", () => {
  it("declares exactly the routes that have a two-factor scenario", () => {
    const declared = Object.entries(contract)
      .filter(([, spec]) => (spec as { startsSession?: string }).startsSession === "sign-in")
      .map(([name]) => name)
      .sort();
    // Sign-ups (by password, and passkey-first through verify-registration) create an account with no second factor to hold.
    expect(declared).toEqual(Object.keys(scenarios).concat("signUpEmail", "passkeyVerifyRegistration", ...Object.keys(scenariosElsewhere)).sort());
  });

  // A route whose identity provider cannot run in this file's world has its two-factor scenario
  // beside that provider; the guard still proves the scenario exists there.
  for (const [name, where] of Object.entries(scenariosElsewhere)) {
    it(`has its two-factor scenario in ${where.file}: ${name} (#19)`, () => {
      expect(readFileSync(resolve(where.file), "utf8")).toContain(`it(${JSON.stringify(where.test)}`);
    });
  }

  for (const [name, scenario] of Object.entries(scenarios)) {
    it(`holds a two-factor user at the second step: ${name} (#19)`, async () => {
      const person = await twoFactorUser({ verified: name !== "verifyEmail" });
      const held = await scenario(person);
      expect(held.sessionCookie, JSON.stringify(held.answer)).toBeUndefined();
      expect(held.twoFactorCookie, JSON.stringify(held.answer)).toBeDefined();
      if (typeof held.answer === "string") {
        // A redirect sign-in goes to the page that asks for the code.
        const page = new URL(held.answer);
        expect(page.pathname).toBe("/console/sign-in");
        expect(page.searchParams.get("reason")).toBe("second-step");
        expect(page.searchParams.get("methods")).toBe("totp,otp");
      } else if (name !== "verifyEmail") {
        expect(held.answer).toEqual({ twoFactorRedirect: true, twoFactorMethods: ["totp", "otp"] });
      } else {
        expect(held.answer).toEqual({ status: true });
      }
      // The held sign-in completes with the code, as any other.
      const tab = browserTab(world.server);
      tab.jar.cookies.set("latchkey.two_factor", held.twoFactorCookie!);
      const done = await call(tab, "POST", "/two-factor/verify-totp", { code: totpAt(person.secret, world.server.clock.now()) });
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      expect(done.body.user.id).toBe(person.userId);
      world.server.clock.advance(30_000);
    });
  }

  it("lets a passkey asserted with user verification sign in without the second step: it is two factors (#19)", async () => {
    const person = await twoFactorUser();
    const tab = browserTab(world.server);
    const options = await call(tab, "GET", "/passkey/generate-authenticate-options");
    const answer = await call(tab, "POST", "/passkey/verify-authentication", { response: person.authenticator.authenticate(options.body) });
    expect(answer.status).toBe(200);
    expect(answer.body.user.id).toBe(person.userId);
    expect(tab.jar.cookies.get("latchkey.session_token")).toBeDefined();
  });

  it("lets an SSO sign-in through whose identity provider asserts a second factor in amr; amr of one factor still holds (#35)", async () => {
    const person = await twoFactorUser();
    // The IdP says it checked a password only: held, as without amr.
    world.idp.users.set(person.sub, { ...world.idp.users.get(person.sub)!, sub: person.sub, amr: ["pwd"] });
    const onlyPassword = await scenarios.ssoCallback!(person);
    expect(onlyPassword.sessionCookie).toBeUndefined();
    expect(onlyPassword.twoFactorCookie).toBeDefined();
    // The IdP says mfa (RFC 8176): its second factor stands for Latchkey's.
    world.idp.users.set(person.sub, { ...world.idp.users.get(person.sub)!, sub: person.sub, amr: ["pwd", "mfa"] });
    const withMfa = await scenarios.ssoCallback!(person);
    expect(withMfa.twoFactorCookie).toBeUndefined();
    expect(withMfa.sessionCookie).toBeDefined();
    expect(new URL(withMfa.answer as string).pathname).toBe("/console/account");
    await world.server.app.context.audit.flush();
    const audited = await world.server.database.db.selectFrom("auditEvent").select("metadata").where("actorId", "=", person.userId).where("action", "=", "user.sign-in").orderBy("seq", "desc").executeTakeFirstOrThrow();
    expect(JSON.parse(String(audited.metadata))).toMatchObject({ method: "sso:core-sso", amrMfa: true });
  });

  it("signs in a user without two-factor by a touch-only passkey (#19)", async () => {
    const tab = browserTab(world.server);
    const email = `core-plain-${counter++}@example.com`;
    await call(tab, "POST", "/sign-up/email", { email, password: "password123", name: "Plain" });
    const authenticator = createSoftAuthenticator(world.server.url);
    const registerOptions = await call(tab, "GET", "/passkey/generate-register-options");
    await call(tab, "POST", "/passkey/verify-registration", { response: authenticator.register(registerOptions.body) });
    await tab.client.signOut();
    const options = await call(tab, "GET", "/passkey/generate-authenticate-options");
    const answer = await call(tab, "POST", "/passkey/verify-authentication", { response: authenticator.authenticate(options.body, undefined, { userVerified: false }) });
    expect(answer.status).toBe(200);
    expect(answer.body.user.email).toBe(email);
  });

  it("leaves no code outside server/core that creates a session or hands one to the browser (#19)", () => {
    const serverRoot = resolve(__dirname, "../../../server");
    const files = (function walk(dir: string): string[] {
      return readdirSync(dir).flatMap((name) => {
        const path = join(dir, name);
        return statSync(path).isDirectory() ? walk(path) : path.endsWith(".ts") ? [path] : [];
      });
    })(join(serverRoot, "features"));
    // Handing a browser a session that is not a new sign-in: switching between sessions it already
    // holds (multi-session), an impersonation made by core/sign-in/other-sessions.ts and the
    // administrator's own session given back (admin), and the session that replaces the caller's
    // after a password change ended the others (password, also made in other-sessions.ts).
    const handsOutExisting = new Set(["features/multi-session/routes.ts", "features/admin/routes.ts", "features/password/routes.ts"]);
    const offenders: string[] = [];
    for (const file of files) {
      const source = readFileSync(file, "utf8");
      const path = relative(serverRoot, file);
      if (/\bstartSession\s*\(/.test(source)) offenders.push(`${path}: startSession`);
      if (/\.issue\(\s*\w+/.test(source.replace(/\bissue\(app\.db|issue\(db/g, "")) && !handsOutExisting.has(path)) offenders.push(`${path}: browser.issue`);
    }
    expect(offenders).toEqual([]);
  });
});
