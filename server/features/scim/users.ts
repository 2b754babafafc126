/**
 * SCIM Users (RFC 7644 §3.3–3.6) over Latchkey users. A connection sees only the users it
 * provisioned; a new one joins the connection's organization as a member. An address that already
 * belongs to someone the connection did not provision is a uniqueness conflict, never a takeover:
 * a directory token must not reach an account it did not create (an administrator's, another
 * organization's). Emails a directory asserts are not marked verified for the same reason.
 * `active: false` deactivates (core/user/deactivate.ts); DELETE removes the user.
 */
import { scimPatch, type ScimPatchOperation } from "scim-patch";
import { parse as parseFilter, filter as compileFilter, type Filter } from "scim2-parse-filter";
import type { AppContext } from "../../context.js";
import { newId } from "../../crypto/tokens.js";
import { encodeNewUserFields } from "../../core/user/additional-fields.js";
import { deactivateUser, reactivateUser } from "../../core/user/deactivate.js";
import { removeUser } from "../../core/user/remove-user.js";
import { isUniqueViolation } from "../../core/user/store.js";
import type { ScimCaller } from "./service.js";
import { ScimError, invalidValue, notFound } from "./scim-error.js";
import { parseUser, toScimUser, type ParsedUser } from "./user-resource.js";
import * as store from "./store.js";

type Audit = (event: { action: "scim.user-provision" | "scim.user-update" | "scim.user-deactivate" | "scim.user-reactivate" | "scim.user-remove"; targetId: string; metadata?: Record<string, unknown> }) => void;

const uniqueness = (detail: string) => new ScimError(409, detail, "uniqueness");

async function assertFree(app: AppContext, caller: ScimCaller, parsed: ParsedUser, self: string | null): Promise<void> {
  const sameName = await app.db.selectFrom("scimUser").select("id").where("connectionId", "=", caller.connection.id).where("userNameKey", "=", parsed.userName.toLowerCase()).executeTakeFirst();
  if (sameName && sameName.id !== self) throw uniqueness(`userName ${parsed.userName} is already provisioned`);
  const sameEmail = await app.db.selectFrom("user").select("id").where("email", "=", parsed.email).executeTakeFirst();
  if (sameEmail && sameEmail.id !== self) throw uniqueness(`A user with the email ${parsed.email} already exists and was not provisioned by this connection`);
}

export async function createUser(app: AppContext, caller: ScimCaller, body: unknown, audit: Audit) {
  const parsed = parseUser(body);
  await assertFree(app, caller, parsed, null);
  const now = app.clock.now();
  const id = newId();
  try {
    await app.db.transaction().execute(async (trx) => {
      await trx
        .insertInto("user")
        .values({
          id,
          email: parsed.email,
          name: parsed.name,
          image: null,
          emailVerified: 0,
          createdAt: now,
          updatedAt: now,
          role: app.config.admin.defaultRole,
          banned: 0,
          banReason: null,
          banExpires: null,
          username: null,
          displayUsername: null,
          lastSignInAt: null,
          lastSignInMethod: null,
          language: null,
          lockedUntil: null,
          lastFailedSignInAt: null,
          additionalFields: encodeNewUserFields(app.config, undefined),
          deactivated: parsed.active ? 0 : 1,
        })
        .execute();
      await trx.insertInto("member").values({ id: newId(), organizationId: caller.connection.organizationId, userId: id, role: "member", teamId: null, createdAt: now }).execute();
      await trx
        .insertInto("scimUser")
        .values({ id, connectionId: caller.connection.id, userNameKey: parsed.userName.toLowerCase(), externalId: parsed.externalId, resource: JSON.stringify(parsed.stored), createdAt: now, updatedAt: now })
        .execute();
    });
  } catch (error) {
    // Two pushes of the same person at once: the loser hears what a pre-check would have said.
    if (isUniqueViolation(error)) throw uniqueness(`userName ${parsed.userName} or email ${parsed.email} is already taken`);
    throw error;
  }
  audit({ action: "scim.user-provision", targetId: id, metadata: { userName: parsed.userName, email: parsed.email, active: parsed.active } });
  return getUser(app, caller, id);
}

