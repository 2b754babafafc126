/**
 * The captcha gate (issue 40, item 2): on the protected endpoints (protected-endpoints.ts) of a
 * server with `captcha` set, a request without `x-captcha-response` is refused with
 * `400 MISSING_RESPONSE` and one whose response does not verify with `403 VERIFICATION_FAILED`
 * (passkey-first sign-up's options call only without a session),
 * before the handler runs (nothing is created, tried or mailed). The body is validated first, so a
 * malformed request does not spend a solution.
 */
import type { RouteHook } from "../../http/route-hooks.js";
import { apiError } from "../../../shared/errors.js";
import { isApiError } from "../../../shared/errors.js";
import { verifyAltcha } from "./altcha.js";
import { verifyWithService } from "./site-verify.js";
import { CAPTCHA_ENDPOINTS, CAPTCHA_ENDPOINTS_SIGNED_OUT } from "./protected-endpoints.js";

/** better-auth's captcha header: the widget's answer (ALTCHA: base64 JSON; a service: its token). */
export const CAPTCHA_HEADER = "x-captcha-response";

export const captchaHook: RouteHook = (app, name) => {
  const settings = app.config.captcha;
  if (!settings) return undefined;
  const always = CAPTCHA_ENDPOINTS.includes(name);
  if (!always && !CAPTCHA_ENDPOINTS_SIGNED_OUT.includes(name)) return undefined;
  return {
    async beforeHandler(request) {
      if (!always && request.signedIn) return; // a signed-in person adding a passkey signs nobody up
      const raw = request.headers[CAPTCHA_HEADER];
      const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
      if (!value) {
        app.metrics.captchaChecks.inc({ provider: settings.provider, outcome: "missing" });
        throw apiError("MISSING_RESPONSE");
      }
      try {
        if (settings.provider === "altcha") await verifyAltcha(app, value);
        else await verifyWithService(app, { ...settings, provider: settings.provider }, value, request.ip);
      } catch (error) {
        const outcome = isApiError(error) && error.code === "CAPTCHA_UNAVAILABLE" ? "unavailable" : "failed";
        app.metrics.captchaChecks.inc({ provider: settings.provider, outcome });
        throw error;
      }
      app.metrics.captchaChecks.inc({ provider: settings.provider, outcome: "passed" });
    },
  };
};
