/**
 * The one error catalogue: CODE → { status, message }. Servers throw by code, clients branch on
 * code; messages are for people. Each area keeps its slice in shared/errors/<area>.ts (or <area>-<part>.ts).
 */
import { adminErrors } from "./errors/admin.js";
import { apiKeyErrors } from "./errors/api-key.js";
import { coreErrors } from "./errors/core.js";
import { lockoutErrors } from "./errors/lockout.js";
import { httpErrors } from "./errors/core-http.js";
import { userFieldErrors } from "./errors/core-user-fields.js";
import { organizationErrors } from "./errors/organization.js";
import { passkeyErrors } from "./errors/passkey.js";
import { twoFactorErrors } from "./errors/two-factor.js";
import { socialErrors } from "./errors/social.js";
import { usernameErrors } from "./errors/username.js";
import { serverErrors } from "./errors/server.js";
import { electronErrors } from "./errors/electron.js";
import { oauthProviderErrors } from "./errors/oauth-provider.js";
import { settingsErrors } from "./errors/settings.js";
import { magicLinkErrors } from "./errors/magic-link.js";
import { emailOtpErrors } from "./errors/email-otp.js";
import { webhookErrors } from "./errors/webhook.js";
import { scimErrors } from "./errors/scim.js";
import { ssoErrors } from "./errors/sso.js";
import { captchaErrors } from "./errors/captcha.js";

export const ERRORS = {
  ...coreErrors,
  ...httpErrors,
  ...userFieldErrors,
  ...usernameErrors,
  ...socialErrors,
  ...serverErrors,
  ...organizationErrors,
  ...adminErrors,
  ...twoFactorErrors,
  ...passkeyErrors,
  ...lockoutErrors,
  ...apiKeyErrors,
  ...electronErrors,
  ...oauthProviderErrors,
  ...settingsErrors,
  ...magicLinkErrors,
  ...emailOtpErrors,
  ...webhookErrors,
  ...scimErrors,
  ...ssoErrors,
  ...captchaErrors,
} as const;

export type ErrorCode = keyof typeof ERRORS;

export interface FieldIssue {
  path: string;
  message: string;
}

/** The JSON body of every error response. */
export interface ErrorBody {
  code: string;
  message: string;
  issues?: FieldIssue[];
}

/** An error that knows its wire form. Thrown by the server, raised by the client. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly issues?: FieldIssue[];

  constructor(status: number, code: string, message: string, issues?: FieldIssue[]) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    if (issues) this.issues = issues;
  }

  toBody(): ErrorBody {
    return this.issues ? { code: this.code, message: this.message, issues: this.issues } : { code: this.code, message: this.message };
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** Build the catalogue error for `code`; `message` overrides the text (e.g. a ban reason). */
export function apiError(code: ErrorCode, message?: string, issues?: FieldIssue[]): ApiError {
  const entry = ERRORS[code];
  return new ApiError(entry.status, code, message ?? entry.message, issues);
}