export async function getUser(app: AppContext, caller: ScimCaller, id: string) {
  const found = await store.findProvisionedUser(app.db, caller.connection.id, id);
  if (!found) throw notFound("User", id);
  return toScimUser(app, found.user, found.link);
}

/** PUT: the body replaces what the directory sent before. */
export async function replaceUser(app: AppContext, caller: ScimCaller, id: string, body: unknown, audit: Audit) {
  const found = await store.findProvisionedUser(app.db, caller.connection.id, id);
  if (!found) throw notFound("User", id);
  if (typeof body === "object" && body !== null && "id" in body && (body as { id: unknown }).id !== id) throw new ScimError(400, "id is read-only", "mutability");
  return writeUser(app, caller, found, parseUser(body), audit);
}

/** PATCH: the operations applied to the current User (scim-patch), then written as a PUT would be. */
export async function patchUser(app: AppContext, caller: ScimCaller, id: string, body: unknown, audit: Audit) {
  const found = await store.findProvisionedUser(app.db, caller.connection.id, id);
  if (!found) throw notFound("User", id);
  const patched = applyPatch(toScimUser(app, found.user, found.link), body, id);
  // Entra sends "False" as a string, in a path or inside a pathless value.
  if (typeof patched.active === "string") patched.active = patched.active.trim();
  return writeUser(app, caller, found, parseUser(patched), audit);
}

