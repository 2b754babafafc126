/**
 * Invitation rules. Status: pending → accepted | rejected | canceled. Only a pending, unexpired
 * invitation can be accepted or rejected, and only by the user whose email it names. Accepting
 * flips the status with a conditional update inside the transaction that creates the membership,
 * so of two concurrent accepts exactly one creates a member.
 */
import type { BodyOf, Contract } from "../../../shared/contract/index.js";
import type { AppContext } from "../../context.js";
import { newId } from "../../crypto/tokens.js";
import type { InvitationRow, MemberRow, OrganizationRow, SessionRow } from "../../db/types.js";
import { invitationLanguage, invitationMail } from "../../mail/templates/index.js";
import { normalizeEmail } from "../../core/user/rules.js";
import { findUserByEmail, findUserById } from "../../core/user/store.js";
import { can, isCreator, orgError, pageOf, parseRequestedRoles, type Actor } from "./access.js";
import { setActive } from "./active-store.js";
import * as store from "./invitation-store.js";
import { addMembership } from "./member-service.js";
import { findMember, findMemberByEmail } from "./member-store.js";
import { findOrganizationById, lockOrganization } from "./organization-store.js";
import * as teams from "./team-store.js";
import { joinTeam } from "./team-service.js";

/** Where the invitation mail points: the console's accept page (sign in or up there, then accept or reject). */
export function invitationURL(app: AppContext, invitationId: string): string {
  return `${app.baseURL}/console/accept-invitation/${encodeURIComponent(invitationId)}`;
}

export type InviteInput = BodyOf<Contract["inviteOrganizationMember"]>;

export interface Invited {
  invitation: InvitationRow;
  resent: boolean;
}

/** `acceptLanguage`: the inviter's request, for the mail when neither invitee nor inviter chose a language. */
export async function inviteMember(app: AppContext, actor: Actor, input: InviteInput, acceptLanguage?: string | null): Promise<Invited> {
  const options = app.config.organization;
  const organizationId = input.organizationId ?? actor.session.activeOrganizationId;
  if (!organizationId) throw orgError("ORGANIZATION_NOT_FOUND");
  // An invitation is mail from the operator's domain to any address: only from owned addresses.
  if (options.requireEmailVerificationToInvite && !actor.user.emailVerified) throw orgError("EMAIL_VERIFICATION_REQUIRED_TO_INVITE");
  const email = normalizeEmail(input.email);
  const inviter = await findMember(app.db, organizationId, actor.user.id);
  if (!inviter) throw orgError("MEMBER_NOT_FOUND");
  if (!can(app, inviter.role, { invitation: ["create"] })) throw orgError("YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION");
  const roles = parseRequestedRoles(app, input.role);
  const role = roles.join(",");
  // Only holders of the creator role may hand it out.
  if (isCreator(app, role) && !isCreator(app, inviter.role)) throw orgError("YOU_ARE_NOT_ALLOWED_TO_INVITE_USER_WITH_THIS_ROLE");
  const teamIds = input.teamId === undefined ? [] : typeof input.teamId === "string" ? [input.teamId] : [...input.teamId];
  if (teamIds.some((id) => id.includes(","))) throw orgError("INVALID_TEAM_ID");

  const result = await app.db.transaction().execute(async (trx) => {
    const organization = await lockOrganization(trx, organizationId);
    if (!organization) throw orgError("ORGANIZATION_NOT_FOUND");
    if (await findMemberByEmail(trx, organizationId, email)) throw orgError("USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION");
    const now = app.clock.now();
    const expiresAt = now + options.invitationExpiresIn * 1000;
    const pending = await store.findPendingInvitation(trx, organizationId, email, now);
    if (pending) {
      // Re-inviting never makes a second invitation and never silently drops the request:
      // without `resend` it is refused; with it the existing invitation is renewed and re-sent.
      if (!input.resend) throw orgError("USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION");
      if (isCreator(app, pending.role) && !isCreator(app, inviter.role)) throw orgError("YOU_ARE_NOT_ALLOWED_TO_INVITE_USER_WITH_THIS_ROLE");
      const renewed = await store.extendInvitation(trx, pending.id, expiresAt);
      return { invitation: renewed ?? pending, organization, resent: true };
    }
    if ((await store.countPendingInvitations(trx, organizationId, now)) >= options.invitationLimit) throw orgError("INVITATION_LIMIT_REACHED");
    for (const teamId of teamIds) {
      if (!(await teams.findTeam(trx, teamId, organizationId))) throw orgError("TEAM_NOT_FOUND");
      if (options.maximumMembersPerTeam !== undefined && (await teams.countTeamMembers(trx, teamId)) >= options.maximumMembersPerTeam) {
        throw orgError("TEAM_MEMBER_LIMIT_REACHED");
      }
    }
    const invitation: InvitationRow = {
      id: newId(),
      organizationId,
      email,
      role,
      status: "pending",
      teamId: teamIds.length ? teamIds.join(",") : null,
      inviterId: actor.user.id,
      expiresAt,
      createdAt: now,
    };
    await store.insertInvitation(trx, invitation);
    return { invitation, organization, resent: false };
  });

  await sendInvitationMail(app, actor, result.organization, result.invitation, acceptLanguage);
  return { invitation: result.invitation, resent: result.resent };
}

