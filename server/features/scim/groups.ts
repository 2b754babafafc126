/**
 * SCIM Groups (RFC 7643 §4.2) as teams of the connection's organization. Members must be Users the
 * same connection provisioned: a directory cannot put someone it does not manage into a team.
 * PATCH goes through scim-patch (add/remove members, `members[value eq "…"]`, replace displayName).
 */
import { filter as compileFilter } from "scim2-parse-filter";
import type { AppContext } from "../../context.js";
import { newId } from "../../crypto/tokens.js";
import type { DB } from "../../db/database.js";
import type { ScimCaller } from "./service.js";
import { ScimError, invalidValue, notFound } from "./scim-error.js";
import { applyPatch, listResponse, parseScimFilter, type Page } from "./users.js";
import { userLocation } from "./user-resource.js";
import * as store from "./store.js";

export const GROUP_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:Group";

type Audit = (event: { action: "scim.group-provision" | "scim.group-update" | "scim.group-remove"; targetId: string; metadata?: Record<string, unknown> }) => void;

interface ParsedGroup {
  displayName: string;
  externalId: string | null;
  members: string[];
}

const iso = (ms: number) => new Date(Number(ms)).toISOString();

function toScimGroup(app: AppContext, group: store.ProvisionedGroup) {
  return {
    schemas: [GROUP_SCHEMA],
    id: group.team.id,
    ...(group.link.externalId !== null ? { externalId: group.link.externalId } : {}),
    displayName: group.team.name,
    members: group.members.map((member) => ({ value: member.userId, display: member.name, $ref: userLocation(app, member.userId), type: "User" })),
    meta: { resourceType: "Group", created: iso(group.link.createdAt), lastModified: iso(group.link.updatedAt), location: `${app.apiURL}/scim/v2/Groups/${group.team.id}` },
  };
}

function parseGroup(body: unknown): ParsedGroup {
  if (typeof body !== "object" || body === null || Array.isArray(body)) throw new ScimError(400, "The body must be a JSON object", "invalidSyntax");
  const attrs = new Map(Object.entries(body).map(([key, value]) => [key.toLowerCase(), value]));
  const displayName = attrs.get("displayname");
  if (typeof displayName !== "string" || displayName.trim() === "") throw invalidValue("displayName is required");
  if (displayName.trim().length > 256) throw invalidValue("displayName is longer than 256 characters");
  const externalId = attrs.get("externalid");
  if (externalId !== undefined && externalId !== null && typeof externalId !== "string") throw invalidValue("externalId must be a string");
  const members = attrs.get("members") ?? [];
  if (!Array.isArray(members)) throw invalidValue("members must be a list");
  const ids = members.map((member: unknown) => {
    const value = typeof member === "object" && member !== null ? (member as { value?: unknown }).value : undefined;
    if (typeof value !== "string" || value === "") throw invalidValue("each member needs a value (a User id)");
    return value;
  });
  return { displayName: displayName.trim(), externalId: (externalId as string | undefined) ?? null, members: [...new Set(ids)] };
}

async function assertMembersProvisioned(app: AppContext, caller: ScimCaller, members: readonly string[]): Promise<void> {
  const known = await store.provisionedAmong(app.db, caller.connection.id, members);
  const unknown = members.filter((id) => !known.has(id));
  if (unknown.length > 0) throw invalidValue(`Not Users of this connection: ${unknown.slice(0, 5).join(", ")}`);
}

/** Team membership follows the list; a provisioned user removed from the organization by an owner joins it again. */
async function setMembers(trx: DB, organizationId: string, teamId: string, members: readonly string[], now: number): Promise<{ added: number; removed: number }> {
  const current = new Set((await trx.selectFrom("teamMember").select("userId").where("teamId", "=", teamId).execute()).map((row) => row.userId));
  const wanted = new Set(members);
  const removing = [...current].filter((id) => !wanted.has(id));
  const adding = members.filter((id) => !current.has(id));
  if (removing.length > 0) await trx.deleteFrom("teamMember").where("teamId", "=", teamId).where("userId", "in", removing).execute();
  if (adding.length > 0) {
    const inOrganization = new Set((await trx.selectFrom("member").select("userId").where("organizationId", "=", organizationId).where("userId", "in", adding).execute()).map((row) => row.userId));
    const joining = adding.filter((id) => !inOrganization.has(id));
    if (joining.length > 0) await trx.insertInto("member").values(joining.map((userId) => ({ id: newId(), organizationId, userId, role: "member", teamId: null, createdAt: now }))).execute();
    await trx.insertInto("teamMember").values(adding.map((userId) => ({ id: newId(), teamId, userId, createdAt: now }))).execute();
  }
  return { added: adding.length, removed: removing.length };
}

