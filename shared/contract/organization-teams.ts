/** Teams, team members and the active team (better-auth organization plugin, teams enabled). */
import { z } from "zod";
import { endpoint } from "./endpoint.js";
import { nameField } from "./text-fields.js";
import { id, page, tags, teamMemberSchema, teamSchema } from "./organization-schemas.js";

export const teamEndpoints = {
  // --- teams -----------------------------------------------------------------------------------
  createTeam: endpoint({
    method: "POST",
    path: "/organization/create-team",
    summary: "Create a team in an organization",
    tags,
    access: "session",
    requires: "team: create",
    body: z.object({ name: nameField({ min: 1 }), organizationId: id.optional() }).strict(),
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
      data: z.object({ name: nameField({ min: 1 }).optional(), organizationId: id.optional() }).strict(),
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
