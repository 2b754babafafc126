/**
 * A headless Chromium driven by playwright-core: the system's when there is one, otherwise the
 * one shipped in @sparticuz/chromium (bench/find-chromium.ts says which and why).
 */
import { chromium, type Browser } from "playwright-core";
import { findChromium } from "../../bench/find-chromium.js";

export { findChromium };

export async function launchBrowser(): Promise<Browser> {
  const { executablePath, args } = await findChromium();
  return chromium.launch({ executablePath, headless: true, args });
}
