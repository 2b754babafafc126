/**
 * `auth login --provider google` as a person does it (#27): the real `auth` process prints a code
 * and "opens the browser" ($BROWSER, a script handing the URL to the test); Chromium signs in at
 * the real OpenID provider, lands on Latchkey's approval page showing this machine's name, the
 * account and the same code, and the person clicks Approve or Deny. Also the attacks: a flow
 * completed in someone's browser without approval, and web pages probing the loopback port.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { AxeBuilder } from "@axe-core/playwright";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reportedHost } from "../../cli/social-login.js";
import { launchBrowser } from "../helpers/browser.js";
import { AUTH_BIN } from "../helpers/run-cli.js";
import { startSocialWorld, type SocialWorld } from "../server/social/setup.js";
import { totpAt, userWithTotp } from "../server/two-factor/support.js";
import { cliFor, type Cli } from "./harness.js";

const SCREENSHOT_DIR = join(process.cwd(), "artifacts", "screenshots");

let world: SocialWorld;
let browser: Browser;
const clis: Cli[] = [];
const running: ChildProcess[] = [];

beforeAll(async () => {
  world = await startSocialWorld();
  world.idp.users.set("dana", { sub: "dana", email: "dana@example.com", email_verified: true, name: "Dana Ops" });
  browser = await launchBrowser();
}, 90_000);
afterAll(async () => {
  for (const child of running) if (child.exitCode === null) child.kill("SIGKILL");
  for (const cli of clis) cli.cleanup();
  await browser?.close();
  await world?.close();
});

async function until<T>(what: string, probe: () => T | undefined, ms = 40_000): Promise<T> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const value = probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** The real CLI, started like a person would; its stderr is read while it runs. */
async function startLogin(options: { extraArgs?: string[]; input?: string } = {}) {
  const cli = cliFor(world.server);
  clis.push(cli);
  const dir = mkdtempSync(join(tmpdir(), "latchkey-browser-"));
  const urlFile = join(dir, "url");
  const script = join(dir, "browser.sh");
  writeFileSync(script, `#!/bin/sh\nprintf '%s' "$1" > '${urlFile}'\n`);
  chmodSync(script, 0o755);
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "test", XDG_CONFIG_HOME: cli.configHome, AUTH_URL: world.server.url, BROWSER: script };
  delete env.AUTH_TOKEN;
  delete env.AUTH_PROFILE;
  const child = spawn(process.execPath, [AUTH_BIN, "login", "--provider", "google", "--json", ...(options.extraArgs ?? [])], { env, stdio: [options.input === undefined ? "ignore" : "pipe", "pipe", "pipe"] });
  if (options.input !== undefined) child.stdin!.end(options.input);
  running.push(child);
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (chunk) => (stdout += chunk));
  child.stderr!.on("data", (chunk) => (stderr += chunk));
  const exited = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => child.on("close", (code) => resolve({ code, stdout, stderr })));
  const userCode = await until("the CLI's code", () => /Your code: ([A-Z0-9]{4}-[A-Z0-9]{4})/.exec(stderr)?.[1]);
  const providerURL = await until("the CLI to open the browser", () => (existsSync(urlFile) ? readFileSync(urlFile, "utf8") || undefined : undefined));
  return { cli, child, exited, userCode, providerURL, stderr: () => stderr };
}

/** The CLI's loopback address, from the flow it started (the server keeps it with the flow's state). */
async function loopbackOf(userCode: string): Promise<string> {
  const rows = await world.server.database.db.selectFrom("verification").select("value").where("identifier", "like", "oauth-state:%").execute();
  for (const row of rows) {
    const flow = JSON.parse(row.value) as { cli?: { userCode: string; redirect: string } };
    if (flow.cli?.userCode === userCode) return flow.cli.redirect;
  }
  throw new Error("no flow for that code");
}

async function cliRows() {
  const rows = await world.server.database.db.selectFrom("verification").select("identifier").where("identifier", "like", "cli-%").execute();
  return { approvals: rows.filter((row) => row.identifier.startsWith("cli-approval:")).length, codes: rows.filter((row) => row.identifier.startsWith("cli-hand-off:")).length };
}

/** A person at the provider: types a login and a password, then consents. Ends on Latchkey's approval page. */
async function signInAtProvider(page: Page, url: string, login: string) {
  await page.goto(url, { waitUntil: "domcontentloaded" });
  await page.locator("input[name=login]").fill(login);
  await page.locator("input[name=password]").fill("any password");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
  await page.waitForURL(`${world.server.api}/cli/sign-in/social/approval`);
}

