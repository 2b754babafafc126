/**
 * Additional user fields (`user.additionalFields`, better-auth's option of the same name): read
 * from request bodies on the four endpoints that write a user, checked against the configured
 * types, stored as one JSON text column (`user.additionalFields`, migration 0008) and returned as
 * top-level keys of every user shape, as better-auth returns them.
 *
 * Why JSON in one column: the set of fields is configuration, not schema, so it can change
 * without a migration and reads the same on SQLite and PostgreSQL (no ALTER TABLE per field, no
 * dialect-specific JSON type). The fields are not indexed or filterable; see docs/additional-fields.md.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { apiError } from "../../../shared/errors.js";
import type { Config } from "../../config.js";
import { valueSchema, type AdditionalField } from "./additional-fields-setting.js";

/** How each user-writing endpoint takes additional fields: top level (self) or inside `data` (admin). */
export type UserFieldMode = "sign-up" | "update-user" | "admin-create" | "admin-update";
const ENDPOINT_MODES: ReadonlyMap<string, UserFieldMode> = new Map([
  ["signUpEmail", "sign-up"],
  ["updateUser", "update-user"],
  ["adminCreateUser", "admin-create"],
  ["adminUpdateUser", "admin-update"],
]);

export interface UserFields {
  fields: ReadonlyMap<string, AdditionalField>;
}

const definitions = new WeakMap<Config, UserFields | null>();

/** The configured fields, or null when there are none (then nothing here costs anything). */
export function userFieldsOf(config: Config): UserFields | null {
  let definition = definitions.get(config);
  if (definition === undefined) {
    const configured = (config.user as { additionalFields?: Record<string, AdditionalField> }).additionalFields ?? {};
    const fields = new Map(Object.entries(configured));
    definition = fields.size ? { fields } : null;
    definitions.set(config, definition);
  }
  return definition;
}

export function userFieldModeOf(endpointName: string): UserFieldMode | undefined {
  return ENDPOINT_MODES.get(endpointName);
}

type Values = Record<string, unknown>;

