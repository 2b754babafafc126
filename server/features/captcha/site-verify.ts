/**
 * Captcha services (issue 40, item 2): Cloudflare Turnstile, hCaptcha and Google reCAPTCHA. The
 * widget's token from `x-captcha-response` is checked server-side at the service's siteverify URL
 * (all three share the contract: a form POST of `secret`, `response` and `remoteip`, answered by
 * `{success, score?, "error-codes"?}`). The services spend a token on its first check, so a reused
 * token fails there. `siteVerifyUrl` replaces the public URL (a proxy, or the tests' local stand-in).
 *
 * A service that is slow or answers nonsense is not the person's fault: 503 CAPTCHA_UNAVAILABLE
 * (logged with the reason, never the secret or the token), not VERIFICATION_FAILED.
 */
import { request } from "undici";
import { apiError } from "../../../shared/errors.js";
import type { Config } from "../../config.js";
import type { AppContext } from "../../context.js";
import { SITE_VERIFY_URLS, type ServiceProvider } from "./summary.js";

type Settings = NonNullable<Config["captcha"]>;

interface SiteVerifyAnswer {
  success?: unknown;
  score?: unknown;
}

async function ask(settings: Settings & { provider: ServiceProvider }, token: string, ip: string): Promise<SiteVerifyAnswer> {
  const form = new URLSearchParams({ secret: settings.secretKey ?? "", response: token, remoteip: ip });
  if (settings.provider === "hcaptcha" && settings.siteKey) form.set("sitekey", settings.siteKey);
  const answer = await request(settings.siteVerifyUrl ?? SITE_VERIFY_URLS[settings.provider], {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
    body: form.toString(),
    // Bounds the whole exchange, the body included.
    signal: AbortSignal.timeout(settings.timeoutMs),
  });
  if (answer.statusCode !== 200) {
    await answer.body.dump();
    throw new Error(`siteverify answered ${answer.statusCode}`);
  }
  const body = (await answer.body.json()) as SiteVerifyAnswer;
  if (!body || typeof body !== "object" || typeof body.success !== "boolean") throw new Error("siteverify answered without a success field");
  return body;
}

/** Throws VERIFICATION_FAILED when the service refuses the token, CAPTCHA_UNAVAILABLE when it cannot say. */
export async function verifyWithService(app: AppContext, settings: Settings & { provider: ServiceProvider }, token: string, ip: string): Promise<void> {
  if (token.length > 4096) throw apiError("VERIFICATION_FAILED");
  let answer: SiteVerifyAnswer;
  try {
    answer = await ask(settings, token, ip);
  } catch (error) {
    const reason = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError") ? `no answer within ${settings.timeoutMs} ms` : error instanceof Error ? error.message : String(error);
    app.log.warn({ provider: settings.provider, reason }, "captcha service unavailable: request refused");
    throw apiError("CAPTCHA_UNAVAILABLE");
  }
  if (answer.success !== true) throw apiError("VERIFICATION_FAILED");
  // reCAPTCHA v3 scores the person (1.0 human … 0.0 bot); v2 and the others carry no score.
  if (settings.provider === "recaptcha" && typeof answer.score === "number" && answer.score < settings.minScore) throw apiError("VERIFICATION_FAILED");
}
