/** Row → wire conversions for organizations, members, invitations and teams. */
import type { FullOrganization, Invitation, Member, MemberWithUser, Organization, Team, TeamMember } from "../../../shared/contract/organization.js";
import type { InvitationRow, MemberRow, OrganizationRow, TeamMemberRow, TeamRow } from "../../db/types.js";
import { iso, isoOrNull } from "../../core/user/wire.js";

export interface MemberUser {
  id: string;
  name: string;
  email: string;
  image: string | null;
}
export type MemberWithUserRow = MemberRow & { user: MemberUser };

function parseMetadata(text: string | null): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function toOrganization(row: OrganizationRow): Organization {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    logo: row.logo,
    metadata: parseMetadata(row.metadata),
    createdAt: iso(row.createdAt),
    updatedAt: isoOrNull(row.updatedAt),
  };
}

export function toMember(row: MemberRow): Member {
  return { id: row.id, organizationId: row.organizationId, userId: row.userId, role: row.role, teamId: row.teamId, createdAt: iso(row.createdAt) };
}

export function toMemberWithUser(row: MemberWithUserRow): MemberWithUser {
  return { id: row.id, organizationId: row.organizationId, userId: row.userId, role: row.role, teamId: row.teamId, createdAt: iso(row.createdAt), user: row.user };
}

export function toInvitation(row: InvitationRow): Invitation {
  return {
    id: row.id,
    organizationId: row.organizationId,
    email: row.email,
    role: row.role,
    status: row.status as Invitation["status"],
    teamId: row.teamId,
    inviterId: row.inviterId,
    expiresAt: iso(row.expiresAt),
    createdAt: iso(row.createdAt),
  };
}

export function toTeam(row: TeamRow): Team {
  return { id: row.id, name: row.name, organizationId: row.organizationId, createdAt: iso(row.createdAt), updatedAt: isoOrNull(row.updatedAt) };
}

export function toTeamMember(row: TeamMemberRow): TeamMember {
  return { id: row.id, teamId: row.teamId, userId: row.userId, createdAt: iso(row.createdAt) };
}

export function toFullOrganization(org: OrganizationRow, members: MemberWithUserRow[], invitations: InvitationRow[], teams: TeamRow[]): FullOrganization {
  return { ...toOrganization(org), members: members.map(toMemberWithUser), invitations: invitations.map(toInvitation), teams: teams.map(toTeam) };
}