function isPlainObject(value: unknown): value is Values {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Checks the additional fields in a raw request body and merges the accepted values into the
 * parsed body (top level for self-service, `data` for administrators). Unknown keys were already
 * dropped by the contract; this puts back only configured, valid ones.
 */
export function applyUserFieldInput(definition: UserFields, mode: UserFieldMode, raw: unknown, parsed: Values): void {
  const admin = mode === "admin-create" || mode === "admin-update";
  const creating = mode === "sign-up" || mode === "admin-create";
  const source = admin ? (isPlainObject(raw) ? raw.data : undefined) : raw;
  const out = checkValues(definition, isPlainObject(source) ? source : {}, { admin, creating, prefix: admin ? "data." : "" });
  if (Object.keys(out).length === 0) return;
  if (admin) parsed.data = { ...(isPlainObject(parsed.data) ? parsed.data : {}), ...out };
  else Object.assign(parsed, out);
}

/**
 * An imported user's values (admin import-users, `additionalFields` of a row): checked as an
 * administrator's create; undefined when the server configures no fields.
 */
export function checkImportedUserFields(config: Config, values: Values | undefined): Values | undefined {
  const definition = userFieldsOf(config);
  if (!definition) return undefined;
  try {
    return { ...checkValues(definition, values ?? {}, { admin: true, creating: true, prefix: "additionalFields." }) };
  } catch (error) {
    // An import answers one code and message per row: name the fields in the message.
    const issues = (error as { issues?: Array<{ path: string; message: string }> }).issues;
    if (issues?.length) throw apiError("VALIDATION_ERROR", issues.map((issue) => `${issue.path}: ${issue.message}`).join("; "));
    throw error;
  }
}

function checkValues(definition: UserFields, input: Values, options: { admin: boolean; creating: boolean; prefix: string }): Values {
  const { admin, creating } = options;
  const out: Values = Object.create(null);
  const issues: Array<{ path: string; message: string }> = [];
  for (const [name, field] of definition.fields) {
    const path = options.prefix + name;
    const given = Object.hasOwn(input, name) && input[name] !== undefined;
    if (given && !field.input && !admin) {
      // better-auth: a user may not set it; the default still applies on create, a falsy value is ignored.
      if (field.defaultValue !== undefined && creating) out[name] = field.defaultValue;
      else if (input[name]) throw apiError("FIELD_NOT_ALLOWED", `${name} is not allowed to be set`);
      continue;
    }
    if (given) {
      const value = input[name];
      if (value === null) {
        if (field.required) issues.push({ path, message: `${name} is required` });
        else out[name] = null;
        continue;
      }
      const result = valueSchema(field.type).safeParse(value);
      if (result.success) out[name] = result.data;
      else issues.push({ path, message: `expected ${field.type}` });
      continue;
    }
    if (!creating) continue;
    if (field.defaultValue !== undefined) out[name] = field.defaultValue;
    else if (field.required) throw apiError("MISSING_FIELD", `${name} is required`);
  }
  if (issues.length) throw apiError("VALIDATION_ERROR", "Invalid body parameters", issues);
  return out;
}

/** The configured fields present in a (parsed) body, or undefined when none are. */
export function pickUserFields(config: Config, body: object | undefined): Values | undefined {
  const definition = userFieldsOf(config);
  if (!definition || !body) return undefined;
  const picked: Values = {};
  for (const name of definition.fields.keys()) if (Object.hasOwn(body, name)) picked[name] = (body as Values)[name];
  return Object.keys(picked).length ? picked : undefined;
}

/**
 * The column value of a new user: `values`, with configured defaults for what is missing, on
 * every path that makes users (sign-up, admin, import, social).
 */
export function encodeNewUserFields(config: Config, values: Values | undefined): string | null {
  const definition = userFieldsOf(config);
  if (!definition) return null;
  const current: Values = {};
  for (const [name, field] of definition.fields) if (field.defaultValue !== undefined) current[name] = field.defaultValue;
  for (const [name, value] of Object.entries(values ?? {})) if (definition.fields.has(name)) current[name] = value;
  return Object.keys(current).length ? JSON.stringify(current) : null;
}

/** The column value after writing `values` over `stored`; undefined when nothing changes. */
export function encodeUserFieldChanges(config: Config, stored: string | null, values: Values | undefined): string | undefined {
  const definition = userFieldsOf(config);
  if (!definition || !values) return undefined;
  const current = decode(stored);
  for (const [name, value] of Object.entries(values)) if (definition.fields.has(name)) current[name] = value;
  return JSON.stringify(current);
}

function decode(text: string | null): Values {
  if (!text) return {};
  try {
    const value = JSON.parse(text) as unknown;
    // Copied onto a fresh object key by key: a stored `__proto__` key stays a plain key.
    const out: Values = {};
    if (isPlainObject(value)) for (const [key, item] of Object.entries(value)) Object.defineProperty(out, key, { value: item, enumerable: true, writable: true, configurable: true });
    return out;
  } catch {
    return {};
  }
}

// The user shapes are built in many places without the configuration at hand (toUser(row)), so
// the request carries the definition. Only servers that configure fields ever start a context.
let requestFields: AsyncLocalStorage<UserFields> | undefined;

export function runWithUserFields<T>(definition: UserFields, fn: () => T): T {
  requestFields ??= new AsyncLocalStorage<UserFields>();
  return requestFields.run(definition, fn);
}

/** Top-level wire keys for a stored column value: every returned field, null when unset. */
export function userFieldsOutput(stored: string | null | undefined): Values | undefined {
  const definition = requestFields?.getStore();
  if (!definition) return undefined;
  const values = decode(stored ?? null);
  const out: Values = {};
  for (const [name, field] of definition.fields) if (field.returned) out[name] = Object.hasOwn(values, name) ? values[name] : null;
  return out;
}
