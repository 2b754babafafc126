/**
 * Every migration, in order. Kysely applies them sorted by name and refuses a database whose
 * recorded names are not a prefix of that order, so names are `NNNN-topic` with NNNN contiguous
 * from 0001 and this object lists them in that same order (tests/server/core/migration-order.test.ts).
 * A name, once released, is recorded in databases: renaming one needs an entry in renamed.ts.
 */
import type { Migration } from "kysely";
import * as core from "./0001-core.js";
import * as organization from "./0002-organization.js";
import * as audit from "./0003-audit.js";
import * as memberPaging from "./0004-member-paging.js";
import * as lastSignIn from "./0005-last-sign-in.js";
import * as userLanguage from "./0006-user-language.js";
import * as signInLockout from "./0007-sign-in-lockout.js";
import * as userAdditionalFields from "./0008-user-additional-fields.js";
import * as twoFactorPasskey from "./0009-two-factor-passkey.js";
import * as apiKeysJwks from "./0010-api-keys-jwks.js";
import * as sessionImpersonator from "./0011-session-impersonator.js";
import * as oneTimeSecrets from "./0012-one-time-secrets.js";
import * as outboxSealed from "./0013-outbox-sealed.js";
import * as organizationSlugLowercase from "./0014-organization-slug-lowercase.js";
import * as keyCheck from "./0015-key-check.js";
import * as oauthProvider from "./0016-oauth-provider.js";
import * as sessionChangeNotices from "./0017-session-change-notices.js";
import * as credentialEpoch from "./0018-credential-epoch.js";
import * as runtimeSettings from "./0019-runtime-settings.js";
import * as webhook from "./0020-webhook.js";
import * as scim from "./0021-scim.js";
import * as ssoProvider from "./0022-sso-provider.js";
import * as auditFanOut from "./0023-audit-fan-out.js";
import * as webhookPublicOnly from "./0024-webhook-public-only.js";
import * as auditChain from "./0025-audit-chain.js";

export const migrations: Record<string, Migration> = {
  "0001-core": core,
  "0002-organization": organization,
  "0003-audit": audit,
  "0004-member-paging": memberPaging,
  "0005-last-sign-in": lastSignIn,
  "0006-user-language": userLanguage,
  "0007-sign-in-lockout": signInLockout,
  "0008-user-additional-fields": userAdditionalFields,
  "0009-two-factor-passkey": twoFactorPasskey,
  "0010-api-keys-jwks": apiKeysJwks,
  "0011-session-impersonator": sessionImpersonator,
  "0012-one-time-secrets": oneTimeSecrets,
  "0013-outbox-sealed": outboxSealed,
  "0014-organization-slug-lowercase": organizationSlugLowercase,
  "0015-key-check": keyCheck,
  "0016-oauth-provider": oauthProvider,
  "0017-session-change-notices": sessionChangeNotices,
  "0018-credential-epoch": credentialEpoch,
  "0019-runtime-settings": runtimeSettings,
  "0020-webhook": webhook,
  "0021-scim": scim,
  "0022-sso-provider": ssoProvider,
  "0023-audit-fan-out": auditFanOut,
  "0024-webhook-public-only": webhookPublicOnly,
  "0025-audit-chain": auditChain,
};
