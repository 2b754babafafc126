/**
 * Organizations, members, invitations and teams. Paths, bodies and answers follow better-auth's
 * organization plugin with teams enabled, so its `organizationClient({ teams: { enabled: true } })`
 * works unchanged. Lists take `limit`/`offset` (default 100, at most 1000) so none is unbounded.
 */
import { z } from "zod";
import { endpoint } from "./endpoint.js";
import { emailField, isoDate } from "./schemas.js";

// ---------------------------------------------------------------------------------------------
// Wire shapes.

export const organizationSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  logo: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()).nullable(),
  createdAt: isoDate,
  updatedAt: isoDate.nullable(),
});
export type Organization = z.infer<typeof organizationSchema>;

export const memberSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  userId: z.string(),
  /** One or more role names, comma separated. */
  role: z.string(),
  teamId: z.string().nullable(),
  createdAt: isoDate,
});
export type Member = z.infer<typeof memberSchema>;

export const memberUserSchema = z.object({ id: z.string(), name: z.string(), email: z.string(), image: z.string().nullable() });
export const memberWithUserSchema = memberSchema.extend({ user: memberUserSchema });
export type MemberWithUser = z.infer<typeof memberWithUserSchema>;

export const invitationStatusSchema = z.enum(["pending", "accepted", "rejected", "canceled"]);
export const invitationSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  email: z.string(),
  role: z.string(),
  status: invitationStatusSchema,
  /** One or more team ids, comma separated. */
  teamId: z.string().nullable(),
  inviterId: z.string(),
  expiresAt: isoDate,
  createdAt: isoDate,
});
export type Invitation = z.infer<typeof invitationSchema>;

export const teamSchema = z.object({
  id: z.string(),
  name: z.string(),
  organizationId: z.string(),
  createdAt: isoDate,
  updatedAt: isoDate.nullable(),
});
export type Team = z.infer<typeof teamSchema>;

export const teamMemberSchema = z.object({ id: z.string(), teamId: z.string(), userId: z.string(), createdAt: isoDate });
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const fullOrganizationSchema = organizationSchema.extend({
  members: z.array(memberWithUserSchema),
  invitations: z.array(invitationSchema),
  teams: z.array(teamSchema),
});
export type FullOrganization = z.infer<typeof fullOrganizationSchema>;

// ---------------------------------------------------------------------------------------------
// Input pieces.

const id = z.string().min(1).max(256);
const roleInput = z.union([z.string().max(1024), z.array(z.string().max(256)).max(32)]);
const metadataInput = z.record(z.string(), z.unknown());
/** Query numbers arrive as strings; better-auth's client may also send numbers in JSON. */
const queryInt = (max: number) => z.coerce.number().int().min(0).max(max);
const page = { limit: queryInt(1000).optional(), offset: queryInt(1_000_000_000).optional() };

export const memberSortFields = ["createdAt", "role", "userId", "id", "name", "email"] as const;
export const memberFilterFields = ["role", "userId", "teamId", "id", "createdAt"] as const;
export const filterOperators = ["eq", "ne", "lt", "lte", "gt", "gte", "in", "not_in", "contains", "starts_with", "ends_with"] as const;

const tags = ["organization"] as const;

