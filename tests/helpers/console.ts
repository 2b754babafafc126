/**
 * The web console under test: a real server on a temporary database serving the built console
 * at /console, Debian's Chromium driven by playwright-core, axe for accessibility and a
 * screenshot per screen (kept in artifacts/screenshots, git-ignored).
 *
 * Tests act as a person: find controls by role and label, never by CSS class.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { AxeBuilder } from "@axe-core/playwright";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect } from "vitest";
import { createAdmin } from "../../server/maintenance/create-admin.js";
import { launchBrowser } from "./browser.js";
import { startTestServer, type TestServer, type TestServerOptions } from "./test-server.js";

export const SCREENSHOT_DIR = join(process.cwd(), "artifacts", "screenshots");

export interface ConsoleHarness {
  server: TestServer;
  browser: Browser;
  /** http://127.0.0.1:PORT/console */
  consoleURL: string;
  /**
   * A fresh browser context (its own cookies) with one page, optionally signed in; 1280×800
   * unless `viewport` says otherwise (a phone: 390×844), in the machine's time zone unless
   * `timezoneId` names another.
   */
  newPage(options?: PageOptions): Promise<{ context: BrowserContext; page: Page }>;
  /** An administrator made the way an operator makes one (create-admin), with its password. */
  createAdmin(input?: Partial<{ email: string; password: string; name: string }>): Promise<{ email: string; password: string; userId: string }>;
  close(): Promise<void>;
}

export interface PageOptions {
  as?: { email: string; password: string };
  viewport?: { width: number; height: number };
  timezoneId?: string;
}

/** The window sizes the console is checked at (issues 25, 33): a laptop, a phone and a wide monitor. */
export const LAPTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };
/** A desktop monitor (issue 33): the console should use its width, not leave a third of it empty. */
export const WIDE = { width: 1920, height: 1080 };

export interface ConsoleOptions extends TestServerOptions {
  /** Every page opened waits at most this long per step (so a failing flow names its step). */
  stepTimeout?: number;
}

export async function startConsole({ stepTimeout, ...options }: ConsoleOptions = {}): Promise<ConsoleHarness> {
  const server = await startTestServer(options);
  const browser = await launchBrowser();
  const consoleURL = `${server.url}/console`;
  const contexts: BrowserContext[] = [];
  let admins = 0;
  return {
    server,
    browser,
    consoleURL,
    async newPage({ as, viewport = LAPTOP, timezoneId } = {}) {
      // Reduced motion: toasts and dialogs appear without fading in, so axe never measures the
      // contrast of half-transparent text mid-animation. A phone-sized window is a touch screen.
      const phone = viewport.width < 600;
      const context = await browser.newContext({ viewport, baseURL: server.url, reducedMotion: "reduce", ...(phone ? { isMobile: true, hasTouch: true } : {}), ...(timezoneId ? { timezoneId } : {}) });
      contexts.push(context);
      const page = await context.newPage();
      if (stepTimeout) page.setDefaultTimeout(stepTimeout);
      if (as) {
        // Sign in through the browser's own request context so the session cookie lands in it.
        const response = await page.request.post(`${server.api}/sign-in/email`, { data: { email: as.email, password: as.password }, headers: { origin: server.url } });
        if (!response.ok()) throw new Error(`sign-in as ${as.email} failed: ${response.status()} ${await response.text()}`);
      }
      return { context, page };
    },
    async createAdmin(input = {}) {
      admins += 1;
      const email = input.email ?? `admin${admins}-${Math.random().toString(36).slice(2, 7)}@example.com`;
      const password = input.password ?? "admin password 123";
      const created = await createAdmin(server.app.context, { email, password, name: input.name ?? `Admin ${admins}` });
      return { email, password, userId: created.user.id };
    },
    async close() {
      for (const context of contexts) await context.close().catch(() => undefined);
      await browser.close();
      await server.close();
    },
  };
}

/**
 * One console for a whole test file: started before its tests, closed after them. The returned
 * harness reads through to the started one, so it can be used in every test of the file.
 */
export function consoleForFile(options: ConsoleOptions = {}): ConsoleHarness {
  let started: ConsoleHarness | undefined;
  beforeAll(async () => {
    started = await startConsole(options);
  });
  afterAll(async () => {
    await started?.close();
  });
  return new Proxy({} as ConsoleHarness, {
    get(_target, key) {
      if (!started) throw new Error("the console is not started yet: use the harness inside tests or hooks");
      const value: unknown = Reflect.get(started, key);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(started) : value;
    },
  });
}

/** WCAG 2.0 and 2.1, levels A and AA: what every console screen is held to. */
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/**
 * axe on the current screen, WCAG 2.1 A and AA: no serious or critical violations. axe-core leaves
 * "label in name" (WCAG 2.5.3) out of a tag run although it is tagged wcag21a, so it is turned on
 * by name: a button whose accessible name lacks its visible text ("Theme" on "Theme: System")
 * cannot be called by what a voice-control user reads on it.
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(WCAG_TAGS)
    .options({ rules: { "label-content-name-mismatch": { enabled: true } } })
    .analyze();
  const bad = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  const summary = bad.map((violation) => `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.map((node) => node.target.join(" ")).slice(0, 3).join(", ")}`);
  expect(summary, `accessibility of ${screen}`).toEqual([]);
}

/** Keeps a screenshot of the screen as an artefact: the full page, or with `window` what the window shows. */
export async function screenshot(page: Page, name: string, { window = false }: { window?: boolean } = {}): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: !window });
  return path;
}

/**
 * Closes every notice (sonner toast) so a screenshot shows what lies under them. The click is
 * dispatched on each close button itself: stacked notices overlap, and a click at the button's
 * position can land on the notice in front of it. Notices leave with an animation, so this asks
 * again until none is left.
 */
export async function closeToasts(page: Page, timeoutMs = 20_000): Promise<void> {
  const toasts = page.locator("[data-sonner-toast]");
  const deadline = Date.now() + timeoutMs;
  for (let left = await toasts.count(); left > 0; left = await toasts.count()) {
    if (Date.now() > deadline) throw new Error(`${left} notice(s) still open after ${timeoutMs} ms`);
    const buttons = await toasts.locator("[data-close-button]").all();
    for (const button of buttons) await button.dispatchEvent("click").catch(() => undefined);
    await page.waitForTimeout(250);
  }
}

/** Fails the test on any CSP violation or uncaught page error. */
export function watchPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy|Refused to/.test(message.text())) errors.push(`csp: ${message.text()}`);
  });
  return errors;
}
