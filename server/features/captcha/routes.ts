import { apiError } from "../../../shared/errors.js";
import { defineHandlers } from "../../http/handler.js";
import { issueChallenge } from "./altcha.js";
import { CAPTCHA_ENDPOINTS, CAPTCHA_ENDPOINTS_SIGNED_OUT } from "./protected-endpoints.js";
import { contract } from "../../../shared/contract/index.js";

export const captchaHandlers = defineHandlers({
  captchaChallenge: async (ctx) => {
    const settings = ctx.app.config.captcha;
    if (settings?.provider !== "altcha") throw apiError("CAPTCHA_CHALLENGE_DISABLED");
    return issueChallenge(ctx.app, settings);
  },
  captchaSettings: (ctx) => {
    const settings = ctx.app.config.captcha;
    const altcha = settings?.provider === "altcha";
    return {
      provider: settings?.provider ?? null,
      siteKey: settings && !altcha ? (settings.siteKey ?? null) : null,
      maxNumber: altcha ? settings.maxNumber : null,
      expiresIn: altcha ? settings.expiresIn : null,
      endpoints: settings ? [...CAPTCHA_ENDPOINTS, ...CAPTCHA_ENDPOINTS_SIGNED_OUT].map((name) => contract[name].path) : [],
    };
  },
});
