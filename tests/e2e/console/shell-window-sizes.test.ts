/**
 * The console at a laptop's 1280×800, a monitor's 1920×1080 and a phone's 390×844, in English,
 * German and Russian (issues 25, 33): no table cell cuts its text at 1280×800 and the audit table
 * fits its box (Reason and Details visible); no email address is ever broken over two lines; a
 * wide screen's width is used; on the phone the page never scrolls sideways, the sidebar is a
 * menu, tables scroll inside their own box, and the account menu (sign out) is within reach. Each
 * screen at each size is kept as a screenshot (artifacts/screenshots/sizes-*).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { consoleForFile, expectAccessible, LAPTOP, PHONE, screenshot, watchPageErrors, WIDE } from "../../helpers/console.js";
import { brokenEmails, clippedCells, insideWindow, sidewaysScroll, tablesWiderThanTheirBox, widthUsed } from "../../helpers/layout.js";
import { signedIn } from "../../helpers/signed-in.js";

const harness = consoleForFile({ stepTimeout: 15_000 });

/** The words a person sees, from the console's own catalogues (so the test reads like the screen). */
function words(language: string) {
  const common = JSON.parse(readFileSync(join(process.cwd(), "i18n", language, "common.json"), "utf8")) as { nav: Record<string, string>; switcher: Record<string, string> };
  return { menu: common.nav.menu!, main: common.nav.label!, audit: common.nav.audit!, accounts: common.switcher.label!, signOut: common.switcher.signOut! };
}

let admin: { email: string; password: string; userId: string };
let adminToken: string;
let organizationId: string;

beforeAll(async () => {
  admin = await harness.createAdmin({ email: "operations-administrator@example.com", name: "Operations Administrator" });
  adminToken = signedIn(await harness.server.client().signInEmail({ email: admin.email, password: admin.password })).token;
  const client = harness.server.client(adminToken);
  const people = [
    { email: "samantha.bartholomew-longname@example.com", name: "Samantha Bartholomew-Longname" },
    { email: "konstantin.konstantinopolsky@example.com", name: "Константин Константинопольский" },
    { email: "sam@example.com", name: "Sam Short" },
  ];
  const ids: string[] = [];
  for (const person of people) {
    const created = await client.adminCreateUser({ ...person, password: "correct horse battery" });
    ids.push(created.user.id);
    // A last sign-in ("12 seconds ago · Email") in the table.
    await harness.server.client().signInEmail({ email: person.email, password: "correct horse battery" });
  }
  await client.adminBanUser({ userId: ids[0]!, banReason: "Repeated spam in the community forum", banExpiresIn: 30 * 24 * 3600 });
  await client.adminBanUser({ userId: ids[2]!, banReason: "Chargeback fraud" });
  // A refused sign-in of an address no account has, and one of a real account.
  await harness.server.request("POST", "/sign-in/email", { body: { email: "nobody-by-this-name@example.com", password: "guessing123" } });
  await harness.server.request("POST", "/sign-in/email", { body: { email: people[1]!.email, password: "wrong password" } });
  await harness.server.client().requestPasswordReset({ email: people[1]!.email, redirectTo: "/console/reset-password" });
  const organization = await client.createOrganization({ name: "Bartholomew & Konstantinopolsky Holdings", slug: "bk-holdings" });
  organizationId = organization.id;
  for (const id of ids.slice(1)) await client.addOrganizationMember({ organizationId, userId: id, role: "admin" });
});

/** Opens a screen and waits for what proves it has loaded. */
async function open(page: Page, path: string, ready: (page: Page) => Promise<unknown>) {
  await page.goto(`${harness.consoleURL}${path}`);
  await ready(page);
}

const SCREENS: Array<{ name: string; path: () => string; ready(page: Page): Promise<unknown>; tables: boolean }> = [
  { name: "users", path: () => "/admin/users", ready: (page) => page.getByRole("grid").getByText("sam@example.com").waitFor(), tables: true },
  { name: "audit", path: () => "/admin/audit", ready: (page) => page.getByRole("table").getByText("nobody-by-this-name@example.com").first().waitFor(), tables: true },
  { name: "outbox", path: () => "/admin/outbox", ready: (page) => page.getByRole("table").getByText("konstantin.konstantinopolsky@example.com").first().waitFor(), tables: true },
  { name: "members", path: () => `/organizations/${organizationId}/members`, ready: (page) => page.getByText("Константин Константинопольский").first().waitFor(), tables: true },
  { name: "account", path: () => "/account", ready: (page) => page.getByRole("heading", { level: 1 }).waitFor(), tables: false },
];

