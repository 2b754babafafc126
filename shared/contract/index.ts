/**
 * The whole API: every area's endpoints, merged. Adding an endpoint means adding it to the area's
 * file here (shared/contract/<area>.ts) and a handler in server/features/<area>/ — the same name;
 * tests/docs/area-names.test.ts holds the two to each other.
 */
import { adminEndpoints } from "./admin.js";
import { apiKeyEndpoints } from "./api-key.js";
import { jwtEndpoints } from "./jwt.js";
import { auditEndpoints } from "./audit.js";
import { accountEndpoints } from "./account.js";
import { emailPasswordEndpoints } from "./email-password.js";
import { healthEndpoints } from "./health.js";
import { passwordEndpoints } from "./password.js";
import { sessionEndpoints } from "./session.js";
import { verificationEndpoints } from "./verification.js";
import { lockoutEndpoints } from "./lockout.js";
import { multiSessionEndpoints } from "./multi-session.js";
import { organizationEndpoints } from "./organization.js";
import { outboxEndpoints } from "./outbox.js";
import { passkeyEndpoints } from "./passkey.js";
import { twoFactorEndpoints } from "./two-factor.js";
import { socialEndpoints } from "./social.js";
import { usernameEndpoints } from "./username.js";
import { electronEndpoints } from "./electron.js";
import { oauthProviderEndpoints } from "./oauth-provider.js";
import { oauthProviderDeviceEndpoints } from "./oauth-provider-device.js";
import { settingsEndpoints } from "./settings.js";
import { demoEndpoints } from "./settings-demo.js";
import { magicLinkEndpoints } from "./magic-link.js";
import { emailOtpEndpoints } from "./email-otp.js";
import { webhookEndpoints } from "./webhook.js";
import { scimEndpoints } from "./scim.js";
import { ssoEndpoints } from "./sso.js";
import { captchaEndpoints } from "./captcha.js";
import type { EndpointSpec } from "./endpoint.js";

export const contract = {
  ...healthEndpoints,
  ...emailPasswordEndpoints,
  ...sessionEndpoints,
  ...verificationEndpoints,
  ...passwordEndpoints,
  ...accountEndpoints,
  ...usernameEndpoints,
  ...socialEndpoints,
  ...multiSessionEndpoints,
  ...adminEndpoints,
  ...apiKeyEndpoints,
  ...jwtEndpoints,
  ...lockoutEndpoints,
  ...auditEndpoints,
  ...outboxEndpoints,
  ...twoFactorEndpoints,
  ...passkeyEndpoints,
  ...organizationEndpoints,
  ...electronEndpoints,
  ...oauthProviderEndpoints,
  ...oauthProviderDeviceEndpoints,
  ...settingsEndpoints,
  ...demoEndpoints,
  ...magicLinkEndpoints,
  ...emailOtpEndpoints,
  ...webhookEndpoints,
  ...scimEndpoints,
  ...ssoEndpoints,
  ...captchaEndpoints,
} as const satisfies Record<string, EndpointSpec>;

export type Contract = typeof contract;
export type EndpointName = keyof Contract;
export * from "./endpoint.js";
export * from "./schemas.js";