export async function createGroup(app: AppContext, caller: ScimCaller, body: unknown, audit: Audit) {
  const parsed = parseGroup(body);
  await assertMembersProvisioned(app, caller, parsed.members);
  const existing = await store.listProvisionedGroups(app.db, caller.connection.id, parsed.displayName);
  if (existing.length > 0) throw new ScimError(409, `Group ${parsed.displayName} already exists`, "uniqueness");
  const now = app.clock.now();
  const id = newId();
  await app.db.transaction().execute(async (trx) => {
    await trx.insertInto("team").values({ id, name: parsed.displayName, organizationId: caller.connection.organizationId, createdAt: now, updatedAt: now }).execute();
    await trx.insertInto("scimGroup").values({ id, connectionId: caller.connection.id, externalId: parsed.externalId, createdAt: now, updatedAt: now }).execute();
    await setMembers(trx, caller.connection.organizationId, id, parsed.members, now);
  });
  audit({ action: "scim.group-provision", targetId: id, metadata: { displayName: parsed.displayName, members: parsed.members.length } });
  return getGroup(app, caller, id);
}

export async function getGroup(app: AppContext, caller: ScimCaller, id: string) {
  const group = await store.findProvisionedGroup(app.db, caller.connection.id, id);
  if (!group) throw notFound("Group", id);
  return toScimGroup(app, group);
}

async function writeGroup(app: AppContext, caller: ScimCaller, group: store.ProvisionedGroup, parsed: ParsedGroup, audit: Audit) {
  await assertMembersProvisioned(app, caller, parsed.members);
  const now = app.clock.now();
  const changed = await app.db.transaction().execute(async (trx) => {
    if (parsed.displayName !== group.team.name) await trx.updateTable("team").set({ name: parsed.displayName, updatedAt: now }).where("id", "=", group.team.id).execute();
    await trx.updateTable("scimGroup").set({ externalId: parsed.externalId, updatedAt: now }).where("id", "=", group.team.id).execute();
    return setMembers(trx, caller.connection.organizationId, group.team.id, parsed.members, now);
  });
  audit({ action: "scim.group-update", targetId: group.team.id, metadata: { displayName: parsed.displayName, ...changed } });
  return getGroup(app, caller, group.team.id);
}

export async function replaceGroup(app: AppContext, caller: ScimCaller, id: string, body: unknown, audit: Audit) {
  const group = await store.findProvisionedGroup(app.db, caller.connection.id, id);
  if (!group) throw notFound("Group", id);
  return writeGroup(app, caller, group, parseGroup(body), audit);
}

export async function patchGroup(app: AppContext, caller: ScimCaller, id: string, body: unknown, audit: Audit) {
  const group = await store.findProvisionedGroup(app.db, caller.connection.id, id);
  if (!group) throw notFound("Group", id);
  const patched = applyPatch(toScimGroup(app, group), body, id);
  return writeGroup(app, caller, group, parseGroup(patched), audit);
}

export async function deleteGroup(app: AppContext, caller: ScimCaller, id: string, audit: Audit): Promise<void> {
  const group = await store.findProvisionedGroup(app.db, caller.connection.id, id);
  if (!group) throw notFound("Group", id);
  // Its members and link go with the team (foreign keys).
  await app.db.deleteFrom("team").where("id", "=", id).execute();
  audit({ action: "scim.group-remove", targetId: id, metadata: { displayName: group.team.name } });
}

export async function listGroups(app: AppContext, caller: ScimCaller, filterText: string | undefined, page: Page) {
  const filter = parseScimFilter(filterText);
  const byName = filter && filter.op === "eq" && filter.attrPath.toLowerCase() === "displayname" && typeof filter.compValue === "string" ? filter.compValue : undefined;
  const groups = await store.listProvisionedGroups(app.db, caller.connection.id, byName);
  let resources = groups.map((group) => toScimGroup(app, group));
  if (filter && byName === undefined) resources = resources.filter(compileFilter(filter));
  return listResponse(resources.slice(page.startIndex - 1, page.startIndex - 1 + page.count), resources.length, page);
}
