/**
 * Which Chromium to drive with playwright-core (Playwright's own browser download does not work
 * on these machines). In order: CHROMIUM_PATH, Debian's /usr/bin/chromium, an installed Chrome,
 * and otherwise the Chromium shipped in the npm package @sparticuz/chromium (a devDependency,
 * Linux x64/arm64; it asks for Node 22 but works on 20.20). LATCHKEY_TEST_BROWSER=npm skips the
 * system browsers, to prove the suite needs none.
 */
import { existsSync } from "node:fs";

export interface ChromiumLaunch {
  executablePath: string;
  args: string[];
  /** Where it came from, for messages. */
  source: "CHROMIUM_PATH" | "system" | "npm";
}

const FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"];

const SYSTEM_BROWSERS = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome", "/usr/bin/google-chrome-stable", "/opt/google/chrome/chrome"];

let found: Promise<ChromiumLaunch> | undefined;

export function findChromium(): Promise<ChromiumLaunch> {
  return (found ??= locate());
}

async function locate(): Promise<ChromiumLaunch> {
  const forceNpm = process.env.LATCHKEY_TEST_BROWSER === "npm";
  const configured = process.env.CHROMIUM_PATH;
  if (!forceNpm && configured && existsSync(configured)) return { executablePath: configured, args: FLAGS, source: "CHROMIUM_PATH" };
  const system = forceNpm ? undefined : SYSTEM_BROWSERS.find((path) => existsSync(path));
  if (system) return { executablePath: system, args: FLAGS, source: "system" };
  try {
    // Unpacks its brotli-packed Chromium to /tmp once (a few seconds), then reuses it.
    const { default: chromium } = await import("@sparticuz/chromium");
    // Not the package's own `chromium.args`: they are for AWS Lambda and include
    // --single-process (console pages hang in it) and --disable-web-security (which would void
    // the very CORS and CSP behaviour the tests check). The system browser's flags work as is.
    return { executablePath: await chromium.executablePath(), args: FLAGS, source: "npm" };
  } catch (error) {
    throw new Error(
      `No Chromium found: set CHROMIUM_PATH, install chromium or Chrome, or keep the @sparticuz/chromium devDependency installed (${(error as Error).message})`,
    );
  }
}
