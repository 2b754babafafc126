/**
 * The known-device cookie (OWASP's "device cookies" against lockout abuse). An attacker who
 * makes one wrong guess per lock period keeps an account locked for everyone; a browser that has
 * completed a sign-in to that account before is not "everyone". It carries a signed cookie naming
 * the accounts it signed in to (keyed tags, not ids), and a password attempt from it is counted
 * against that device alone instead of the account's lock — with the same budget, so a stolen
 * laptop gets no more guesses than anyone else (docs/lockout.md).
 */
import type { AppContext } from "../../context.js";
import { keyedHashes } from "../../crypto/encrypt.js";
import { randomString } from "../../crypto/tokens.js";
import type { BrowserSessions } from "../../http/handler.js";

export const KNOWN_DEVICE_COOKIE = "known_device";
/** A year: a device people sign in from at least yearly stays known. */
const KNOWN_DEVICE_SECONDS = 365 * 24 * 3600;
/** Accounts one browser remembers (the most recent first). */
const MAX_ACCOUNTS = 10;

interface KnownDevice {
  deviceId: string;
  tags: string[];
}

/** The tag under the current secret and, during a rotation, under each previous one. */
function tagsOf(app: AppContext, userId: string): string[] {
  return keyedHashes(userId, app.secret, "known-device").map((hash) => hash.slice(0, 22));
}

function read(browser: BrowserSessions): KnownDevice | undefined {
  const value = browser.readSigned(KNOWN_DEVICE_COOKIE);
  const [deviceId, list] = value?.split("|") ?? [];
  if (!deviceId || list === undefined) return undefined;
  return { deviceId, tags: list.split(",").filter(Boolean) };
}

/**
 * The lockout key of this browser for this account, when it has signed in to it before: password
 * attempts from here are counted under it instead of the account's own count.
 */
export function knownDeviceKey(app: AppContext, browser: BrowserSessions, userId: string): string | undefined {
  const device = read(browser);
  const [tag, ...previous] = tagsOf(app, userId);
  return device && [tag, ...previous].some((each) => device.tags.includes(each!)) ? `${device.deviceId}:${tag}` : undefined;
}

/** After a completed sign-in: this browser is now known to this account. */
export function rememberKnownDevice(app: AppContext, browser: BrowserSessions, userId: string): void {
  const device = read(browser) ?? { deviceId: randomString(24), tags: [] };
  const [tag, ...previous] = tagsOf(app, userId);
  const tags = [tag!, ...device.tags.filter((t) => t !== tag && !previous.includes(t))].slice(0, MAX_ACCOUNTS);
  browser.writeSigned(KNOWN_DEVICE_COOKIE, `${device.deviceId}|${tags.join(",")}`, KNOWN_DEVICE_SECONDS);
}
