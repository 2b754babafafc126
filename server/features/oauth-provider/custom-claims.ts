/**
 * Per-app claims (issue 34, item 2): an administrator gives one app extra claims in its ID tokens
 * and userinfo answers — `immich_role` from the person's global role, `immich_quota` as a fixed
 * text, a department from an additional user field. Stored in the client's metadata as
 * `custom_claims: { name: source }` where a source is `user.FIELD` or `literal:TEXT`.
 *
 * Why the checks:
 * - A claim may not shadow a registered claim (JWT, OIDC Core's ID token and standard claims,
 *   Latchkey's own, the protocol's): an app's `sub`, `iss`, `aud`, `email_verified`, `amr` or
 *   `groups` must mean what the provider says, whatever an administrator typed. Issued claims also
 *   go first and are overwritten by the provider's own, so a row written around the check cannot
 *   shadow either.
 * - `user.FIELD` names a field people see anyway (the wire user's fields and the additional fields
 *   that are returned): never a password hash, a ban reason, lock-out counters or a field declared
 *   `returned: false`.
 * - Only administrators set them (the admin endpoints); dynamic registration cannot.
 */
import { apiError } from "../../../shared/errors.js";
import type { Config } from "../../config.js";
import type { AppContext } from "../../context.js";
import { userFieldsOf } from "../../core/user/additional-fields.js";

export type CustomClaims = Record<string, string>;

/** Registered claim names no app claim may take (RFC 7519 §4.1, OIDC Core §2, §5.1, §3.1.3.6, RFC 8176, RFC 9068, RFC 8693, Back-Channel Logout, and Latchkey's own). */
export const REGISTERED_CLAIMS: ReadonlySet<string> = new Set([
  "iss", "sub", "aud", "exp", "nbf", "iat", "jti",
  "auth_time", "nonce", "acr", "amr", "azp", "at_hash", "c_hash", "s_hash", "sid", "events",
  "name", "given_name", "family_name", "middle_name", "nickname", "preferred_username", "profile", "picture", "website",
  "email", "email_verified", "gender", "birthdate", "zoneinfo", "locale", "phone_number", "phone_number_verified", "address", "updated_at",
  "_claim_names", "_claim_sources",
  "client_id", "scope", "cnf", "act", "may_act", "typ", "token_use",
  "organizations", "roles", "groups",
]);

/** The user fields a claim may read; the additional fields that are returned come on top. */
const USER_FIELDS = ["id", "name", "email", "emailVerified", "image", "username", "displayUsername", "role", "language", "createdAt", "updatedAt"] as const;
type UserField = (typeof USER_FIELDS)[number];

const NAME = /^[A-Za-z_][A-Za-z0-9_.:-]{0,63}$/;
const MAX_CLAIMS = 32;
const MAX_LITERAL = 1024;

/** The user fields a claim may read with this configuration (the console offers them as a list). */
export function readableFields(config: Config): Set<string> {
  const fields = new Set<string>(USER_FIELDS);
  for (const [name, field] of userFieldsOf(config)?.fields ?? []) if (field.returned !== false) fields.add(name);
  return fields;
}

/**
 * The claims as given, checked; throws OAUTH_INVALID_CLIENT_METADATA naming the first wrong one,
 * with an issue at `custom_claims.NAME` so a form can show the message beside that claim's row.
 */
export function checkedCustomClaims(config: Config, claims: CustomClaims): CustomClaims {
  const entries = Object.entries(claims);
  if (entries.length > MAX_CLAIMS) throw apiError("OAUTH_INVALID_CLIENT_METADATA", `at most ${MAX_CLAIMS} claims per app`, [{ path: "custom_claims", message: `at most ${MAX_CLAIMS} claims per app` }]);
  const fields = readableFields(config);
  const checked: CustomClaims = {};
  for (const [name, source] of entries) {
    const bad = (message: string) => apiError("OAUTH_INVALID_CLIENT_METADATA", message, [{ path: `custom_claims.${name}`, message }]);
    if (!NAME.test(name)) throw bad(`claim name "${name}": letters, digits, _ . : - (64 at most), not starting with a digit`);
    if (REGISTERED_CLAIMS.has(name)) throw bad(`claim "${name}" is a registered claim the provider sets itself; choose another name (for example "app_${name}")`);
    if (source.startsWith("literal:")) {
      if (source.length - "literal:".length > MAX_LITERAL) throw bad(`claim "${name}": a literal is ${MAX_LITERAL} characters at most`);
    } else if (source.startsWith("user.")) {
      const field = source.slice("user.".length);
      if (!fields.has(field)) throw bad(`claim "${name}": user.${field} is not a user field a claim may read (${[...fields].map((f) => `user.${f}`).join(", ")})`);
    } else {
      throw bad(`claim "${name}": expected user.FIELD or literal:TEXT, got "${source}"`);
    }
    checked[name] = source;
  }
  return checked;
}

function fieldValue(field: string, row: Record<string, unknown>, extra: Record<string, unknown>): unknown {
  switch (field as UserField) {
    case "emailVerified":
      return row.emailVerified === 1 || row.emailVerified === true;
    case "createdAt":
    case "updatedAt":
      return Math.floor(Number(row[field]) / 1000);
    case "id":
    case "name":
    case "email":
    case "image":
    case "username":
    case "displayUsername":
    case "role":
    case "language":
      return row[field];
    default:
      return extra[field];
  }
}

/** The app's claims for a person; a field with no value gives no claim. One read of the user row, and none when every claim is a literal. */
export async function customClaimValues(app: AppContext, userId: string, claims: CustomClaims | undefined): Promise<Record<string, unknown>> {
  const entries = Object.entries(claims ?? {});
  if (entries.length === 0) return {};
  const fields = readableFields(app.config);
  const needsUser = entries.some(([, source]) => source.startsWith("user."));
  const row = needsUser ? ((await app.db.selectFrom("user").selectAll().where("id", "=", userId).executeTakeFirst()) as Record<string, unknown> | undefined) : undefined;
  let extra: Record<string, unknown> = {};
  if (typeof row?.additionalFields === "string") {
    try {
      extra = JSON.parse(row.additionalFields) as Record<string, unknown>;
    } catch {
      extra = {};
    }
  }
  const values: Record<string, unknown> = {};
  for (const [name, source] of entries) {
    // Checked again: the configuration may have changed since the app was saved.
    if (REGISTERED_CLAIMS.has(name)) continue;
    if (source.startsWith("literal:")) values[name] = source.slice("literal:".length);
    else if (row && source.startsWith("user.") && fields.has(source.slice(5)) && Object.hasOwn(USER_FIELDS.includes(source.slice(5) as UserField) ? row : extra, source.slice(5))) {
      const value = fieldValue(source.slice(5), row, extra);
      if (value !== null && value !== undefined) values[name] = value;
    }
  }
  return values;
}
