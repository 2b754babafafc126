/** Organization invitations: invite, accept, reject, cancel, get and list (better-auth wire). */
import { z } from "zod";
import { endpoint } from "./endpoint.js";
import { id, invitationSchema, memberSchema, page, roleInput, tags } from "./organization-schemas.js";
import { emailField, isoDate } from "./schemas.js";

export const invitationEndpoints = {
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
  previewInvitation: endpoint({
    method: "GET",
    path: "/organization/invitation-preview",
    summary:
      "Latchkey extension: what the invitation mail already said (organization, inviter's name, address, role, end), for the link opened while signed out. Public: the id is the mail's unguessable capability; any id that is not a pending, unexpired invitation is the same 400 INVITATION_NOT_FOUND",
    tags,
    access: "public",
    // A misspelt `id` key must not read as "no such invitation".
    unknownKeys: "reject",
    query: z.object({ id }).strict(),
    // Exactly the mail's facts: no slug, no ids, never the inviter's address (docs/security.md).
    response: z.object({
      organizationName: z.string(),
      inviterName: z.string(),
      email: z.string(),
      role: z.string(),
      expiresAt: isoDate,
    }),
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
} as const;
