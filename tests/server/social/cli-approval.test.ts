/**
 * The command line's browser sign-in needs the person's approval (#27): after the real OpenID
 * provider, the browser stops at a Latchkey page naming the CLI's host, the account and the user
 * code; only Approve sends a redeemable code to the loopback, with the CLI's own state. Here the
 * "CLI" is this test (a recording loopback listener and the raw API), so each rule is checked
 * on SQLite and PostgreSQL; tests/cli/social-login-approval.test.ts drives the real CLI in Chromium.
 */
import { createHash } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestBrowser } from "./support.js";
import { startSocialWorld, type SocialWorld } from "./setup.js";

let world: SocialWorld;
let loopback: Server;
let loopbackURL: string;
/** Every request the "CLI's" loopback listener received. */
const received: URL[] = [];

beforeAll(async () => {
  world = await startSocialWorld();
  world.idp.users.set("victim", { sub: "victim", email: "victim@example.com", email_verified: true, name: "Victim" });
  loopback = createServer((request, response) => {
    received.push(new URL(request.url ?? "/", "http://127.0.0.1"));
    response.writeHead(200).end("ok");
  });
  await new Promise<void>((resolve) => loopback.listen(0, "127.0.0.1", resolve));
  loopbackURL = `http://127.0.0.1:${(loopback.address() as AddressInfo).port}/callback`;
}, 60_000);
afterAll(async () => {
  await new Promise<void>((resolve) => loopback?.close(() => resolve()));
  await world?.close();
});

let counter = 0;

/** What a CLI does at the start: a verifier, its own state, a host name. */
async function startCliFlow(host = "build-box-7") {
  counter += 1;
  const verifier = `verifier-${counter}-`.padEnd(64, "v");
  const state = `state-${counter}-`.padEnd(43, "s");
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  const started = await world.server.request("POST", "/cli/sign-in/social", { body: { provider: "google", loopbackURL, challenge, state, host } });
  expect(started.status, started.text).toBe(200);
  return { verifier, state, url: started.body.url as string, userCode: started.body.userCode as string };
}

/** The victim's browser, signed in at the provider, follows the link to the end inside Latchkey. */
async function victimFollows(url: string) {
  const browser = new TestBrowser();
  browser.login = "victim";
  const { url: at, response } = await browser.navigate(url);
  return { browser, at, response, html: await response.text() };
}

function csrfOf(html: string): string {
  return /name="csrf" value="([^"]+)"/.exec(html)![1]!;
}

