/**
 * The reasons the server itself writes into the audit log, stored as these words so the log reads
 * the same as before. Clients word them in their language by key (the CLI: `auditReasons` in
 * i18n/<language>/cli.json). Any other reason — what an administrator typed when banning,
 * a ban reason from the settings — is shown as written.
 */
export const AUDIT_REASONS = {
  wrongEmailOrPassword: "invalid email or password",
  wrongUsernameOrPassword: "invalid username or password",
  wrongCode: "invalid code",
  wrongBackupCode: "invalid backup code",
  codeAlreadyUsed: "code already used",
  tooManyFailedSignIns: "too many failed sign-ins",
  createAdmin: "create-admin",
  /** admin.defaultBanReason's default: a ban with no reason given. */
  noReason: "No reason",
} as const;

export type AuditReasonKey = keyof typeof AUDIT_REASONS;

/** The key of a reason the server wrote, or undefined for free text. */
export function auditReasonKey(reason: string): AuditReasonKey | undefined {
  return (Object.keys(AUDIT_REASONS) as AuditReasonKey[]).find((key) => AUDIT_REASONS[key] === reason);
}