export const organizationEndpoints = {
  // --- organizations ---------------------------------------------------------------------------
  createOrganization: endpoint({
    method: "POST",
    path: "/organization/create",
    summary: "Create an organization; the caller becomes its owner and (unless kept) it becomes active",
    tags,
    access: "session",
    body: z.object({
      name: z.string().min(1).max(256),
      slug: z.string().min(1).max(256),
      /** Accepted for compatibility; the organization is always created for the signed-in user. */
      userId: z.string().max(256).optional(),
      logo: z.string().max(2048).nullish(),
      metadata: metadataInput.optional(),
      keepCurrentActiveOrganization: z.boolean().optional(),
    }).strict(),
    response: organizationSchema.extend({ members: z.array(memberSchema) }),
  }),
  updateOrganization: endpoint({
    method: "POST",
    path: "/organization/update",
    summary: "Update an organization's name, slug, logo or metadata",
    tags,
    access: "session",
    requires: "organization: update",
    body: z.object({
      data: z.object({
        name: z.string().min(1).max(256).optional(),
        slug: z.string().min(1).max(256).optional(),
        logo: z.string().max(2048).nullish(),
        metadata: metadataInput.optional(),
      }).strict(),
      organizationId: id.optional(),
    }).strict(),
    response: organizationSchema,
  }),
  deleteOrganization: endpoint({
    method: "POST",
    path: "/organization/delete",
    summary: "Delete an organization with its members, invitations and teams",
    tags,
    access: "session",
    requires: "organization: delete",
    body: z.object({ organizationId: id }).strict(),
    response: organizationSchema,
  }),
  listOrganizations: endpoint({
    method: "GET",
    path: "/organization/list",
    summary: "Organizations the caller belongs to (oldest membership first)",
    tags,
    access: "session",
    query: z.object(page).strict(),
    response: z.array(organizationSchema),
  }),
  getFullOrganization: endpoint({
    method: "GET",
    path: "/organization/get-full-organization",
    summary: "An organization (by id, slug, or the active one) with members, invitations and teams",
    tags,
    access: "session",
    query: z.object({
      organizationId: id.optional(),
      organizationSlug: z.string().min(1).max(256).optional(),
      membersLimit: queryInt(1000).optional(),
    }).strict(),
    response: fullOrganizationSchema.nullable(),
  }),
  setActiveOrganization: endpoint({
    method: "POST",
    path: "/organization/set-active",
    summary: "Set (or with null, clear) the session's active organization",
    tags,
    access: "session",
    body: z.object({ organizationId: id.nullable().optional(), organizationSlug: z.string().min(1).max(256).optional() }).strict(),
    response: organizationSchema.nullable(),
  }),
  checkOrganizationSlug: endpoint({
    method: "POST",
    path: "/organization/check-slug",
    summary: "Whether a slug is free",
    tags,
    access: "session",
    body: z.object({ slug: z.string().min(1).max(256) }).strict(),
    response: z.object({ status: z.boolean() }),
  }),

  // --- members ---------------------------------------------------------------------------------
  getActiveMember: endpoint({
    method: "GET",
    path: "/organization/get-active-member",
    summary: "The caller's membership in the active organization",
    tags,
    access: "session",
    response: memberWithUserSchema,
  }),
  getActiveMemberRole: endpoint({
    method: "GET",
    path: "/organization/get-active-member-role",
    summary: "The role of the caller (or of another member) in an organization",
    tags,
    access: "session",
    query: z.object({ userId: id.optional(), organizationId: id.optional(), organizationSlug: z.string().min(1).max(256).optional() }).strict(),
    response: z.object({ role: z.string() }),
  }),
  listOrganizationMembers: endpoint({
    method: "GET",
    path: "/organization/list-members",
    summary: "Members of an organization: paginated, sortable, filterable and searchable by name or email",
    tags,
    access: "session",
    query: z.object({
      ...page,
      sortBy: z.enum(memberSortFields).optional(),
      sortDirection: z.enum(["asc", "desc"]).optional(),
      filterField: z.enum(memberFilterFields).optional(),
      filterValue: z.union([z.string().max(1024), z.number(), z.boolean(), z.array(z.string().max(256)).max(100)]).optional(),
      filterOperator: z.enum(filterOperators).optional(),
      searchValue: z.string().max(256).optional(),
      searchField: z.enum(["name", "email"]).optional(),
      searchOperator: z.enum(["contains", "starts_with", "ends_with"]).optional(),
      organizationId: id.optional(),
      organizationSlug: z.string().min(1).max(256).optional(),
    }).strict(),
    response: z.object({ members: z.array(memberWithUserSchema), total: z.number() }),
  }),
  addOrganizationMember: endpoint({
    method: "POST",
    path: "/organization/add-member",
    summary: "Add an existing user as a member directly (Latchkey extension; needs member create)",
    tags,
    access: "session",
    requires: "member: create",
    body: z.object({ userId: id, role: roleInput, organizationId: id.optional(), teamId: id.optional() }).strict(),
    response: memberSchema,
  }),
  removeOrganizationMember: endpoint({
    method: "POST",
    path: "/organization/remove-member",
    summary: "Remove a member by member id or email",
    tags,
    access: "session",
    requires: "member: delete",
    body: z.object({ memberIdOrEmail: z.string().min(1).max(256), organizationId: id.optional() }).strict(),
    response: z.object({ member: memberSchema }),
  }),
  updateOrganizationMemberRole: endpoint({
    method: "POST",
    path: "/organization/update-member-role",
    summary: "Change a member's role(s)",
    tags,
    access: "session",
    requires: "member: update",
    body: z.object({ memberId: id, role: roleInput, organizationId: id.optional() }).strict(),
    response: memberSchema,
  }),
  leaveOrganization: endpoint({
    method: "POST",
    path: "/organization/leave",
    summary: "Leave an organization (an only owner cannot)",
    tags,
    access: "session",
    body: z.object({ organizationId: id }).strict(),
    response: memberSchema,
  }),
  hasOrganizationPermission: endpoint({
    method: "POST",
    path: "/organization/has-permission",
    summary: "Whether the caller's role in an organization grants actions on one resource",
    tags,
    access: "session",
    body: z.object({
      organizationId: id.optional(),
      permissions: z.record(z.string(), z.array(z.string().max(64)).max(32)).optional(),
      /** Older clients send the singular form. */
      permission: z.record(z.string(), z.array(z.string().max(64)).max(32)).optional(),
    }).strict(),
    response: z.object({ error: z.string().nullable(), success: z.boolean() }),
  }),

  // --- invitations -----------------------------------------------------------------------------
  inviteOrganizationMember: endpoint({
    method: "POST",
    path: "/organization/invite-member",
    summary: "Invite an email address; an `invitation` mail is sent",
    tags,
    access: "session",
    requires: "invitation: create",
    body: z.object({
      email: emailField,
      role: roleInput,
      organizationId: id.optional(),
      resend: z.boolean().optional(),
      teamId: z.union([id, z.array(id).max(32)]).optional(),
    }).strict(),
    response: invitationSchema,
  }),
  acceptInvitation: endpoint({
    method: "POST",
    path: "/organization/accept-invitation",
    summary: "Accept a pending invitation addressed to the caller; the organization becomes active",
    tags,
    access: "session",
    body: z.object({ invitationId: id }).strict(),
    response: z.object({ invitation: invitationSchema, member: memberSchema }),
  }),
  rejectInvitation: endpoint({
    method: "POST",
    path: "/organization/reject-invitation",
    summary: "Reject a pending invitation addressed to the caller",
    tags,
    access: "session",
    body: z.object({ invitationId: id }).strict(),
    response: z.object({ invitation: invitationSchema, member: z.null() }),
  }),
  cancelInvitation: endpoint({
    method: "POST",
    path: "/organization/cancel-invitation",
    summary: "Cancel an invitation",
    tags,
    access: "session",
    requires: "invitation: cancel",
    body: z.object({ invitationId: id }).strict(),
    response: invitationSchema,
  }),
  getInvitation: endpoint({
    method: "GET",
    path: "/organization/get-invitation",
    summary: "A pending invitation addressed to the caller, with organization and inviter details",
    tags,
    access: "session",
    query: z.object({ id }).strict(),
    response: invitationSchema.extend({ organizationName: z.string(), organizationSlug: z.string(), inviterEmail: z.string() }),
  }),
  listInvitations: endpoint({
    method: "GET",
    path: "/organization/list-invitations",
    summary: "Invitations of an organization, newest first (needs invitation create)",
    tags,
    access: "session",
    query: z.object({ organizationId: id.optional(), ...page }).strict(),
    response: z.array(invitationSchema),
  }),
  listUserInvitations: endpoint({
    method: "GET",
    path: "/organization/list-user-invitations",
    summary: "Pending invitations addressed to the caller's email",
    tags,
    access: "session",
    query: z.object(page).strict(),
    response: z.array(invitationSchema.extend({ organizationName: z.string() })),
  }),

  // --- teams -----------------------------------------------------------------------------------
  createTeam: endpoint({
    method: "POST",
    path: "/organization/create-team",
    summary: "Create a team in an organization",
    tags,
    access: "session",
    requires: "team: create",
    body: z.object({ name: z.string().min(1).max(256), organizationId: id.optional() }).strict(),
    response: teamSchema,
  }),
  listTeams: endpoint({
    method: "GET",
    path: "/organization/list-teams",
    summary: "Teams of an organization",
    tags,
    access: "session",
    query: z.object({ organizationId: id.optional(), ...page }).strict(),
    response: z.array(teamSchema),
  }),
  updateTeam: endpoint({
    method: "POST",
    path: "/organization/update-team",
    summary: "Rename a team",
    tags,
    access: "session",
    requires: "team: update",
    body: z.object({
      teamId: id,
      data: z.object({ name: z.string().min(1).max(256).optional(), organizationId: id.optional() }).strict(),
    }).strict(),
    response: teamSchema,
  }),
  removeTeam: endpoint({
    method: "POST",
    path: "/organization/remove-team",
    summary: "Remove a team (the last one only when allowed by configuration)",
    tags,
    access: "session",
    requires: "team: delete",
    body: z.object({ teamId: id, organizationId: id.optional() }).strict(),
    response: z.object({ message: z.string() }),
  }),
  setActiveTeam: endpoint({
    method: "POST",
    path: "/organization/set-active-team",
    summary: "Set (or with null, clear) the session's active team",
    tags,
    access: "session",
    body: z.object({ teamId: id.nullable().optional() }).strict(),
    response: teamSchema.nullable(),
  }),
  listUserTeams: endpoint({
    method: "GET",
    path: "/organization/list-user-teams",
    summary: "Teams the caller (or, with member update, another member) belongs to",
    tags,
    access: "session",
    query: z.object({ userId: id.optional(), organizationId: id.optional(), ...page }).strict(),
    response: z.array(teamSchema),
  }),
  listTeamMembers: endpoint({
    method: "GET",
    path: "/organization/list-team-members",
    summary: "Members of a team (the active team by default)",
    tags,
    access: "session",
    query: z.object({ teamId: id.optional(), ...page }).strict(),
    response: z.array(teamMemberSchema),
  }),
  addTeamMember: endpoint({
    method: "POST",
    path: "/organization/add-team-member",
    summary: "Add an organization member to a team",
    tags,
    access: "session",
    requires: "member: update",
    body: z.object({ teamId: id, userId: id, organizationId: id.optional() }).strict(),
    response: teamMemberSchema,
  }),
  removeTeamMember: endpoint({
    method: "POST",
    path: "/organization/remove-team-member",
    summary: "Remove a member from a team",
    tags,
    access: "session",
    requires: "member: delete",
    body: z.object({ teamId: id, userId: id, organizationId: id.optional() }).strict(),
    response: z.object({ message: z.string() }),
  }),
} as const;
