/** How the captcha is set up, for `auth server check-config` and the console's Server page: never the secret key. */
import type { Config } from "../../config.js";

export type ServiceProvider = Exclude<NonNullable<Config["captcha"]>["provider"], "altcha">;

/** Each service's public siteverify URL (`captcha.siteVerifyUrl` replaces it). */
export const SITE_VERIFY_URLS: Record<ServiceProvider, string> = {
  turnstile: "https://challenges.cloudflare.com/turnstile/v0/siteverify",
  hcaptcha: "https://api.hcaptcha.com/siteverify",
  recaptcha: "https://www.google.com/recaptcha/api/siteverify",
};

export interface CaptchaSummary {
  provider: "altcha" | "turnstile" | "hcaptcha" | "recaptcha" | null;
  /** ALTCHA's difficulty and challenge lifetime (seconds); null otherwise. */
  maxNumber: number | null;
  expiresIn: number | null;
  /** A service's siteverify: its public URL, or the operator's own (`siteVerifyUrl`). */
  siteVerify: "public" | "custom" | null;
}

export function captchaSummary(config: Config): CaptchaSummary {
  const settings = config.captcha;
  if (!settings) return { provider: null, maxNumber: null, expiresIn: null, siteVerify: null };
  if (settings.provider === "altcha") return { provider: "altcha", maxNumber: settings.maxNumber, expiresIn: settings.expiresIn, siteVerify: null };
  return { provider: settings.provider, maxNumber: null, expiresIn: null, siteVerify: settings.siteVerifyUrl ? "custom" : "public" };
}
