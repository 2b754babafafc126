/**
 * The words every console screen shows for a session's device ("Chrome on Linux", "Latchkey
 * desktop on macOS"), from the device the server parsed (server/core/session/device.ts). Each
 * screen passes its own translated "on" sentence and "unknown" word; the rule is the same, so the
 * account page and the admin panel name a session alike. Pure: runs in the browser.
 */
import type { SessionDevice } from "./contract/schemas.js";

export interface DeviceWords {
  on(browser: string, os: string): string;
  unknown: string;
}

export function deviceLabel(device: SessionDevice | null, words: DeviceWords): string {
  if (!device) return words.unknown;
  if (device.browser && device.os) return words.on(device.browser, device.os);
  return device.browser ?? device.os ?? words.unknown;
}