async function sendInvitationMail(app: AppContext, actor: Actor, organization: OrganizationRow, invitation: InvitationRow, acceptLanguage?: string | null): Promise<void> {
  const invitee = await findUserByEmail(app.db, invitation.email);
  const language = invitationLanguage(app.config.defaultLanguage, invitee, actor.user, acceptLanguage);
  await app.mailer.send(
    invitationMail({
      appName: app.config.appName,
      to: invitation.email,
      url: invitationURL(app, invitation.id),
      token: null,
      inviterName: actor.user.name || actor.user.email,
      organizationName: organization.name,
      role: invitation.role,
      expiresAt: Number(invitation.expiresAt),
      // The invitation was just created or renewed for this long.
      expiresIn: app.config.organization.invitationExpiresIn,
      language,
    }),
  );
}

/** The invitation exists, is pending and unexpired, and names the caller. */
async function recipientInvitation(app: AppContext, actor: Actor, invitationId: string): Promise<InvitationRow> {
  const invitation = await store.findInvitationById(app.db, invitationId);
  if (!invitation || invitation.status !== "pending" || Number(invitation.expiresAt) <= app.clock.now()) throw orgError("INVITATION_NOT_FOUND");
  if (invitation.email.toLowerCase() !== actor.user.email.toLowerCase()) throw orgError("YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION");
  if (app.config.organization.requireEmailVerificationOnInvitation && !actor.user.emailVerified) {
    throw orgError("EMAIL_VERIFICATION_REQUIRED_BEFORE_ACCEPTING_OR_REJECTING_INVITATION");
  }
  return invitation;
}

export interface Accepted {
  invitation: InvitationRow;
  member: MemberRow;
  session: SessionRow | null;
}

export async function acceptInvitation(app: AppContext, actor: Actor, invitationId: string): Promise<Accepted> {
  const found = await recipientInvitation(app, actor, invitationId);
  return app.db.transaction().execute(async (trx) => {
    if (!(await lockOrganization(trx, found.organizationId))) throw orgError("ORGANIZATION_NOT_FOUND");
    if (!(await findMember(trx, found.organizationId, found.inviterId))) throw orgError("INVITER_IS_NO_LONGER_A_MEMBER_OF_THE_ORGANIZATION");
    const invitation = await store.transitionInvitation(trx, invitationId, ["pending"], "accepted", app.clock.now());
    if (!invitation) throw orgError("INVITATION_NOT_FOUND");
    // Limit and duplicate checks run after the status flip; a refusal rolls the flip back.
    const member = await addMembership(app, trx, invitation.organizationId, actor.user.id, invitation.role);
    const teamIds = (invitation.teamId ?? "").split(",").filter(Boolean);
    const joined: string[] = [];
    for (const teamId of teamIds) {
      // A team removed since the invitation was sent is skipped, not fatal.
      if (!(await teams.findTeam(trx, teamId, invitation.organizationId))) continue;
      await joinTeam(app, trx, teamId, actor.user.id);
      joined.push(teamId);
    }
    const patch: { activeOrganizationId: string; activeTeamId: string | null } = {
      activeOrganizationId: invitation.organizationId,
      activeTeamId: joined.length === 1 ? joined[0]! : null,
    };
    const session = (await setActive(trx, actor.session.id, patch)) ?? null;
    return { invitation, member, session };
  });
}

