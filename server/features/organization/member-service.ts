/**
 * Member rules: listing, adding, removing, role changes, leaving and permission checks. Every
 * change that could leave an organization without an owner runs in a transaction, so two owners
 * leaving at once cannot both succeed.
 */
import { apiError } from "../../../shared/errors.js";
import type { AppContext } from "../../context.js";
import { newId } from "../../crypto/tokens.js";
import type { DB } from "../../db/database.js";
import type { MemberRow } from "../../db/types.js";
import { findUserById } from "../../core/user/store.js";
import { authorizeMember, can, creatorRole, isCreator, orgError, pageOf, parseRequestedRoles, type Actor } from "./access.js";
import { clearOrganizationForUser } from "./active-store.js";
import * as store from "./member-store.js";
import { lockOrganization } from "./organization-store.js";
import { resolveOrganization } from "./organization-service.js";
import * as teams from "./team-store.js";
import { joinTeam } from "./team-service.js";
import type { MemberWithUserRow } from "./wire.js";

/** How many members hold the creator role (owners). */
export async function countCreators(app: AppContext, db: DB, organizationId: string): Promise<number> {
  const rows = await store.rolesMentioning(db, organizationId, creatorRole(app));
  return rows.filter((row) => isCreator(app, row.role)).length;
}

export async function getActiveMember(app: AppContext, actor: Actor): Promise<MemberWithUserRow> {
  const organizationId = actor.session.activeOrganizationId;
  if (!organizationId) throw orgError("NO_ACTIVE_ORGANIZATION");
  const member = await store.findMemberWithUser(app.db, organizationId, actor.user.id);
  if (!member) throw orgError("MEMBER_NOT_FOUND");
  return member;
}

async function organizationIdFor(app: AppContext, actor: Actor, query: { organizationId?: string | undefined; organizationSlug?: string | undefined }): Promise<string> {
  if (query.organizationSlug) {
    const organization = await resolveOrganization(app, actor, { organizationSlug: query.organizationSlug });
    if (organization) return organization.id;
  }
  const id = query.organizationId ?? actor.session.activeOrganizationId;
  if (!id) throw orgError("NO_ACTIVE_ORGANIZATION");
  return id;
}

export async function getActiveMemberRole(
  app: AppContext,
  actor: Actor,
  query: { userId?: string | undefined; organizationId?: string | undefined; organizationSlug?: string | undefined },
): Promise<{ role: string }> {
  const organizationId = await organizationIdFor(app, actor, query);
  const caller = await store.findMember(app.db, organizationId, actor.user.id);
  if (!caller) throw orgError("YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION");
  if (!query.userId || query.userId === actor.user.id) return { role: caller.role };
  const other = await store.findMember(app.db, organizationId, query.userId);
  if (!other) throw orgError("YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION");
  return { role: other.role };
}

export interface ListMembersQuery {
  limit?: number | undefined;
  offset?: number | undefined;
  sortBy?: store.MemberListOptions["sortBy"];
  sortDirection?: "asc" | "desc" | undefined;
  filterField?: NonNullable<store.MemberListOptions["filter"]>["field"] | undefined;
  filterValue?: unknown;
  filterOperator?: string | undefined;
  searchValue?: string | undefined;
  searchField?: "name" | "email" | undefined;
  searchOperator?: "contains" | "starts_with" | "ends_with" | undefined;
  organizationId?: string | undefined;
  organizationSlug?: string | undefined;
}

export async function listMembers(app: AppContext, actor: Actor, query: ListMembersQuery): Promise<{ members: MemberWithUserRow[]; total: number }> {
  const organizationId = await organizationIdFor(app, actor, query);
  if (!(await store.findMember(app.db, organizationId, actor.user.id))) throw orgError("YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION");
  const options: store.MemberListOptions = { ...pageOf(query, app.config.organization.membershipLimit), sortBy: query.sortBy, sortDirection: query.sortDirection };
  if (query.filterField && query.filterValue !== undefined) options.filter = { field: query.filterField, operator: query.filterOperator ?? "eq", value: query.filterValue };
  // Without a searchField the one search box matches the name or the email.
  if (query.searchValue) options.search = { field: query.searchField ?? "any", operator: query.searchOperator ?? "contains", value: query.searchValue };
  return store.listMembers(app.db, organizationId, options);
}

/** Inserts a membership after the limit check, inside the caller's transaction. */
export async function addMembership(app: AppContext, db: DB, organizationId: string, userId: string, role: string): Promise<MemberRow> {
  if ((await store.countMembers(db, organizationId)) >= app.config.organization.membershipLimit) throw orgError("ORGANIZATION_MEMBERSHIP_LIMIT_REACHED");
  if (await store.findMember(db, organizationId, userId)) throw orgError("USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION");
  const member: MemberRow = { id: newId(), organizationId, userId, role, teamId: null, createdAt: app.clock.now() };
  await store.insertMember(db, member);
  return member;
}

