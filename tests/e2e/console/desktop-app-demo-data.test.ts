/**
 * Issue 39, item 4 in the desktop app: the app's own local server offers the Server page's Demo
 * data section. Main starts the real local-server entry (LocalServerHost, a Node fork standing in
 * for Electron's utilityProcess; the first administrator made by its setup), and the console runs
 * in Chromium with the real preload bridge as `window.latchkey`, every call carried through main's
 * request proxy (tests/helpers/desktop-app.ts). The administrator signs in with the window's
 * password form, seeds the demo scenario, sees its personas and the live code, and saves a
 * snapshot beside the local database; then bans a persona through the API and restores the snapshot
 * with the section's Restore button (main stops the server, restores, starts it again). Who else is refused (another machine, a relayed or spoofed
 * request, a stale session, a server started without the flag): tests/server/settings/demo-data.test.ts.
 */
import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LocalServerHost } from "../../../electron/main/server-host.js";
import { snapshotPath } from "../../../server/maintenance/snapshots.js";
import { launchBrowser } from "../../helpers/browser.js";
import { closeToasts, expectAccessible, LAPTOP, screenshot, watchPageErrors } from "../../helpers/console.js";
import { desktopMain, type DesktopMain } from "../../helpers/desktop-app.js";
import { buildLocalServerEntry, nodeFork } from "../../electron/helpers.js";

const admin = { email: "laptop-owner@example.com", password: "laptop owner password", name: "Laptop Owner" };
const dataDir = mkdtempSync(join(tmpdir(), "latchkey-desktop-demo-"));
let entry = "";
let host: LocalServerHost;
let localUrl = "";
let main: DesktopMain;
let browser: Browser;
let context: BrowserContext;
let app: Page;

beforeAll(async () => {
  entry = await buildLocalServerEntry();
  host = new LocalServerHost({ fork: nodeFork, entry, dataDir, version: "0.0.0-test", startTimeoutMs: 90_000 });
  // First run, as the Welcome screen's form does it: the database, the administrator, then the server.
  const running = await host.setup({ admin });
  localUrl = running.url!;
  main = desktopMain(localUrl, { host, local: true });
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: LAPTOP, reducedMotion: "reduce" });
  app = await context.newPage();
  app.setDefaultTimeout(30_000);
  await main.attach(app);
}, 180_000);
afterAll(async () => {
  await context?.close().catch(() => undefined);
  await browser?.close();
  main?.close();
  await host?.stop();
  rmSync(dataDir, { recursive: true, force: true });
  if (entry) rmSync(dirname(entry), { recursive: true, force: true });
});

