/**
 * The one error catalogue: CODE → { status, message }. Servers throw by code, clients branch on
 * code; messages are for people. Each feature keeps its slice in shared/errors/<feature>.ts.
 */
import { adminErrors } from "./errors/admin.js";
import { apiKeyErrors } from "./errors/api-key.js";
import { baseErrors } from "./errors/base.js";
import { lockoutErrors } from "./errors/lockout.js";
import { httpErrors } from "./errors/http.js";
import { userFieldErrors } from "./errors/user-fields.js";
import { organizationErrors } from "./errors/organization.js";
import { passkeyErrors } from "./errors/passkey.js";
import { twoFactorErrors } from "./errors/two-factor.js";
import { socialErrors } from "./errors/social.js";
import { usernameErrors } from "./errors/username.js";
import { electronErrors } from "./errors/electron.js";
import { operationsErrors } from "./errors/operations.js";

export const ERRORS = {
  ...baseErrors,
  ...httpErrors,
  ...userFieldErrors,
  ...usernameErrors,
  ...socialErrors,
  ...operationsErrors,
  ...organizationErrors,
  ...adminErrors,
  ...twoFactorErrors,
  ...passkeyErrors,
  ...lockoutErrors,
  ...apiKeyErrors,
  ...electronErrors,
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

/** Build the catalogue error for `code`; `message` overrides the text (e.g. a ban reason). */
export function apiError(code: ErrorCode, message?: string, issues?: FieldIssue[]): ApiError {
  const entry = ERRORS[code];
  return new ApiError(entry.status, code, message ?? entry.message, issues);
}
