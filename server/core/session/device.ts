/**
 * A session's device in words, from the User-Agent header it was created with: the one parser
 * (issue 20, item 6; the account page and the admin panel each had one, and named the desktop
 * app "Latchkey desktop" and "Chrome" respectively). Derived when a session list is read, not
 * stored: nothing to migrate, and a better pattern here relabels old sessions too.
 * Only broad families and the major version: enough to recognise one's own devices.
 */
import type { SessionDevice, SessionInList } from "../../../shared/contract/schemas.js";
import type { SessionRow } from "../../db/types.js";
import { toSession } from "../user/wire.js";

/** First match wins: more specific products come before the engines they are built on. */
const BROWSERS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bElectron\/(\d+)/, "Latchkey desktop"], // the desktop app's UI: Chromium inside, but not "Chrome"
  [/\bEdg(?:e|A|iOS)?\/(\d+)/, "Edge"],
  [/\bOPR\/(\d+)|\bOpera\b/, "Opera"],
  [/\bSamsungBrowser\/(\d+)/, "Samsung Internet"],
  [/\bFirefox\/(\d+)|\bFxiOS\/(\d+)/, "Firefox"],
  [/Chrom(?:e|ium)\/(\d+)|\bCriOS\/(\d+)/, "Chrome"], // HeadlessChrome too: it is Chrome
  [/\bVersion\/(\d+)[\d.]*.*Safari\//, "Safari"],
  [/^latchkey-cli\b/i, "Latchkey CLI"],
  [/\bcurl\/(\d+)/, "curl"],
  [/\bnode\b|\bundici\b|\bnode-fetch\b/i, "Node.js"],
];

const SYSTEMS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bAndroid\b/, "Android"],
  [/\biPhone\b|\biPad\b|\biOS\b/, "iOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bLinux\b|\bX11\b/, "Linux"],
];

/** null when there is no header or nothing in it is recognised (the console then shows the raw string). */
export function describeDevice(userAgent: string | null): SessionDevice | null {
  if (!userAgent) return null;
  let browser: string | null = null;
  let version: string | null = null;
  for (const [pattern, name] of BROWSERS) {
    const match = pattern.exec(userAgent);
    if (!match) continue;
    browser = name;
    version = match.slice(1).find((group) => group !== undefined) ?? null;
    break;
  }
  const os = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
  return browser || os ? { browser, version, os } : null;
}

/** A session as the lists show it: the wire session plus its device. */
export function toSessionInList(row: SessionRow): SessionInList {
  return { ...toSession(row), device: describeDevice(row.userAgent) };
}