async function writeUser(app: AppContext, caller: ScimCaller, found: store.ProvisionedUser, parsed: ParsedUser, audit: Audit) {
  const { user } = found;
  await assertFree(app, caller, parsed, user.id);
  const now = app.clock.now();
  const emailChanged = parsed.email !== user.email;
  try {
    await app.db.transaction().execute(async (trx) => {
      if (emailChanged || parsed.name !== user.name) {
        await trx
          .updateTable("user")
          .set({ email: parsed.email, name: parsed.name, updatedAt: now, ...(emailChanged ? { emailVerified: 0 } : {}) })
          .where("id", "=", user.id)
          .execute();
      }
      await trx
        .updateTable("scimUser")
        .set({ userNameKey: parsed.userName.toLowerCase(), externalId: parsed.externalId, resource: JSON.stringify(parsed.stored), updatedAt: now })
        .where("id", "=", user.id)
        .execute();
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw uniqueness(`userName ${parsed.userName} or email ${parsed.email} is already taken`);
    throw error;
  }
  const wasActive = !user.deactivated;
  if (wasActive && !parsed.active) {
    const ended = await deactivateUser(app, user.id);
    audit({ action: "scim.user-deactivate", targetId: user.id, metadata: { ...ended } });
  } else if (!wasActive && parsed.active) {
    await reactivateUser(app, user.id);
    audit({ action: "scim.user-reactivate", targetId: user.id });
  }
  if (emailChanged || parsed.name !== user.name || parsed.userName.toLowerCase() !== found.link.userNameKey) {
    audit({ action: "scim.user-update", targetId: user.id, metadata: { ...(emailChanged ? { email: parsed.email } : {}), ...(parsed.name !== user.name ? { name: parsed.name } : {}) } });
  }
  return getUser(app, caller, user.id);
}

export async function deleteUser(app: AppContext, caller: ScimCaller, id: string, audit: Audit): Promise<void> {
  const found = await store.findProvisionedUser(app.db, caller.connection.id, id);
  if (!found) throw notFound("User", id);
  // Sessions, keys, memberships and the apps' tokens go with the user (foreign keys); on
  // PostgreSQL the session and user triggers tell every server.
  await removeUser(app, id);
  audit({ action: "scim.user-remove", targetId: id, metadata: { email: found.user.email } });
}

/** RFC 7644 §3.5.2: `Operations` with `op` add/remove/replace in any case (Entra capitalises them). */
/** A PATCH request (RFC 7644 §3.5.2) applied to a copy of the resource; the id stays as it is. */
export function applyPatch(current: object, body: unknown, id: string): Record<string, unknown> {
  const operations = patchOperations(body);
  let patched: Record<string, unknown>;
  try {
    patched = scimPatch(structuredClone(current) as never, operations, { treatMissingAsAdd: true }) as Record<string, unknown>;
  } catch (error) {
    throw patchError(error);
  }
  if (patched.id !== id) throw new ScimError(400, "id is read-only", "mutability");
  return patched;
}

function patchOperations(body: unknown): ScimPatchOperation[] {
  const record = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
  const operations = record.Operations ?? record.operations;
  if (!Array.isArray(operations) || operations.length === 0) throw new ScimError(400, "Operations must be a non-empty list", "invalidSyntax");
  return operations.map((operation: unknown) => {
    if (typeof operation !== "object" || operation === null) throw new ScimError(400, "Each operation must be an object", "invalidSyntax");
    const { op, path, value } = operation as { op?: unknown; path?: unknown; value?: unknown };
    const name = typeof op === "string" ? op.toLowerCase() : "";
    if (name !== "add" && name !== "remove" && name !== "replace") throw new ScimError(400, `Unknown operation ${JSON.stringify(op)}`, "invalidSyntax");
    if (path !== undefined && typeof path !== "string") throw new ScimError(400, "path must be a string", "invalidPath");
    return { op: name, ...(path !== undefined ? { path } : {}), ...(value !== undefined ? { value } : {}) } as ScimPatchOperation;
  });
}

function patchError(error: unknown): ScimError {
  if (error instanceof ScimError) return error;
  const scimCode = (error as { scimCode?: string }).scimCode;
  const types = new Set(["invalidFilter", "tooMany", "uniqueness", "mutability", "invalidSyntax", "invalidPath", "noTarget", "invalidValue"]);
  if (scimCode && types.has(scimCode)) return new ScimError(400, (error as Error).message || `The operation cannot be applied (${scimCode})`, scimCode as never);
  return invalidValue((error as Error).message || "The operation cannot be applied");
}

/** RFC 7644 §3.4.2: the filter through a real parser; the two a directory always sends go to SQL. */
export function parseScimFilter(text: string | undefined): Filter | null {
  if (text === undefined || text.trim() === "") return null;
  try {
    return parseFilter(text);
  } catch (error) {
    throw new ScimError(400, `Invalid filter: ${(error as Error).message}`, "invalidFilter");
  }
}

export interface Page {
  startIndex: number;
  count: number;
}

export async function listUsers(app: AppContext, caller: ScimCaller, filterText: string | undefined, page: Page) {
  const filter = parseScimFilter(filterText);
  const simple = filter && filter.op === "eq" && typeof filter.compValue === "string" ? filter.attrPath.toLowerCase() : null;
  if (!filter || simple === "username" || simple === "externalid") {
    const where = !filter ? null : simple === "username" ? { userNameKey: String((filter as { compValue: string }).compValue).toLowerCase() } : { externalId: String((filter as { compValue: string }).compValue) };
    const { rows, total } = await store.listProvisionedUsers(app.db, caller.connection.id, where, { offset: page.startIndex - 1, limit: page.count });
    return listResponse(rows.map((row) => toScimUser(app, row.user, row.link)), total, page);
  }
  // Any other filter: evaluated over the connection's Users by the parser's own matcher.
  const { rows } = await store.listProvisionedUsers(app.db, caller.connection.id, null, null);
  const matches = rows.map((row) => toScimUser(app, row.user, row.link)).filter(compileFilter(filter));
  return listResponse(matches.slice(page.startIndex - 1, page.startIndex - 1 + page.count), matches.length, page);
}

export function listResponse(resources: unknown[], total: number, page: Page) {
  return { schemas: ["urn:ietf:params:scim:api:messages:2.0:ListResponse"], totalResults: total, startIndex: page.startIndex, itemsPerPage: resources.length, Resources: resources };
}
