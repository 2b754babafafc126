/** Every feature's handlers. The type makes a contract endpoint without a handler a compile error. */
import type { AllHandlers } from "../http/handler.js";
import type { RouteHook } from "../http/route-hooks.js";
import { userFieldHook } from "../core/user/field-hook.js";
import { apiKeyHook } from "./api-key/hooks.js";
import { jwtHook } from "./jwt/hooks.js";
import { twoFactorPolicyHook } from "./two-factor/hooks.js";
import { adminHandlers } from "./admin/routes.js";
import { apiKeyHandlers } from "./api-key/routes.js";
import { jwtHandlers } from "./jwt/routes.js";
import { auditHandlers } from "./audit/routes.js";
import { accountHandlers } from "./account/routes.js";
import { emailPasswordHandlers } from "./email-password/routes.js";
import { healthHandlers } from "./health/routes.js";
import { lockoutHandlers } from "./lockout/routes.js";
import { multiSessionHandlers } from "./multi-session/routes.js";
import { organizationHandlers } from "./organization/routes.js";
import { outboxHandlers } from "./outbox/routes.js";
import { passkeyHandlers } from "./passkey/routes.js";
import { twoFactorHandlers } from "./two-factor/routes.js";
import { passwordHandlers } from "./password/routes.js";
import { sessionHandlers } from "./session/routes.js";
import { socialHandlers } from "./social/routes.js";
import { usernameHandlers } from "./username/routes.js";
import { verificationHandlers } from "./verification/routes.js";
import { electronHandlers } from "./electron/routes.js";
import { oauthProviderHandlers } from "./oauth-provider/routes.js";
import { oauthProviderDeviceHandlers } from "./oauth-provider/device-routes.js";
import { settingsHandlers } from "./settings/routes.js";
import { demoHandlers } from "./settings/demo-routes.js";
import { magicLinkHandlers } from "./magic-link/routes.js";
import { emailOtpHandlers } from "./email-otp/routes.js";
import { webhookHandlers } from "./webhook/routes.js";
import { scimHandlers } from "./scim/routes.js";
import { ssoHandlers } from "./sso/routes.js";
import { captchaHandlers } from "./captcha/routes.js";
import { captchaHook } from "./captcha/hooks.js";
import { signUpThrottleHook } from "../http/signup-throttle.js";

export const handlers: AllHandlers = {
  ...healthHandlers,
  ...emailPasswordHandlers,
  ...sessionHandlers,
  ...verificationHandlers,
  ...passwordHandlers,
  ...accountHandlers,
  ...usernameHandlers,
  ...socialHandlers,
  ...multiSessionHandlers,
  ...adminHandlers,
  ...apiKeyHandlers,
  ...jwtHandlers,
  ...lockoutHandlers,
  ...auditHandlers,
  ...outboxHandlers,
  ...twoFactorHandlers,
  ...passkeyHandlers,
  ...organizationHandlers,
  ...electronHandlers,
  ...oauthProviderHandlers,
  ...oauthProviderDeviceHandlers,
  ...settingsHandlers,
  ...demoHandlers,
  ...magicLinkHandlers,
  ...emailOtpHandlers,
  ...webhookHandlers,
  ...scimHandlers,
  ...ssoHandlers,
  ...captchaHandlers,
};

/**
 * What features add to every request (http/route-hooks.ts), in the order each stage runs them:
 * user fields wrap the whole request; an API key is the only credential besides the session;
 * the two-factor policy checks a session's user; the JWT header goes on get-session's answer; the
 * captcha guards sign-up, sign-in and the mails a stranger can trigger; the sign-up throttles count
 * what passed it (so failed captchas do not spend an address's allowance).
 */
export const routeHooks: readonly RouteHook[] = [userFieldHook, apiKeyHook, twoFactorPolicyHook, jwtHook, captchaHook, signUpThrottleHook];
