/**
 * The whole API: every feature's endpoints, merged. Adding an endpoint means adding it to one
 * feature file here and a handler in that feature's server folder.
 */
import { adminEndpoints } from "./admin.js";
import { apiKeyEndpoints } from "./api-key.js";
import { jwtEndpoints } from "./jwt.js";
import { auditEndpoints } from "./audit.js";
import { accountEndpoints } from "./account.js";
import { coreEndpoints } from "./core.js";
import { lockoutEndpoints } from "./lockout.js";
import { multiSessionEndpoints } from "./multi-session.js";
import { organizationEndpoints } from "./organization.js";
import { outboxEndpoints } from "./outbox.js";
import { passkeyEndpoints } from "./passkey.js";
import { twoFactorEndpoints } from "./two-factor.js";
import { socialEndpoints } from "./social.js";
import { usernameEndpoints } from "./username.js";
import { electronEndpoints } from "./electron.js";
import type { EndpointSpec } from "./endpoint.js";

export const contract = {
  ...coreEndpoints,
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
} as const satisfies Record<string, EndpointSpec>;

export type Contract = typeof contract;
export type EndpointName = keyof Contract;
export * from "./endpoint.js";
export * from "./schemas.js";
