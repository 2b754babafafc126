/**
 * Every action the audit log records, as one list: the server's recorder accepts only these (an
 * unknown or misspelt action is a compile error, server/audit/recorder.ts), the console offers and
 * labels them (i18n/<language>/audit.json, `actions.<group>.<name>`), and a test checks that
 * every one has a label in every language (tests/renderer/audit-labels.test.ts).
 */
export const AUDIT_ACTIONS = [
  "account.link", "account.unlink",
  "admin.reset-two-factor",
  "api-key.create", "api-key.revoke", "api-key.update",
  "invitation.accept", "invitation.cancel", "invitation.create", "invitation.reject",
  "oauth-client.create", "oauth-client.delete", "oauth-client.rotate-secret", "oauth-client.update",
  "oauth-device.approve", "oauth-device.deny",
  "oauth-grant.allow", "oauth-grant.deny", "oauth-grant.revoke", "oauth-token.failed", "oauth-token.reuse",
  "organization.create", "organization.delete", "organization.leave", "organization.member-add",
  "organization.member-remove", "organization.member-role-change", "organization.update",
  "scim.group-provision", "scim.group-remove", "scim.group-update", "scim.token-create", "scim.token-revoke",
  "scim.user-deactivate", "scim.user-provision", "scim.user-reactivate", "scim.user-remove", "scim.user-update",
  "server.clock-advance", "server.demo-seed", "server.demo-snapshot", "server.import-better-auth", "server.setting-change", "server.setting-reset",
  "session.revoke", "session.revoke-all", "session.revoke-others",
  "sso-provider.create", "sso-provider.delete", "sso-provider.domain-verify", "sso-provider.update",
  "team.create", "team.member-add", "team.member-remove", "team.remove", "team.update",
  "user.ban", "user.ban-expired", "user.create", "user.delete", "user.desktop-hand-off",
  "user.desktop-hand-off-failed", "user.email-change",
  "user.email-verify", "user.export", "user.impersonate-start", "user.impersonate-stop",
  "user.import", "user.lock", "user.passkey-add", "user.passkey-delete", "user.password-change",
  "user.password-reset", "user.password-set", "user.remove", "user.role-change", "user.sign-in",
  "user.sign-out", "user.sign-up", "user.two-factor-backup-code", "user.two-factor-backup-codes",
  "user.two-factor-disable", "user.two-factor-enable", "user.two-factor-failed", "user.unban",
  "user.unlock", "user.update",
  "webhook.create", "webhook.delete", "webhook.rotate-secret", "webhook.update",
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];