describe("the console at 1280×800, 1920×1080 and 390×844", { timeout: 180_000 }, () => {
  for (const language of ["en", "de", "ru"] as const) {
    for (const [size, viewport] of [
      ["1280x800", LAPTOP],
      ["1920x1080", WIDE],
      ["390x844", PHONE],
    ] as const) {
      it(`${language} at ${size}: nothing cut, nothing off to the side, every action reachable`, async () => {
        await harness.server.request("POST", "/update-user", { token: adminToken, body: { language } });
        const { page } = await harness.newPage({ as: admin, viewport });
        const errors = watchPageErrors(page);
        const text = words(language);
        for (const screen of SCREENS) {
          await open(page, screen.path(), screen.ready);
          await page.waitForFunction((tag) => document.documentElement.lang === tag, language);
          // Kept before the checks, so a failing screen can be looked at.
          await screenshot(page, `sizes-${language}-${size}-${screen.name}`);
          // What the window shows, for the README's gallery (docs/screenshots/console-*.png).
          await screenshot(page, `sizes-${language}-${size}-${screen.name}-window`, { window: true });
          expect(await sidewaysScroll(page), `${screen.name} scrolls sideways in ${language} at ${size}`).toBeLessThanOrEqual(0);
          const desk = viewport !== PHONE;
          if (desk && screen.tables) expect(await clippedCells(page), `cut table cells on ${screen.name} in ${language} at ${size}`).toEqual([]);
          if (desk && screen.name === "audit") expect(await tablesWiderThanTheirBox(page), `audit table wider than its box in ${language} at ${size}`).toEqual([]);
          // On a phone the outbox and the account's sessions stack each row instead of scrolling sideways (issue 33).
          if (!desk && (screen.name === "outbox" || screen.name === "account")) expect(await tablesWiderThanTheirBox(page), `${screen.name} tables wider than their box in ${language} at ${size}`).toEqual([]);
          expect((await brokenEmails(page)).join("; "), `email addresses broken over lines on ${screen.name} in ${language} at ${size}`).toBe("");
          if (viewport === WIDE && screen.tables) expect(await widthUsed(page), `share of the width used by ${screen.name} in ${language} at ${size}`).toBeGreaterThan(0.95);
        }
        await expectAccessible(page, `account in ${language} at ${size}`);

        const nav = page.getByRole("navigation", { name: text.main, exact: true });
        if (viewport === PHONE) {
          // The sidebar is a menu: hidden until the Menu button opens it; a link closes it again.
          expect(await nav.isVisible()).toBe(false);
          const toggle = page.getByRole("button", { name: text.menu, exact: true });
          expect(await insideWindow(page, await toggle.boundingBox())).toBe(true);
          await toggle.click();
          await nav.waitFor();
          await screenshot(page, `sizes-${language}-${size}-menu`, { window: true });
          await nav.getByRole("link", { name: text.audit, exact: true }).click();
          await page.waitForURL(/\/admin\/audit/);
          await nav.waitFor({ state: "hidden" });
          expect(await toggle.getAttribute("aria-expanded")).toBe("false");
          await expectAccessible(page, `audit in ${language} at ${size}`);
        } else {
          await nav.waitFor();
          expect(await page.getByRole("button", { name: text.menu, exact: true }).isVisible()).toBe(false);
        }
        // The account menu and its sign-out are on screen at either size.
        const account = page.getByRole("button", { name: `${text.accounts}: ${admin.email}`, exact: true });
        expect(await insideWindow(page, await account.boundingBox())).toBe(true);
        await account.click();
        const signOut = page.getByRole("menuitem", { name: text.signOut, exact: true });
        await signOut.waitFor();
        expect(await insideWindow(page, await signOut.boundingBox())).toBe(true);
        // The current account's address is on one line, never broken at its hyphen (#33, item 5).
        const addressLines = await page.getByRole("menu").evaluate((menu, email) => {
          const walker = document.createTreeWalker(menu, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const at = node.textContent?.indexOf(email) ?? -1;
            if (at < 0) continue;
            const range = document.createRange();
            range.setStart(node, at);
            range.setEnd(node, at + email.length);
            return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
          }
          return 0;
        }, admin.email);
        expect(addressLines).toBe(1);
        await screenshot(page, `sizes-${language}-${size}-account-menu`, { window: true });
        await signOut.click();
        await page.waitForURL(/\/console\/sign-in/);
        expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
        await screenshot(page, `sizes-${language}-${size}-sign-in`);
        expect(errors).toEqual([]);
      });
    }
  }
});
