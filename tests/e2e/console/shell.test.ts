/** The console's frame: served at /console under a strict CSP, signed-out redirect, navigation by permission. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, screenshot, startConsole, watchPageErrors, type ConsoleHarness } from "../../helpers/console.js";

let harness: ConsoleHarness;
beforeAll(async () => {
  harness = await startConsole();
});
afterAll(async () => {
  await harness?.close();
});

// A browser flow: 90 s like the other browser suites, not the default 30 s a loaded CI box can exceed.
describe("the web console", { timeout: 90_000 }, () => {
  it("is served at /console with a strict Content-Security-Policy on its pages", async () => {
    const response = await fetch(`${harness.consoleURL}/admin/users?q=ada`);
    expect(response.status).toBe(200);
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
    expect(await response.text()).toContain('<div id="root">');
    const missing = await fetch(`${harness.consoleURL}/assets/no-such-file.js`);
    expect(missing.status).toBe(404);
  });

  it("names a page's own chunks in its index page, so they load beside the entry instead of after the session check", async () => {
    const preloads = (html: string) => new Set([...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)"/g)].map((match) => match[1]));
    const home = preloads(await (await fetch(`${harness.consoleURL}/`)).text());
    const users = preloads(await (await fetch(`${harness.consoleURL}/admin/users?q=ada`)).text());
    const extra = [...users].filter((file) => !home.has(file));
    expect(extra.some((file) => /\/users-page-[^/]+\.js$/.test(file ?? ""))).toBe(true);
    for (const file of extra) expect((await fetch(`${harness.server.url}${file}`)).status).toBe(200);
    // Every page the server names is a chunk of this build: a renamed page fails here, not silently.
    const { createPagePreloads } = await import("../../../server/http/console-preload.js");
    const { consoleDirectory } = await import("../../../server/http/console.js");
    const { readFileSync } = await import("node:fs");
    const { join } = await import("node:path");
    const root = consoleDirectory();
    expect(createPagePreloads(root, readFileSync(join(root, "index.html"))).missingModules).toEqual([]);
  });

  it("starts a page's first API requests from its HTML, and the page uses those answers instead of asking again", async () => {
    const admin = await harness.createAdmin();
    const owner = harness.server.client((await harness.server.signUp()).token);
    const organization = await owner.createOrganization({ name: "Preloaded", slug: "preloaded" });
    await owner.addOrganizationMember({ organizationId: organization.id, userId: admin.userId, role: "admin" });
    const { page } = await harness.newPage({ as: admin });
    const apiCalls: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith("/api/auth/")) apiCalls.push(`${url.pathname}${url.search}`);
    });
    const countOf = (path: string) => apiCalls.filter((call) => call.startsWith(`/api/auth${path}`)).length;

    await page.goto(`${harness.consoleURL}/admin/users`);
    await page.getByRole("row").filter({ hasText: admin.email }).first().waitFor();
    expect(countOf("/get-session")).toBe(1);
    expect(countOf("/admin/list-users")).toBe(1);

    apiCalls.length = 0;
    await page.goto(`${harness.consoleURL}/organizations/${organization.id}/members`);
    await page.getByRole("row").filter({ hasText: admin.email }).first().waitFor();
    for (const path of ["/get-session", "/organization/get-full-organization", "/organization/get-active-member-role", "/organization/list-members"]) expect([path, countOf(path)]).toEqual([path, 1]);
  });

  it("sends its scripts compressed, and cached for good since their names carry their hash", async () => {
    const html = await (await fetch(`${harness.consoleURL}/`)).text();
    const entry = /<script type="module" crossorigin src="([^"]+)"/.exec(html)?.[1];
    expect(entry).toMatch(/^\/console\/assets\/index-.+\.js$/);
    const url = `${harness.server.url}${entry}`;
    const plain = await fetch(url, { headers: { "accept-encoding": "identity" } });
    const plainLength = (await plain.arrayBuffer()).byteLength;
    const { request } = await import("node:http");
    const compressed = await new Promise<{ encoding: string | undefined; length: number; cache: string | undefined }>((resolve, reject) => {
      request(url, { headers: { "accept-encoding": "br, gzip" } }, (response) => {
        let length = 0;
        response.on("data", (chunk: Buffer) => (length += chunk.length));
        response.on("end", () => resolve({ encoding: response.headers["content-encoding"], length, cache: response.headers["cache-control"] }));
      })
        .on("error", reject)
        .end();
    });
    expect(compressed.encoding).toBe("br");
    expect(compressed.length).toBeLessThan(plainLength / 2);
    expect(compressed.cache).toContain("immutable");
  });

  it("sends a signed-out visitor to sign-in and back to where they were going", async () => {
    const { page } = await harness.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${harness.consoleURL}/organizations`);
    await page.waitForURL(/\/console\/sign-in\?redirect=/);
    expect(decodeURIComponent(page.url())).toContain("redirect=/organizations");
    expect(errors).toEqual([]);
  });

  it("shows administration only to administrators, and the command palette jumps to a page", async () => {
    const admin = await harness.createAdmin();
    const { page } = await harness.newPage({ as: admin });
    const errors = watchPageErrors(page);
    await page.goto(`${harness.consoleURL}/account`);
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect.poll(() => nav.getByRole("link", { name: "Users" }).count()).toBe(1);
    await expectAccessible(page, "account (shell)");
    await screenshot(page, "shell-admin");

    await page.keyboard.press("Control+k");
    const palette = page.getByRole("dialog", { name: "Command palette" });
    await palette.getByRole("combobox").fill("audit");
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/console\/admin\/audit/);
    expect(errors).toEqual([]);

    const member = await harness.server.signUp();
    const { page: memberPage } = await harness.newPage({ as: member });
    await memberPage.goto(`${harness.consoleURL}/account`);
    await memberPage.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Organizations" }).waitFor();
    expect(await memberPage.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Users" }).count()).toBe(0);
  });
});
