/**
 * Organizations, members, invitations and teams. Paths, bodies and answers follow better-auth's
 * organization plugin with teams enabled, so its `organizationClient({ teams: { enabled: true } })`
 * works unchanged. Lists take `limit`/`offset` (default 100, at most 1000) so none is unbounded.
 * This file: the wire shapes and input pieces the organization endpoint files share.
 */
import { z } from "zod";
import { isoDate } from "./schemas.js";

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

export const id = z.string().min(1).max(256);
export const roleInput = z.union([z.string().max(1024), z.array(z.string().max(256)).max(32)]);
export const metadataInput = z.record(z.string(), z.unknown());
/** Query numbers arrive as strings; better-auth's client may also send numbers in JSON. */
export const queryInt = (max: number) => z.coerce.number().int().min(0).max(max);
export const page = { limit: queryInt(1000).optional(), offset: queryInt(1_000_000_000).optional() };

export const memberSortFields = ["createdAt", "role", "userId", "id", "name", "email"] as const;
export const memberFilterFields = ["role", "userId", "teamId", "id", "createdAt"] as const;
export const filterOperators = ["eq", "ne", "lt", "lte", "gt", "gte", "in", "not_in", "contains", "starts_with", "ends_with"] as const;

export const tags = ["organization"] as const;
