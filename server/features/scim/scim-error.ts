/**
 * RFC 7644 §3.12 error answers: `schemas` names the Error message, `status` is a string, and
 * `scimType` says what kind of client mistake it was (invalidFilter, uniqueness, mutability,
 * invalidValue, invalidSyntax, invalidPath, noTarget, tooMany). Directories branch on these.
 */
export const ERROR_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:Error";

export type ScimType = "invalidFilter" | "tooMany" | "uniqueness" | "mutability" | "invalidSyntax" | "invalidPath" | "noTarget" | "invalidValue";

export class ScimError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly scimType?: ScimType,
  ) {
    super(detail);
  }
}

export function scimErrorBody(status: number, detail: string, scimType?: string) {
  return { schemas: [ERROR_SCHEMA], status: String(status), ...(scimType ? { scimType } : {}), detail };
}

export const invalidValue = (detail: string) => new ScimError(400, detail, "invalidValue");
export const notFound = (what: string, id: string) => new ScimError(404, `${what} ${id} not found`);