describe("demo data in the desktop app", { timeout: 180_000 }, () => {
  it("the local server started by the app offers Demo data: seed, personas with a live code, a snapshot beside its database", async () => {
    const errors = watchPageErrors(app);
    expect(localUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    await app.goto(`${localUrl}/console/#/sign-in`);
    await app.getByLabel("Email or username").fill(admin.email);
    await app.getByLabel("Password").fill(admin.password);
    await app.getByRole("button", { name: "Sign in", exact: true }).click();
    await app.getByRole("button", { name: `Signed-in accounts: ${admin.email}` }).waitFor();

    await app.goto(`${localUrl}/console/#/server`);
    // The Server page is the app's own: the local server running, at its address, and below it Demo data.
    await app.getByText(localUrl, { exact: true }).waitFor();
    const section = app.getByRole("region", { name: "Demo data" });
    await section.getByText("No scenario is seeded yet.").waitFor();
    await section.getByRole("button", { name: "Seed the demo scenario" }).click();
    const personas = section.getByRole("table", { name: "Personas" });
    await personas.getByRole("row").filter({ hasText: "@northwind" }).first().waitFor();
    await expect.poll(async () => (await personas.getByRole("row").count()) > 2).toBe(true);
    const code = section.getByLabel(/^Current code for /);
    expect(await code.first().textContent()).toMatch(/^\d{6}$/);

    await section.getByLabel("Snapshot name").fill("demo-seeded");
    await section.getByRole("button", { name: "Save a snapshot" }).click();
    await section.getByRole("table", { name: "Snapshots" }).getByRole("row").filter({ hasText: "demo-seeded" }).waitFor();
    // The file the CLI restores, beside the app's database, private.
    const file = snapshotPath(host.databasePath, "demo-seeded");
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // On the app's own local server the app restores it itself: a button, not the command.
    await section.getByText("Restore puts a snapshot back in place of the local server's data", { exact: false }).waitFor();
    expect(await section.getByText("auth server snapshot restore", { exact: false }).count()).toBe(0);

    await expectAccessible(app, "desktop demo data");
    await closeToasts(app);
    await screenshot(app, "desktop-app-demo-data");
    expect(errors).toEqual([]);
  });

  it("Restore puts the snapshot back: confirmed in a dialog, the server stopped, restored and started again, the change made since gone", async () => {
    const errors = watchPageErrors(app);
    // A change after the snapshot, through the API: a persona banned.
    const token = await signInAs(admin.email, admin.password);
    const demo = (await (await fetch(`${localUrl}/api/auth/admin/dev/demo`, { headers: { authorization: `Bearer ${token}` } })).json()) as { personas: Array<{ email: string; password: string; state: string; totpSecret?: string }> };
    const persona = demo.personas.find((entry) => !entry.totpSecret && !/ban|lock|unverified|invit/i.test(entry.state));
    expect(persona).toBeDefined();
    const users = (await (await fetch(`${localUrl}/api/auth/admin/list-users?searchField=email&searchValue=${encodeURIComponent(persona!.email)}`, { headers: { authorization: `Bearer ${token}` } })).json()) as { users: Array<{ id: string; email: string }> };
    const userId = users.users.find((user) => user.email === persona!.email)!.id;
    const ban = await fetch(`${localUrl}/api/auth/admin/ban-user`, { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: JSON.stringify({ userId, banReason: "QA" }) });
    expect(ban.status).toBe(200);
    expect(await personaSignIn(persona!)).toMatchObject({ status: 403, code: "BANNED_USER" });

    const section = app.getByRole("region", { name: "Demo data" });
    const pid = host.status().pid;
    await section.getByRole("button", { name: "Restore the snapshot demo-seeded" }).click();
    const dialog = app.getByRole("dialog", { name: "Restore the snapshot demo-seeded?" });
    await dialog.getByText("Everyone is signed out as of the snapshot", { exact: false }).waitFor();
    await expectAccessible(app, "desktop restore snapshot dialog");
    await screenshot(app, "desktop-app-restore-snapshot", { window: true });
    await dialog.getByRole("button", { name: "Restore", exact: true }).click();

    await section.getByRole("status").filter({ hasText: /^Snapshot demo-seeded restored \(\d+ rows\); the server is running again\.$/ }).waitFor({ timeout: 120_000 });
    await dialog.waitFor({ state: "detached" });
    // The server is back, a new process on the same address, and the ban made after the snapshot is gone.
    expect(host.status()).toMatchObject({ state: "running", url: localUrl });
    expect(host.status().pid).not.toBe(pid);
    expect((await personaSignIn(persona!)).status).toBe(200);
    // The window's session was in the snapshot: still signed in; the API token made after it is not.
    await app.getByRole("button", { name: `Signed-in accounts: ${admin.email}` }).waitFor();
    const stale = await fetch(`${localUrl}/api/auth/get-session`, { headers: { authorization: `Bearer ${token}` } });
    expect(stale.status === 401 || (await stale.json()) === null).toBe(true);
    await expectAccessible(app, "desktop demo data after restore");
    await closeToasts(app);
    expect(errors).toEqual([]);
  });
});

async function signInAs(email: string, password: string): Promise<string> {
  const response = await fetch(`${localUrl}/api/auth/sign-in/email`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password }) });
  expect(response.status).toBe(200);
  return response.headers.get("set-auth-token")!;
}

async function personaSignIn(persona: { email: string; password: string }): Promise<{ status: number; code?: string }> {
  const response = await fetch(`${localUrl}/api/auth/sign-in/email`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: persona.email, password: persona.password }) });
  const body = (await response.json().catch(() => ({}))) as { code?: string };
  return { status: response.status, code: body.code };
}
