/**
 * `auth login --provider NAME` against the test identity provider: the CLI opens "the browser"
 * ($BROWSER, here a script that hands the URL to the test), the test's browser signs in at the
 * IdP, approves on Latchkey's page and is sent back to the CLI's loopback port, and the CLI saves
 * the session in its profile. The approval itself, in Chromium: social-login-approval.test.ts.
 */
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSocialWorld, type SocialWorld } from "../server/social/setup.js";
import { TestBrowser } from "../server/social/support.js";
import { runCli } from "../helpers/run-cli.js";
import { cliFor, type Cli } from "./harness.js";

let world: SocialWorld;
let cli: Cli;
let urlFile: string;
let browserScript: string;

beforeAll(async () => {
  world = await startSocialWorld();
  world.idp.users.set("opsy", { sub: "opsy", email: "opsy@example.com", email_verified: true, name: "Ops Y" });
  cli = cliFor(world.server);
  const dir = mkdtempSync(join(tmpdir(), "latchkey-browser-"));
  urlFile = join(dir, "url");
  browserScript = join(dir, "browser.sh");
  writeFileSync(browserScript, `#!/bin/sh\nprintf '%s' "$1" > '${urlFile}'\n`);
  chmodSync(browserScript, 0o755);
}, 60_000);
afterAll(async () => {
  cli?.cleanup();
  await world?.close();
});

async function waitForFile(path: string, ms = 15_000): Promise<string> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (existsSync(path)) {
      const text = readFileSync(path, "utf8");
      if (text) return text;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("the CLI never opened the browser");
}

describe("auth login --provider", () => {
  it("signs in through the system browser and a loopback redirect, and saves the session like a password login", { timeout: 90_000 }, async () => {
    // The CLI waits for a person at a browser: give it (and a loaded machine) a minute, not the harness's 20 s.
    const running = runCli(["login", "--provider", "google", "--json"], {
      timeoutMs: 60_000,
      env: { XDG_CONFIG_HOME: cli.configHome, AUTH_URL: world.server.url, AUTH_TOKEN: undefined, AUTH_PROFILE: undefined, BROWSER: browserScript },
    });
    const url = await waitForFile(urlFile, 40_000);
    expect(new URL(url).origin).toBe(world.idp.issuer);
    const browser = new TestBrowser();
    browser.login = "opsy";
    // The provider's round trip ends on Latchkey's approval page (#27), not at the CLI.
    const { url: approval, response: page } = await browser.navigate(url);
    expect(approval).toBe(`${world.server.api}/cli/sign-in/social/approval`);
    const csrf = /name="csrf" value="([^"]+)"/.exec(await page.text())![1]!;
    const approved = await browser.request(approval, { method: "POST", body: new URLSearchParams({ csrf, decision: "approve" }).toString(), contentType: "application/x-www-form-urlencoded" });
    const { url: landed, response } = await browser.navigate(new URL(approved.headers.get("location")!, approval).toString());
    expect(landed).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback\?code=/);
    expect(await response.text()).toContain("You can close this window");
    const result = await running;
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ profile: "default", user: { email: "opsy@example.com" } });
    // The browser got no session: the session belongs to the CLI.
    expect(browser.cookie(world.server.url, "latchkey.session_token")).toBeUndefined();
    const saved = JSON.parse(readFileSync(join(cli.configHome, "latchkey", "profiles.json"), "utf8"));
    const token = saved.profiles.default.token as string;
    expect((await world.server.client(token).getSession())?.user.email).toBe("opsy@example.com");
    const whoami = await cli.run(["whoami", "--json"], { token: null });
    expect(whoami.json().user.email).toBe("opsy@example.com");
  });

  it("reports the server's refusal (here: the provider shares no email) and exits without saving a session", { timeout: 90_000 }, async () => {
    world.idp.users.set("nomail-cli", { sub: "nomail-cli", name: "No Mail" });
    const other = cliFor(world.server);
    const file = `${urlFile}-2`;
    const script = `${browserScript}-2`;
    writeFileSync(script, `#!/bin/sh\nprintf '%s' "$1" > '${file}'\n`);
    chmodSync(script, 0o755);
    try {
      const running = runCli(["login", "--provider", "google", "--json"], {
        timeoutMs: 60_000,
        env: { XDG_CONFIG_HOME: other.configHome, AUTH_URL: world.server.url, AUTH_TOKEN: undefined, AUTH_PROFILE: undefined, BROWSER: script },
      });
      const browser = new TestBrowser();
      browser.login = "nomail-cli";
      const { url: landed } = await browser.navigate(await waitForFile(file, 40_000));
      expect(new URL(landed).searchParams.get("error")).toBe("email_not_found");
      const result = await running;
      expect(result.code).toBe(3);
      expect(result.stderr).toContain("email_not_found");
      expect(existsSync(join(other.configHome, "latchkey", "profiles.json"))).toBe(false);
    } finally {
      other.cleanup();
    }
  });

  it("refuses a non-loopback redirect for the CLI flow, and the one-time code without its verifier", async () => {
    const far = await world.server.request("POST", "/cli/sign-in/social", { body: { provider: "google", loopbackURL: "https://evil.example/callback", challenge: "x".repeat(43), state: "s".repeat(43), host: "box" } });
    expect(far.status).toBe(403);
    expect(far.body.code).toBe("INVALID_CALLBACK_URL");
    const bad = await world.server.request("POST", "/cli/sign-in/social/token", { body: { code: "nope", verifier: "y".repeat(43) } });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("INVALID_TOKEN");
  });
});
