/**
 * A SCIM User (RFC 7643 §4.1) and the Latchkey user it stands for. The directory's attributes are
 * kept as it sent them (name parts, emails, enterprise extension…) and returned as sent, so a
 * directory comparing its view with ours sees no drift; Latchkey reads from them only what it
 * uses: the sign-in email, the display name and `active`. Read-only and server-set attributes
 * (id, meta, groups, password) are never stored.
 */
import { z } from "zod";
import type { AppContext } from "../../context.js";
import { normalizeEmail } from "../../core/user/rules.js";
import type { UserRow } from "../../db/types.js";
import { ScimError, invalidValue } from "./scim-error.js";
import type { ScimUserRow } from "./store.js";

export const USER_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:User";
export const ENTERPRISE_SCHEMA = "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User";

/** Never stored: the server sets them, or (password) Latchkey does not take passwords from directories. */
const NOT_STORED = new Set(["id", "meta", "schemas", "active", "groups", "password", "externalid"]);

export interface ParsedUser {
  userName: string;
  email: string;
  name: string;
  active: boolean;
  externalId: string | null;
  /** What is kept and returned as sent. */
  stored: Record<string, unknown>;
}

const emailSchema = z.email();

/** `true`/`false`, or Entra's "True"/"False" strings. */
export function parseActive(value: unknown): boolean {
  if (typeof value === "boolean") return value;
  if (typeof value === "string" && /^(true|false)$/i.test(value.trim())) return value.trim().toLowerCase() === "true";
  throw invalidValue(`active must be a boolean, not ${JSON.stringify(value)}`);
}

function text(value: unknown, field: string, max = 256): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string") throw invalidValue(`${field} must be a string`);
  const trimmed = value.trim();
  if (trimmed.length > max) throw invalidValue(`${field} is longer than ${max} characters`);
  return trimmed === "" ? undefined : trimmed;
}

function lowerKeys(body: Record<string, unknown>): Map<string, unknown> {
  return new Map(Object.entries(body).map(([key, value]) => [key.toLowerCase(), value]));
}

/** Reads a User body (POST, PUT, or a PATCH's result). Attribute names are case-insensitive (RFC 7643 §2.1). */
export function parseUser(body: unknown): ParsedUser {
  if (typeof body !== "object" || body === null || Array.isArray(body)) throw new ScimError(400, "The body must be a JSON object", "invalidSyntax");
  const record = body as Record<string, unknown>;
  const attrs = lowerKeys(record);
  const userName = text(attrs.get("username"), "userName");
  if (!userName) throw invalidValue("userName is required");
  const emails = attrs.get("emails");
  if (emails !== undefined && emails !== null && !Array.isArray(emails)) throw invalidValue("emails must be a list");
  const listed = ((emails as unknown[] | undefined) ?? []).filter((entry): entry is Record<string, unknown> => typeof entry === "object" && entry !== null);
  const primary = listed.find((entry) => entry.primary === true || entry.primary === "true" || entry.primary === "True") ?? listed[0];
  const candidate = text(primary?.value, "emails.value") ?? (userName.includes("@") ? userName : undefined);
  if (!candidate) throw invalidValue("an email address is required: in emails, or as a userName that is one");
  if (!emailSchema.safeParse(candidate).success) throw invalidValue(`${candidate} is not an email address`);
  const name = attrs.get("name");
  const nameParts = typeof name === "object" && name !== null ? lowerKeys(name as Record<string, unknown>) : new Map<string, unknown>();
  const given = text(nameParts.get("givenname"), "name.givenName");
  const family = text(nameParts.get("familyname"), "name.familyName");
  const displayName =
    text(attrs.get("displayname"), "displayName") ?? text(nameParts.get("formatted"), "name.formatted") ?? ([given, family].filter(Boolean).join(" ") || userName);
  const active = attrs.has("active") && attrs.get("active") !== null ? parseActive(attrs.get("active")) : true;
  const externalId = text(attrs.get("externalid"), "externalId");
  const stored: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) if (!NOT_STORED.has(key.toLowerCase())) stored[key] = value;
  return { userName, email: normalizeEmail(candidate), name: displayName.slice(0, 256), active, externalId: externalId ?? null, stored };
}

const iso = (ms: number) => new Date(Number(ms)).toISOString();

export function userLocation(app: AppContext, id: string): string {
  return `${app.apiURL}/scim/v2/Users/${id}`;
}

/** The User as the directory sees it: what it sent, with the server's id, active and meta. */
export function toScimUser(app: AppContext, user: UserRow, link: ScimUserRow): Record<string, unknown> {
  const stored = JSON.parse(link.resource) as Record<string, unknown>;
  const schemas = [USER_SCHEMA, ...(Object.keys(stored).some((key) => key.toLowerCase() === ENTERPRISE_SCHEMA.toLowerCase()) ? [ENTERPRISE_SCHEMA] : [])];
  return {
    schemas,
    id: user.id,
    ...(link.externalId !== null ? { externalId: link.externalId } : {}),
    ...stored,
    active: !user.deactivated,
    meta: { resourceType: "User", created: iso(link.createdAt), lastModified: iso(Math.max(Number(link.updatedAt), Number(user.updatedAt))), location: userLocation(app, user.id) },
  };
}
