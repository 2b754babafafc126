/**
 * The console inside the desktop app, where main keeps one credential per server: impersonation
 * and account switching, which would replace the administrator's credential, point to the web
 * console instead. A browser stands in for the shell: `window.latchkey` is injected before the
 * console loads, with `request` passing calls to the server with the page's cookies.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { consoleForFile, expectAccessible, watchPageErrors } from "../../helpers/console.js";

const harness = consoleForFile({ stepTimeout: 10_000 });

async function asDesktop(page: Page) {
  await page.addInitScript(() => {
    const server = { id: "test", name: "Test server", url: location.origin, kind: "remote", signedIn: true };
    const status = { state: "stopped", url: null, databasePath: "", version: "", error: null, pid: null, initialized: false };
    (window as unknown as { latchkey: unknown }).latchkey = {
      shell: "electron",
      platform: "linux",
      appVersion: "0.0.0-test",
      listServers: async () => [server],
      activeServer: async () => server,
      addServer: async () => server,
      removeServer: async () => undefined,
      useServer: async () => server,
      forgetCredential: async () => undefined,
      openExternal: async () => undefined,
      async request(request: { method: string; url: string; headers: Record<string, string>; body?: string }) {
        const response = await fetch(request.url, { method: request.method, headers: request.headers, body: request.body, credentials: "include" });
        const headers: Record<string, string> = {};
        response.headers.forEach((value, key) => (headers[key] = value));
        return { status: response.status, headers, body: await response.text() };
      },
      localServer: {
        status: async () => status,
        setup: async () => status,
        start: async () => status,
        stop: async () => status,
        logs: async () => [],
        subscribe: () => () => undefined,
      },
    };
  });
}

describe("the desktop app's limits", { timeout: 60_000 }, () => {
  it("disables Impersonate with a pointer to the web console, and offers no account switching", async () => {
    const admin = await harness.createAdmin({ name: "Desk Admin" });
    const target = await harness.server.signUp({ name: "Someone Else" });
    const { page } = await harness.newPage({ as: admin });
    const errors = watchPageErrors(page);
    await asDesktop(page);
    await page.goto(`${harness.consoleURL}/#/admin/users/${target.userId}`);
    await page.getByRole("heading", { name: "Someone Else", level: 1 }).waitFor();

    const impersonate = page.getByRole("button", { name: "Impersonate" });
    await expect.poll(() => impersonate.isDisabled()).toBe(true);
    await page.getByText("Impersonate from the web console").waitFor();
    expect(await impersonate.getAttribute("aria-describedby")).toBeTruthy();
    await expectAccessible(page, "user panel (desktop)");

    await page.getByRole("button", { name: "Signed-in accounts" }).click();
    await page.getByRole("menuitem", { name: "Sign out", exact: true }).waitFor();
    expect(await page.getByRole("menuitem", { name: "Sign in to another account" }).count()).toBe(0);
    expect(await page.getByRole("menuitem", { name: /^Switch to/ }).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it("keeps Impersonate and account switching in the web console", async () => {
    const admin = await harness.createAdmin({ name: "Web Admin" });
    const target = await harness.server.signUp({ name: "Another One" });
    const { page } = await harness.newPage({ as: admin });
    await page.goto(`${harness.consoleURL}/admin/users/${target.userId}`);
    await page.getByRole("heading", { name: "Another One", level: 1 }).waitFor();
    expect(await page.getByRole("button", { name: "Impersonate" }).isEnabled()).toBe(true);
    expect(await page.getByText("Impersonate from the web console").count()).toBe(0);
    await page.getByRole("button", { name: "Signed-in accounts" }).click();
    await page.getByRole("menuitem", { name: "Sign in to another account" }).waitFor();
  });
});
