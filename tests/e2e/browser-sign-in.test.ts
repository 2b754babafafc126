/** A person with a browser: sign up, see the session, sign out, sign in again — on the plain page at `/demo`. */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "../helpers/browser.js";
import { startTestServer, type TestServer } from "../helpers/test-server.js";

let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

function statusIs(page: import("playwright-core").Page, text: string) {
  return page.waitForFunction((expected) => document.getElementById("status")?.textContent === expected, text);
}

// A browser flow: 90 s like the other browser suites, not the default 30 s a loaded CI box can exceed.
describe("the account page in Chromium", { timeout: 90_000 }, () => {
  it("signs up, shows the session from cookies, signs out and signs back in", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/demo`);
    await statusIs(page, "Not signed in.");

    await page.fill("#sign-up input[name=name]", "Browser User");
    await page.fill("#sign-up input[name=email]", "browser@example.com");
    await page.fill("#sign-up input[name=password]", "password123");
    await page.click("#sign-up button");
    await statusIs(page, "Signed in.");
    expect(await page.textContent("#who")).toBe("browser@example.com");

    const cookies = await context.cookies();
    const session = cookies.find((c) => c.name === "latchkey.session_token");
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe("Lax");
    expect(await page.evaluate(() => document.cookie)).not.toContain("latchkey.session_token");

    await page.reload();
    await statusIs(page, "Signed in.");

    await page.click("#sign-out");
    await statusIs(page, "Not signed in.");

    await page.fill("#sign-in input[name=email]", "browser@example.com");
    await page.fill("#sign-in input[name=password]", "wrong-password");
    await page.click("#sign-in button");
    await page.waitForSelector("#error:has-text('Invalid email or password')");

    await page.fill("#sign-in input[name=email]", "browser@example.com");
    await page.fill("#sign-in input[name=password]", "password123");
    await page.click("#sign-in button");
    await statusIs(page, "Signed in.");
    const text = await page.textContent("#session");
    expect(JSON.parse(text ?? "null").user.email).toBe("browser@example.com");
    await context.close();
  });
});