async function answer(browser: TestBrowser, decision: "approve" | "deny", csrf: string, origin?: string) {
  const url = `${world.server.api}/cli/sign-in/social/approval`;
  if (!origin) return browser.request(url, { method: "POST", body: new URLSearchParams({ csrf, decision }).toString(), contentType: "application/x-www-form-urlencoded" });
  return fetch(url, { method: "POST", redirect: "manual", headers: { origin, cookie: browser.cookieHeader(url), "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ csrf, decision }).toString() });
}

async function cliRows() {
  const rows = await world.server.database.db.selectFrom("verification").select("identifier").where("identifier", "like", "cli-%").execute();
  return { approvals: rows.filter((row) => row.identifier.startsWith("cli-approval:")).length, codes: rows.filter((row) => row.identifier.startsWith("cli-hand-off:")).length };
}

describe("the command line's browser sign-in asks the person first (#27)", () => {
  it("stops a link someone else's CLI started at an approval page naming the host, the account and the code: nothing reaches the loopback (#27)", async () => {
    received.length = 0;
    const before = await cliRows();
    const flow = await startCliFlow();
    expect(flow.userCode).toMatch(/^[BCDFGHJKMNPQRSTVWXZ2-9]{4}-[BCDFGHJKMNPQRSTVWXZ2-9]{4}$/);
    const { at, response, html } = await victimFollows(flow.url);
    expect(at).toBe(`${world.server.api}/cli/sign-in/social/approval`);
    expect(response.status).toBe(200);
    expect(html).toContain("Sign in to the command line on <strong id=\"cli-host\">build-box-7</strong> as <strong id=\"cli-account\">victim@example.com</strong>?");
    expect(html).toContain(`<p class="code" id="user-code">${flow.userCode}</p>`);
    expect(html).toContain('<strong id="cli-ip">127.0.0.1</strong>');
    const csp = response.headers.get("content-security-policy")!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain(`form-action 'self' ${new URL(loopbackURL).origin}`);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(received).toEqual([]);
    expect(await cliRows()).toEqual({ approvals: before.approvals + 1, codes: before.codes });
  });

  it("approve: only then does the loopback get a one-time code and the CLI's state, which the verifier trades for a session once (#27)", async () => {
    received.length = 0;
    const flow = await startCliFlow();
    const { browser, html } = await victimFollows(flow.url);
    const approved = await answer(browser, "approve", csrfOf(html));
    expect(approved.status).toBe(302);
    const location = new URL(approved.headers.get("location")!);
    expect(location.origin + location.pathname).toBe(loopbackURL);
    expect(location.searchParams.get("state")).toBe(flow.state);
    const code = location.searchParams.get("code")!;
    const wrong = await world.server.request("POST", "/cli/sign-in/social/token", { body: { code, verifier: "w".repeat(64) } });
    expect(wrong.body.code).toBe("INVALID_TOKEN");
    // A wrong verifier spends the code: the real one cannot follow it.
    const late = await world.server.request("POST", "/cli/sign-in/social/token", { body: { code, verifier: flow.verifier } });
    expect(late.body.code).toBe("INVALID_TOKEN");

    const again = await startCliFlow();
    const second = await victimFollows(again.url);
    const ok = await answer(second.browser, "approve", csrfOf(second.html));
    const secondCode = new URL(ok.headers.get("location")!).searchParams.get("code")!;
    const redeemed = await world.server.request("POST", "/cli/sign-in/social/token", { body: { code: secondCode, verifier: again.verifier } });
    expect(redeemed.status).toBe(200);
    expect(redeemed.body.user.email).toBe("victim@example.com");
    const twice = await world.server.request("POST", "/cli/sign-in/social/token", { body: { code: secondCode, verifier: again.verifier } });
    expect(twice.body.code).toBe("INVALID_TOKEN");
    // The browser that approved holds no Latchkey session: the session went to the CLI.
    expect(second.browser.cookie(world.server.url, "latchkey.session_token")).toBeUndefined();
  });

  it("deny: the loopback gets access_denied with the CLI's state, no code exists, and the page cannot be answered again (#27)", async () => {
    const before = await cliRows();
    const flow = await startCliFlow();
    const { browser, html } = await victimFollows(flow.url);
    const csrf = csrfOf(html);
    const handle = browser.cookie(world.server.url, "latchkey.cli_approval");
    expect(handle).toBeDefined();
    const denied = await answer(browser, "deny", csrf);
    expect(denied.status).toBe(302);
    const location = new URL(denied.headers.get("location")!);
    expect(location.origin + location.pathname).toBe(loopbackURL);
    expect(location.searchParams.get("error")).toBe("access_denied");
    expect(location.searchParams.get("state")).toBe(flow.state);
    expect(location.searchParams.has("code")).toBe(false);
    expect(await cliRows()).toEqual(before);
    // The same browser changing its mind finds nothing left to approve.
    expect(browser.cookie(world.server.url, "latchkey.cli_approval")).toBeUndefined();
    browser.setCookie(world.server.url, "latchkey.cli_approval", handle);
    const replay = await answer(browser, "approve", csrf);
    expect(replay.status).toBe(400);
    expect(await replay.text()).toContain("CLI_APPROVAL_EXPIRED");
    expect(await cliRows()).toEqual(before);
  });

  it("refuses an answer from another site, a forged form token and another browser (#27)", async () => {
    const flow = await startCliFlow();
    const { browser, html } = await victimFollows(flow.url);
    const csrf = csrfOf(html);
    const foreign = await answer(browser, "approve", csrf, "https://evil.example");
    expect(foreign.status).toBe(403);
    expect(((await foreign.json()) as { code: string }).code).toBe("INVALID_ORIGIN");

    const elsewhere = new TestBrowser();
    const page = await elsewhere.request(`${world.server.api}/cli/sign-in/social/approval`);
    expect(page.status).toBe(400);
    expect(await page.text()).toContain("no longer valid");
    const blind = await answer(elsewhere, "approve", csrf);
    expect(blind.status).toBe(400);

    const before = await cliRows();
    const forged = await answer(browser, "approve", "x".repeat(32));
    expect(forged.status).toBe(403);
    expect(((await forged.json()) as { code: string }).code).toBe("CLI_APPROVAL_FORM_MISMATCH");
    // Fail closed: the forged answer spent the approval, and no code was issued.
    expect(await cliRows()).toEqual({ approvals: before.approvals - 1, codes: before.codes });
  });

  it("speaks the account's chosen language, else the browser's (#27)", async () => {
    const flow = await startCliFlow();
    const { browser } = await victimFollows(flow.url);
    const url = `${world.server.api}/cli/sign-in/social/approval`;
    const french = await fetch(url, { headers: { cookie: browser.cookieHeader(url), "accept-language": "fr-CH, en;q=0.5" } });
    expect(await french.text()).toContain('<html lang="fr">');
    await world.server.database.db.updateTable("user").set({ language: "uk" }).where("email", "=", "victim@example.com").execute();
    try {
      const ukrainian = await fetch(url, { headers: { cookie: browser.cookieHeader(url), "accept-language": "fr-CH, en;q=0.5" } });
      const html = await ukrainian.text();
      expect(html).toContain('<html lang="uk">');
      expect(html).toContain("Увійти в командному рядку на");
    } finally {
      await world.server.database.db.updateTable("user").set({ language: null }).where("email", "=", "victim@example.com").execute();
    }
  });

  it("lets the approval lapse after five minutes (#27)", async () => {
    const flow = await startCliFlow();
    const { browser, html } = await victimFollows(flow.url);
    world.server.clock.advance(301_000);
    try {
      const page = await browser.request(`${world.server.api}/cli/sign-in/social/approval`);
      expect(page.status).toBe(400);
      expect(await page.text()).toContain("CLI_APPROVAL_EXPIRED");
      const late = await answer(browser, "approve", csrfOf(html));
      expect(late.status).toBe(400);
      expect(late.headers.get("location")).toBeNull();
    } finally {
      world.server.clock.advance(-301_000);
    }
  });

  it("escapes the host name, and refuses one with control or direction characters or a start without the CLI's state (#27)", async () => {
    const flow = await startCliFlow(`<img src=x onerror=alert(1)>"box"`);
    const { html } = await victimFollows(flow.url);
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;&quot;box&quot;");
    expect(html).not.toContain("<img");
    const challenge = "c".repeat(43);
    for (const host of ["box\nApprove now", "box\u202Eevil", "x".repeat(65), ""]) {
      const refused = await world.server.request("POST", "/cli/sign-in/social", { body: { provider: "google", loopbackURL, challenge, state: "s".repeat(43), host } });
      expect(refused.status, JSON.stringify(host)).toBe(400);
      expect(refused.body.code).toBe("VALIDATION_ERROR");
    }
    const stateless = await world.server.request("POST", "/cli/sign-in/social", { body: { provider: "google", loopbackURL, challenge, host: "box" } });
    expect(stateless.body.code).toBe("VALIDATION_ERROR");
  });

  it("sends a provider error to the loopback with the CLI's state, so the CLI can report it (#27)", async () => {
    world.idp.users.set("nomail-approval", { sub: "nomail-approval", name: "No Mail" });
    const flow = await startCliFlow();
    const browser = new TestBrowser();
    browser.login = "nomail-approval";
    const { url: at } = await browser.navigate(flow.url, (url) => url.startsWith(loopbackURL));
    const landed = new URL(at);
    expect(landed.searchParams.get("error")).toBe("email_not_found");
    expect(landed.searchParams.get("state")).toBe(flow.state);
  });
});
