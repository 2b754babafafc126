/**
 * Migration names that changed after a release, old → new. Databases record the names of the
 * migrations they ran; before Kysely compares those with the list, renameRecordedMigrations
 * rewrites old names to new ones, so a database made by an earlier release keeps starting.
 *
 * 0.1.0 (commit aacdbce) had no 0009 and numbered the later migrations 0010–0016; they became
 * 0009–0015 so that names are contiguous. Their order did not change, only their numbers.
 */
export const renamedMigrations: Readonly<Record<string, string>> = {
  "0010-two-factor-passkey": "0009-two-factor-passkey",
  "0011-api-keys-jwks": "0010-api-keys-jwks",
  "0012-session-impersonator": "0011-session-impersonator",
  "0013-one-time-secrets": "0012-one-time-secrets",
  "0014-outbox-sealed": "0013-outbox-sealed",
  "0015-organization-slug-lowercase": "0014-organization-slug-lowercase",
  "0016-key-check": "0015-key-check",
};
