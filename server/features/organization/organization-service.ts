/** Organization rules: creation (creator becomes owner), update, delete, lookup and the active organization. */
import type { BodyOf, Contract } from "../../../shared/contract/index.js";
import { lockUser } from "../../core/user/store.js";
import type { AppContext } from "../../context.js";
import { newId } from "../../crypto/tokens.js";
import type { InvitationRow, MemberRow, OrganizationRow, SessionRow, TeamRow } from "../../db/types.js";
import { can, isCreator, orgError, pageOf, type Actor } from "./access.js";
import { clearOrganizationEverywhere, setActive } from "./active-store.js";
import * as invitations from "./invitation-store.js";
import * as members from "./member-store.js";
import * as store from "./organization-store.js";
import * as teams from "./team-store.js";
import type { MemberWithUserRow } from "./wire.js";

export type CreateInput = BodyOf<Contract["createOrganization"]>;

export interface Created {
  organization: OrganizationRow;
  member: MemberRow;
  team: TeamRow | null;
  session: SessionRow | null;
}

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Error && /UNIQUE constraint failed|duplicate key/i.test(error.message);
}

export async function createOrganization(app: AppContext, actor: Actor, input: CreateInput): Promise<Created> {
  const options = app.config.organization;
  if (!options.allowUserToCreateOrganization) throw orgError("YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_ORGANIZATION");
  try {
    return await app.db.transaction().execute(async (trx) => {
      // Two creations at once by one user must not both slip under the limit (PostgreSQL).
      if (options.organizationLimit !== undefined) await lockUser(trx, actor.user.id);
      if (options.organizationLimit !== undefined && (await store.countOrganizationsOfUser(trx, actor.user.id)) >= options.organizationLimit) {
        throw orgError("YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_ORGANIZATIONS");
      }
      if (await store.findOrganizationBySlug(trx, input.slug)) throw orgError("ORGANIZATION_ALREADY_EXISTS");
      const now = app.clock.now();
      const organization: OrganizationRow = {
        id: newId(),
        name: input.name,
        slug: store.normalizeSlug(input.slug),
        logo: input.logo ?? null,
        metadata: input.metadata ? JSON.stringify(input.metadata) : null,
        createdAt: now,
        updatedAt: null,
      };
      await store.insertOrganization(trx, organization);
      const member: MemberRow = { id: newId(), organizationId: organization.id, userId: actor.user.id, role: options.creatorRole, teamId: null, createdAt: now };
      await members.insertMember(trx, member);
      let team: TeamRow | null = null;
      if (options.defaultTeam) {
        team = { id: newId(), name: organization.name, organizationId: organization.id, createdAt: now, updatedAt: now };
        await teams.insertTeam(trx, team);
        await teams.ensureTeamMember(trx, { id: newId(), teamId: team.id, userId: actor.user.id, createdAt: now });
      }
      let session: SessionRow | null = null;
      if (!input.keepCurrentActiveOrganization) {
        session = (await setActive(trx, actor.session.id, { activeOrganizationId: organization.id, activeTeamId: team?.id ?? null })) ?? null;
      }
      return { organization, member, team, session };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw orgError("ORGANIZATION_ALREADY_EXISTS");
    throw error;
  }
}

export type UpdateInput = BodyOf<Contract["updateOrganization"]>;

export async function updateOrganization(app: AppContext, actor: Actor, input: UpdateInput): Promise<OrganizationRow> {
  const organizationId = input.organizationId ?? actor.session.activeOrganizationId;
  if (!organizationId) throw orgError("ORGANIZATION_NOT_FOUND");
  const member = await members.findMember(app.db, organizationId, actor.user.id);
  if (!member) throw orgError("USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION", 400);
  if (!can(app, member.role, { organization: ["update"] })) throw orgError("YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_ORGANIZATION");
  const { data } = input;
  const patch: Partial<OrganizationRow> = { updatedAt: app.clock.now() };
  if (data.name !== undefined) patch.name = data.name;
  if (data.slug !== undefined) patch.slug = store.normalizeSlug(data.slug);
  if (data.logo !== undefined) patch.logo = data.logo;
  if (data.metadata !== undefined) patch.metadata = JSON.stringify(data.metadata);
  try {
    return await app.db.transaction().execute(async (trx) => {
      if (data.slug !== undefined) {
        const holder = await store.findOrganizationBySlug(trx, data.slug);
        if (holder && holder.id !== organizationId) throw orgError("ORGANIZATION_SLUG_ALREADY_TAKEN");
      }
      const updated = await store.updateOrganization(trx, organizationId, patch);
      if (!updated) throw orgError("ORGANIZATION_NOT_FOUND");
      return updated;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw orgError("ORGANIZATION_SLUG_ALREADY_TAKEN");
    throw error;
  }
}

export async function deleteOrganization(app: AppContext, actor: Actor, organizationId: string): Promise<OrganizationRow> {
  if (app.config.organization.disableOrganizationDeletion) throw orgError("ORGANIZATION_DELETION_DISABLED");
  const member = await members.findMember(app.db, organizationId, actor.user.id);
  if (!member) throw orgError("USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION", 400);
  if (!can(app, member.role, { organization: ["delete"] })) throw orgError("YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_ORGANIZATION");
  return app.db.transaction().execute(async (trx) => {
    const organization = await store.findOrganizationById(trx, organizationId);
    if (!organization) throw orgError("ORGANIZATION_NOT_FOUND");
    await clearOrganizationEverywhere(trx, organizationId);
    await store.deleteOrganization(trx, organizationId);
    return organization;
  });
}

export function listOrganizations(app: AppContext, actor: Actor, query: { limit?: number; offset?: number }): Promise<OrganizationRow[]> {
  const { limit, offset } = pageOf(query);
  return store.listOrganizationsOfUser(app.db, actor.user.id, limit, offset);
}

/** By slug, else by id, else the active organization; undefined when none is named or active. */
export async function resolveOrganization(app: AppContext, actor: Actor, query: { organizationId?: string | undefined; organizationSlug?: string | undefined }): Promise<OrganizationRow | null> {
  if (query.organizationSlug) {
    const bySlug = await store.findOrganizationBySlug(app.db, query.organizationSlug);
    if (!bySlug) throw orgError("ORGANIZATION_NOT_FOUND");
    return bySlug;
  }
  const id = query.organizationId ?? actor.session.activeOrganizationId;
  if (!id) return null;
  const found = await store.findOrganizationById(app.db, id);
  if (!found) throw orgError("ORGANIZATION_NOT_FOUND");
  return found;
}

/** A caller asking about an organization they are not in loses it as their active one. */
async function refuseNonMember(app: AppContext, actor: Actor, organizationId: string): Promise<never> {
  if (actor.session.activeOrganizationId === organizationId) await setActive(app.db, actor.session.id, { activeOrganizationId: null, activeTeamId: null });
  throw orgError("USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION", 403);
}

export interface FullOrganizationRows {
  organization: OrganizationRow;
  members: MemberWithUserRow[];
  invitations: InvitationRow[];
  teams: TeamRow[];
}

export async function getFullOrganization(
  app: AppContext,
  actor: Actor,
  query: { organizationId?: string | undefined; organizationSlug?: string | undefined; membersLimit?: number | undefined },
): Promise<FullOrganizationRows | null> {
  const organization = await resolveOrganization(app, actor, query);
  if (!organization) return null;
  const caller = await members.findMember(app.db, organization.id, actor.user.id);
  if (!caller) return refuseNonMember(app, actor, organization.id);
  const limit = query.membersLimit || app.config.organization.membershipLimit;
  // Invitation ids work as invitation links: only members who may invite see them, and only
  // holders of the creator role see invitations that would grant it.
  const mayInvite = can(app, caller.role, { invitation: ["create"] });
  const [memberRows, invitationRows, teamRows] = await Promise.all([
    members.firstMembers(app.db, organization.id, limit),
    mayInvite ? invitations.listInvitations(app.db, organization.id, app.config.organization.invitationLimit, 0) : Promise.resolve([]),
    teams.listTeams(app.db, organization.id, 100, 0),
  ]);
  const visibleInvitations = isCreator(app, caller.role) ? invitationRows : invitationRows.filter((inv) => !isCreator(app, inv.role));
  return { organization, members: memberRows, invitations: visibleInvitations, teams: teamRows };
}

export interface ActiveChange {
  organization: OrganizationRow | null;
  session: SessionRow | null;
}

export async function setActiveOrganization(
  app: AppContext,
  actor: Actor,
  input: { organizationId?: string | null | undefined; organizationSlug?: string | undefined },
): Promise<ActiveChange> {
  if (input.organizationId === null) {
    if (!actor.session.activeOrganizationId) return { organization: null, session: null };
    const session = await setActive(app.db, actor.session.id, { activeOrganizationId: null, activeTeamId: null });
    return { organization: null, session: session ?? null };
  }
  const organization = await resolveOrganization(app, actor, { organizationId: input.organizationId, organizationSlug: input.organizationId ? undefined : input.organizationSlug });
  if (!organization) return { organization: null, session: null };
  if (!(await members.findMember(app.db, organization.id, actor.user.id))) return refuseNonMember(app, actor, organization.id);
  const patch: { activeOrganizationId: string; activeTeamId?: null } = { activeOrganizationId: organization.id };
  // The active team belongs to the active organization; switching organizations drops it.
  if (actor.session.activeOrganizationId !== organization.id) patch.activeTeamId = null;
  const session = await setActive(app.db, actor.session.id, patch);
  return { organization, session: session ?? null };
}

export async function checkSlug(app: AppContext, slug: string): Promise<{ status: true }> {
  if (await store.findOrganizationBySlug(app.db, slug)) throw orgError("ORGANIZATION_SLUG_ALREADY_TAKEN", undefined, "slug is taken");
  return { status: true };
}
