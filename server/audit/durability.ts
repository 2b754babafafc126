/**
 * How each audit action reaches the log (issue 38, "never lost"), one entry per action in
 * shared/audit-actions.ts (tests/server/audit/durability.test.ts checks that every action is in
 * exactly one of the two lists).
 *
 * IN_CHANGE: written in the transaction of the change it records (audit/change.ts, ctx.change, the
 * sign-in's session transaction, or a service's own transaction through audit.recordIn), when a
 * webhook endpoint subscribes to it; its deliveries
 * survive a kill -9 right after the commit. A request that records one of these outside a change
 * is a bug: the http layer logs it, and fails the request under the test runner
 * (http/register-routes.ts), so a new call site cannot quietly fall back to the asynchronous path.
 *
 * AFTER_THE_FACT: recorded by the asynchronous writer after the fact, and why. A crash between the
 * fact and the writer's next batch (the next turn of the event loop) loses the event.
 */
import type { AuditAction } from "../../shared/audit-actions.js";
import type { AppContext } from "../context.js";
import type { AuditEvent } from "./recorder.js";

export const IN_CHANGE: ReadonlySet<AuditAction> = new Set<AuditAction>([
  "account.unlink",
  "admin.reset-two-factor",
  "api-key.create", "api-key.revoke", "api-key.update",
  "invitation.accept", "invitation.cancel", "invitation.create", "invitation.reject",
  "oauth-client.create", "oauth-client.delete", "oauth-client.rotate-secret", "oauth-client.update",
  "oauth-device.approve", "oauth-device.deny", "oauth-grant.allow", "oauth-grant.deny", "oauth-grant.revoke",
  "organization.create", "organization.delete", "organization.leave", "organization.member-remove",
  "organization.member-role-change", "organization.update",
  "scim.group-provision", "scim.group-remove", "scim.group-update", "scim.token-create", "scim.token-revoke",
  "scim.user-deactivate", "scim.user-provision", "scim.user-reactivate", "scim.user-remove", "scim.user-update",
  "server.setting-change", "server.setting-reset",
  "session.revoke", "session.revoke-all", "session.revoke-others",
  "sso-provider.create", "sso-provider.delete", "sso-provider.domain-verify", "sso-provider.update",
  "team.create", "team.member-add", "team.member-remove", "team.remove", "team.update",
  "user.ban", "user.create", "user.delete", "user.email-change", "user.email-verify",
  // Cleared on the sign-in path in one transaction with its event (core/session/service.ts).
  "user.ban-expired",
  "user.desktop-hand-off",
  // Each imported user is its own change (features/admin/routes.ts): a bulk import is not all or nothing.
  "user.import",
  "user.impersonate-start", "user.impersonate-stop", "user.passkey-add", "user.passkey-delete",
  "user.password-change", "user.password-reset", "user.password-set", "user.remove", "user.role-change",
  // A successful sign-in: in its session's transaction (core/session/service.ts). A refused one
  // (success: false) changed nothing but the lockout's count and is recorded after the fact.
  "user.sign-in",
  // POST /sign-out and the OpenID provider's end-session page.
  "user.sign-out",
  // The TOTP route's first code and a spent backup code: the write and its event in one small
  // transaction of their own (features/two-factor/service.ts), not the request as a change: a
  // wrong code's count must commit although the request fails.
  "user.two-factor-enable", "user.two-factor-backup-code",
  "user.two-factor-backup-codes", "user.two-factor-disable", "user.unban", "user.unlock", "user.update",
  "webhook.create", "webhook.delete", "webhook.rotate-secret", "webhook.update",
]);

/** Not yet written in their change's transaction: a change, but some path still records after the commit. */
const NOT_YET = "a change, not yet written in its transaction (issue 38 follow-up): ";

export const AFTER_THE_FACT: Readonly<Partial<Record<AuditAction, string>>> = {
  // Records of no change.
  "oauth-token.failed": "a refused token request: nothing changed",
  "user.two-factor-failed": "a wrong second-factor code: nothing changed but the attempt count",
  "user.desktop-hand-off-failed": "a refused desktop hand-off: nothing changed",
  "user.export": "a read (the users export): nothing changed",
  "server.clock-advance": "the development clock moves in memory only: no database change to commit with",
  "server.import-better-auth": "written by the offline import command, which flushes its recorder before it exits (no server, no webhook sender running)",
  "server.demo-snapshot": "the demo snapshot is a file written outside the database",
  // Changes still recorded after the fact.
  "oauth-token.reuse": NOT_YET + "the grant family's revocation commits in the token endpoint's own transaction",
  "user.lock": "the lock is claimed before the password check and committed at once (core/lockout/service.ts: counting first closes a parallel burst's race), then given back when the password is right; the event exists only once the check failed, after that commit. In the claim's transaction it would record locks a right password undoes; in the failing request's change it would roll back with the request",
  "user.sign-up": NOT_YET + "email, magic link, email OTP and passkey sign-ups are converted; social, one-tap and SSO callbacks still create the user before the request's change (the IdP round trips must stay outside a SQLite transaction)",
  "account.link": NOT_YET + "social and SSO callbacks link inside the provider flow (as user.sign-up)",
  "organization.member-add": NOT_YET + "the organization routes and invitations are converted; SSO's automatic membership is not (as user.sign-up)",
  "server.demo-seed": NOT_YET + "demo seeding writes thousands of rows and hashes passwords between them: as one change it would hold SQLite's one connection for seconds (features/demo); a local-only action on a --dev or desktop server",
};

/**
 * A request recorded an IN_CHANGE action outside ctx.change: the event still goes to the log (the
 * change has committed), but is logged as the bug it is, and under the test runner the request
 * fails, so the feature's own tests catch a call site that forgot its change.
 */
export function recordedOutsideChange(app: AppContext, event: AuditEvent): void {
  app.log.error({ action: event.action }, "audit event of a change recorded outside its transaction (audit/durability.ts)");
  if (process.env.VITEST) throw new Error(`${event.action} is recorded in its change's transaction (audit/durability.ts): call ctx.audit inside ctx.change`);
}
