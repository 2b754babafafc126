/**
 * Organizations, members, invitations and teams. Paths, bodies and answers follow better-auth's
 * organization plugin with teams enabled, so its `organizationClient({ teams: { enabled: true } })`
 * works unchanged. Lists take `limit`/`offset` (default 100, at most 1000) so none is unbounded.
 * This file: organizations and members; invitations and teams have files of their own, merged here.
 */
import { z } from "zod";
import { endpoint } from "./endpoint.js";
import { filterOperators, fullOrganizationSchema, id, memberFilterFields, memberSchema, memberSortFields, memberWithUserSchema, metadataInput, organizationSchema, page, queryInt, roleInput, tags } from "./organization-schemas.js";
import { imageField, nameField } from "./text-fields.js";
import { invitationEndpoints } from "./organization-invitations.js";
import { teamEndpoints } from "./organization-teams.js";

export * from "./organization-schemas.js";

const organizationAndMemberEndpoints = {
  // --- organizations ---------------------------------------------------------------------------
  createOrganization: endpoint({
    method: "POST",
    path: "/organization/create",
    summary: "Create an organization; the caller becomes its owner and (unless kept) it becomes active",
    tags,
    access: "session",
    body: z.object({
      name: nameField({ min: 1 }),
      slug: z.string().min(1).max(256),
      /** Accepted for compatibility; the organization is always created for the signed-in user. */
      userId: z.string().max(256).optional(),
      logo: imageField.nullish(),
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
        name: nameField({ min: 1 }).optional(),
        slug: z.string().min(1).max(256).optional(),
        logo: imageField.nullish(),
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
} as const;

export const organizationEndpoints = {
  ...organizationAndMemberEndpoints,
  ...invitationEndpoints,
  ...teamEndpoints,
} as const;
