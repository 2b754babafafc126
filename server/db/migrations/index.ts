/** Every migration, in order. Names are stable: they are recorded in the database. */
import type { Migration } from "kysely";
import * as core from "./0001-core.js";
import * as organization from "./0002-organization.js";
import * as audit from "./0003-audit.js";
import * as memberPaging from "./0004-member-paging.js";
import * as lastSignIn from "./0005-last-sign-in.js";
import * as userLanguage from "./0006-user-language.js";
import * as userAdditionalFields from "./0008-user-additional-fields.js";
import * as apiKeysJwks from "./0011-api-keys-jwks.js";
import * as signInLockout from "./0007-sign-in-lockout.js";
import * as twoFactorPasskey from "./0010-two-factor-passkey.js";
import * as sessionImpersonator from "./0012-session-impersonator.js";
import * as oneTimeSecrets from "./0013-one-time-secrets.js";
import * as outboxSealed from "./0014-outbox-sealed.js";
import * as organizationSlugLowercase from "./0015-organization-slug-lowercase.js";
import * as keyCheck from "./0016-key-check.js";

export const migrations: Record<string, Migration> = {
  "0001-core": core,
  "0002-organization": organization,
  "0003-audit": audit,
  "0004-member-paging": memberPaging,
  "0005-last-sign-in": lastSignIn,
  "0006-user-language": userLanguage,
  "0008-user-additional-fields": userAdditionalFields,
  "0011-api-keys-jwks": apiKeysJwks,
  "0007-sign-in-lockout": signInLockout,
  "0010-two-factor-passkey": twoFactorPasskey,
  "0012-session-impersonator": sessionImpersonator,
  "0013-one-time-secrets": oneTimeSecrets,
  "0014-outbox-sealed": outboxSealed,
  "0015-organization-slug-lowercase": organizationSlugLowercase,
  "0016-key-check": keyCheck,
};