export async function addMember(
  app: AppContext,
  actor: Actor,
  input: { userId: string; role: string | readonly string[]; organizationId?: string | undefined; teamId?: string | undefined },
): Promise<MemberRow> {
  const organizationId = input.organizationId ?? actor.session.activeOrganizationId;
  if (!organizationId) throw orgError("NO_ACTIVE_ORGANIZATION");
  const caller = await store.findMember(app.db, organizationId, actor.user.id);
  if (!caller) throw orgError("USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION", 400);
  if (!can(app, caller.role, { member: ["create"] })) throw orgError("YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_TEAM_MEMBER");
  const roles = parseRequestedRoles(app, input.role);
  if (roles.includes(creatorRole(app)) && !isCreator(app, caller.role)) throw orgError("YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER");
  if (!(await findUserById(app.db, input.userId))) throw apiError("USER_NOT_FOUND");
  return app.db.transaction().execute(async (trx) => {
    if (!(await lockOrganization(trx, organizationId))) throw orgError("ORGANIZATION_NOT_FOUND");
    if (input.teamId && !(await teams.findTeam(trx, input.teamId, organizationId))) throw orgError("TEAM_NOT_FOUND");
    const member = await addMembership(app, trx, organizationId, input.userId, roles.join(","));
    if (input.teamId) await joinTeam(app, trx, input.teamId, input.userId);
    return member;
  });
}

export async function removeMember(app: AppContext, actor: Actor, input: { memberIdOrEmail: string; organizationId?: string | undefined }): Promise<MemberRow> {
  const organizationId = input.organizationId ?? actor.session.activeOrganizationId;
  if (!organizationId) throw orgError("NO_ACTIVE_ORGANIZATION");
  const caller = await store.findMember(app.db, organizationId, actor.user.id);
  if (!caller) throw orgError("MEMBER_NOT_FOUND");
  if (!can(app, caller.role, { member: ["delete"] })) throw orgError("YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER");
  return app.db.transaction().execute(async (trx) => {
    await lockOrganization(trx, organizationId);
    const target = input.memberIdOrEmail.includes("@")
      ? await store.findMemberByEmail(trx, organizationId, input.memberIdOrEmail)
      : await store.findMemberById(trx, input.memberIdOrEmail);
    if (!target || target.organizationId !== organizationId) throw orgError("MEMBER_NOT_FOUND");
    if (isCreator(app, target.role)) {
      // Only an owner may remove an owner, and never the last one.
      if (!isCreator(app, caller.role)) throw orgError("YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER");
      if ((await countCreators(app, trx, organizationId)) <= 1) throw orgError("YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER");
    }
    await store.deleteMember(trx, target);
    await clearOrganizationForUser(trx, target.userId, organizationId);
    return target;
  });
}

export async function updateMemberRole(
  app: AppContext,
  actor: Actor,
  input: { memberId: string; role: string | readonly string[]; organizationId?: string | undefined },
): Promise<{ member: MemberRow; previousRole: string }> {
  const organizationId = input.organizationId ?? actor.session.activeOrganizationId;
  if (!organizationId) throw orgError("NO_ACTIVE_ORGANIZATION");
  const caller = await store.findMember(app.db, organizationId, actor.user.id);
  if (!caller) throw orgError("MEMBER_NOT_FOUND");
  if (!can(app, caller.role, { member: ["update"] })) throw orgError("YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER");
  const roles = parseRequestedRoles(app, input.role);
  return app.db.transaction().execute(async (trx) => {
    await lockOrganization(trx, organizationId);
    const target = caller.id === input.memberId ? caller : await store.findMemberById(trx, input.memberId);
    if (!target) throw orgError("MEMBER_NOT_FOUND");
    if (target.organizationId !== organizationId) throw orgError("YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER");
    const callerIsCreator = isCreator(app, caller.role);
    const grantsCreator = roles.includes(creatorRole(app));
    // Only owners touch owners: neither promoting to owner nor changing an owner's role otherwise.
    if ((isCreator(app, target.role) || grantsCreator) && !callerIsCreator) throw orgError("YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER");
    if (isCreator(app, target.role) && !grantsCreator && (await countCreators(app, trx, organizationId)) <= 1) {
      throw orgError("YOU_CANNOT_LEAVE_THE_ORGANIZATION_WITHOUT_AN_OWNER");
    }
    const updated = await store.updateMemberRole(trx, target.id, roles.join(","));
    if (!updated) throw orgError("MEMBER_NOT_FOUND");
    return { member: updated, previousRole: target.role };
  });
}

export async function leaveOrganization(app: AppContext, actor: Actor, organizationId: string): Promise<MemberRow> {
  return app.db.transaction().execute(async (trx) => {
    // Two owners leaving at once: the second waits here, then counts one owner and stays.
    await lockOrganization(trx, organizationId);
    const member = await store.findMember(trx, organizationId, actor.user.id);
    if (!member) throw orgError("MEMBER_NOT_FOUND");
    if (isCreator(app, member.role) && (await countCreators(app, trx, organizationId)) <= 1) throw orgError("YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER");
    await store.deleteMember(trx, member);
    await clearOrganizationForUser(trx, actor.user.id, organizationId);
    return member;
  });
}

export async function hasPermission(
  app: AppContext,
  actor: Actor,
  input: { organizationId?: string | undefined; permissions?: Record<string, string[]> | undefined; permission?: Record<string, string[]> | undefined },
): Promise<{ error: string | null; success: boolean }> {
  const request = input.permissions ?? input.permission;
  if (!request || Object.keys(request).length !== 1) throw apiError("ONE_RESOURCE_AT_A_TIME");
  const organizationId = input.organizationId ?? actor.session.activeOrganizationId;
  if (!organizationId) throw orgError("NO_ACTIVE_ORGANIZATION");
  const member = await store.findMember(app.db, organizationId, actor.user.id);
  if (!member) throw orgError("USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION", 403);
  const result = authorizeMember(app, member.role, request as never);
  return result.success ? { error: null, success: true } : { error: result.error, success: false };
}