describe("auth login --provider asks the browser's person to approve (#27)", () => {
  it("shows the host, the account and the CLI's code; Approve signs the CLI in (#27)", { timeout: 120_000 }, async () => {
    const login = await startLogin();
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInAtProvider(page, login.providerURL, "dana");

    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Sign in to the command line?");
    expect(await page.locator("#user-code").textContent()).toBe(login.userCode);
    expect(await page.locator("#cli-host").textContent()).toBe(reportedHost(hostname()));
    expect(await page.locator("#cli-account").textContent()).toBe("dana@example.com");
    const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    expect(axe.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOT_DIR, "cli-approval.png"), fullPage: true });

    await page.getByRole("button", { name: "Approve" }).click();
    await page.waitForURL(/^http:\/\/127\.0\.0\.1:\d+\/callback\?code=/);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Signed in");
    const result = await login.exited;
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ profile: "default", user: { email: "dana@example.com" } });
    const saved = JSON.parse(readFileSync(join(login.cli.configHome, "latchkey", "profiles.json"), "utf8"));
    expect((await world.server.client(saved.profiles.default.token).getSession())?.user.email).toBe("dana@example.com");
    // The session is the CLI's: the browser that approved holds none.
    expect((await context.cookies(world.server.url)).map((cookie) => cookie.name)).not.toContain("latchkey.session_token");
    await context.close();
  });

  it("asks a two-factor account for its code after the approval, as after a password (#19)", { timeout: 120_000 }, async () => {
    const person = await userWithTotp(world.server);
    await world.server.database.db.updateTable("user").set({ emailVerified: 1 }).where("id", "=", person.userId).execute();
    world.idp.users.set("tara", { sub: "tara", email: person.email, email_verified: true, name: "Tara Two" });
    const login = await startLogin({ extraArgs: ["--totp-stdin"], input: `${totpAt(person.secret, world.server.clock.now())}\n` });
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInAtProvider(page, login.providerURL, "tara");
    await page.getByRole("button", { name: "Approve" }).click();
    await page.waitForURL(/^http:\/\/127\.0\.0\.1:\d+\/callback\?code=/);
    const result = await login.exited;
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ user: { email: person.email } });
    const saved = JSON.parse(readFileSync(join(login.cli.configHome, "latchkey", "profiles.json"), "utf8"));
    expect((await world.server.client(saved.profiles.default.token).getSession())?.user.id).toBe(person.userId);
    await world.server.app.context.audit.flush();
    const signIns = await world.server.database.db.selectFrom("auditEvent").selectAll().where("targetId", "=", person.userId).where("action", "=", "user.sign-in").execute();
    expect(signIns.some((event) => String(event.metadata).includes('"secondFactor":"totp"'))).toBe(true);
    await context.close();
  });

  it("Deny: the CLI says the sign-in was denied and exits 3, and no code exists to redeem (#27)", { timeout: 120_000 }, async () => {
    const before = await cliRows();
    const login = await startLogin();
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInAtProvider(page, login.providerURL, "dana");
    await page.getByRole("button", { name: "Deny" }).click();
    await page.waitForURL(/^http:\/\/127\.0\.0\.1:\d+\/callback\?error=access_denied/);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Sign-in denied");
    const result = await login.exited;
    expect(result.code).toBe(3);
    expect(result.stderr).toContain("Sign-in with google was denied in the browser.");
    expect(existsSync(join(login.cli.configHome, "latchkey", "profiles.json"))).toBe(false);
    expect(await cliRows()).toEqual(before);
    // Coming back to approve after all finds nothing left to approve.
    const again = await page.goto(`${world.server.api}/cli/sign-in/social/approval`);
    expect(again?.status()).toBe(400);
    expect(await page.locator("#error-code").textContent()).toBe("CLI_APPROVAL_EXPIRED");
    expect(await page.getByRole("button", { name: "Approve" }).count()).toBe(0);
    expect(await cliRows()).toEqual(before);
    await context.close();
  });

  it("a flow another CLI started, completed in a victim's browser without approval, sends nothing to that CLI's loopback (#27)", { timeout: 120_000 }, async () => {
    const attacker = await startLogin();
    const loopback = new URL(await loopbackOf(attacker.userCode));
    const context = await browser.newContext();
    const page = await context.newPage();
    const toLoopback: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).host === loopback.host) toLoopback.push(request.url());
    });
    // The victim follows the link the attacker sent; the provider signs them in.
    await signInAtProvider(page, attacker.providerURL, "dana");
    expect(await page.locator("#cli-account").textContent()).toBe("dana@example.com");
    expect(toLoopback).toEqual([]);
    expect((await cliRows()).codes).toBe(0);
    // The attacker's CLI got nothing: it is still waiting, having said only its opening lines.
    expect(attacker.child.exitCode).toBeNull();
    expect(attacker.stderr()).not.toMatch(/Signed in|did not complete|denied/);
    attacker.child.kill("SIGTERM");
    await attacker.exited;
    await context.close();
  });

  it("a request to the loopback with ?error= and no state or a wrong one does not abort the login (#27)", { timeout: 120_000 }, async () => {
    const login = await startLogin();
    const loopback = await loopbackOf(login.userCode);
    // What any web page could do: probe the loopback port with an error.
    const context = await browser.newContext();
    const page = await context.newPage();
    const bare = await page.goto(`${loopback}?error=access_denied`);
    expect(bare?.status()).toBe(400);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Not this sign-in");
    const wrong = await fetch(`${loopback}?error=access_denied&state=${"A".repeat(43)}`);
    expect(wrong.status).toBe(400);
    const forgedCode = await fetch(`${loopback}?code=forged&state=guess`);
    expect(forgedCode.status).toBe(400);
    expect(login.child.exitCode).toBeNull();

    await signInAtProvider(page, login.providerURL, "dana");
    await page.getByRole("button", { name: "Approve" }).click();
    await page.waitForURL(/^http:\/\/127\.0\.0\.1:\d+\/callback\?code=/);
    const result = await login.exited;
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout).user.email).toBe("dana@example.com");
    await context.close();
  });
});