export async function rejectInvitation(app: AppContext, actor: Actor, invitationId: string): Promise<InvitationRow> {
  await recipientInvitation(app, actor, invitationId);
  const invitation = await store.transitionInvitation(app.db, invitationId, ["pending"], "rejected", app.clock.now());
  if (!invitation) throw orgError("INVITATION_NOT_FOUND");
  return invitation;
}

export async function cancelInvitation(app: AppContext, actor: Actor, invitationId: string): Promise<InvitationRow> {
  const invitation = await store.findInvitationById(app.db, invitationId);
  if (!invitation) throw orgError("INVITATION_NOT_FOUND");
  const member = await findMember(app.db, invitation.organizationId, actor.user.id);
  if (!member) throw orgError("MEMBER_NOT_FOUND");
  if (!can(app, member.role, { invitation: ["cancel"] })) throw orgError("YOU_ARE_NOT_ALLOWED_TO_CANCEL_THIS_INVITATION");
  const canceled = await store.transitionInvitation(app.db, invitationId, ["pending", "accepted", "rejected", "canceled"], "canceled");
  if (!canceled) throw orgError("INVITATION_NOT_FOUND");
  return canceled;
}

export async function getInvitation(app: AppContext, actor: Actor, invitationId: string) {
  const invitation = await recipientInvitation(app, actor, invitationId);
  const organization = await findOrganizationById(app.db, invitation.organizationId);
  if (!organization) throw orgError("ORGANIZATION_NOT_FOUND");
  const inviterMember = await findMember(app.db, invitation.organizationId, invitation.inviterId);
  const inviter = inviterMember ? await findUserById(app.db, invitation.inviterId) : undefined;
  if (!inviter) throw orgError("INVITER_IS_NO_LONGER_A_MEMBER_OF_THE_ORGANIZATION");
  return { invitation, organizationName: organization.name, organizationSlug: organization.slug, inviterEmail: inviter.email };
}

/**
 * The signed-out view of an invitation link (GET /organization/invitation-preview). The id is a
 * 190-bit random capability mailed only to the invitee, so holding it proves as much as reading
 * the mail did — and the answer says no more than the mail said. Unknown, expired, accepted,
 * rejected and canceled ids all get the same INVITATION_NOT_FOUND (400, as on better-auth's wire), so the endpoint is no oracle for an id's fate.
 */
export async function previewInvitation(app: AppContext, invitationId: string) {
  const invitation = await store.findInvitationById(app.db, invitationId);
  if (!invitation || invitation.status !== "pending" || Number(invitation.expiresAt) <= app.clock.now()) throw orgError("INVITATION_NOT_FOUND");
  const organization = await findOrganizationById(app.db, invitation.organizationId);
  const inviter = await findUserById(app.db, invitation.inviterId);
  if (!organization || !inviter) throw orgError("INVITATION_NOT_FOUND");
  return {
    organizationName: organization.name,
    // The mail falls back to the address when the inviter has no name; this answer never does.
    inviterName: inviter.name,
    email: invitation.email,
    role: invitation.role,
    expiresAt: new Date(Number(invitation.expiresAt)).toISOString(),
  };
}

export async function listInvitations(app: AppContext, actor: Actor, query: { organizationId?: string | undefined; limit?: number; offset?: number }): Promise<InvitationRow[]> {
  const organizationId = query.organizationId ?? actor.session.activeOrganizationId;
  if (!organizationId) throw orgError("NO_ACTIVE_ORGANIZATION");
  const member = await findMember(app.db, organizationId, actor.user.id);
  if (!member) throw orgError("YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION");
  if (!can(app, member.role, { invitation: ["create"] })) throw orgError("YOU_ARE_NOT_ALLOWED_TO_LIST_INVITATIONS");
  const { limit, offset } = pageOf(query);
  const rows = await store.listInvitations(app.db, organizationId, limit, offset);
  return isCreator(app, member.role) ? rows : rows.filter((row) => !isCreator(app, row.role));
}

export async function listUserInvitations(app: AppContext, actor: Actor, query: { limit?: number; offset?: number }) {
  if (app.config.organization.requireEmailVerificationOnInvitation && !actor.user.emailVerified) throw orgError("EMAIL_VERIFICATION_REQUIRED_FOR_INVITATION");
  const { limit, offset } = pageOf(query);
  return store.listPendingForEmail(app.db, actor.user.email.toLowerCase(), app.clock.now(), limit, offset);
}
