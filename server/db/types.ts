/**
 * Table types. Names follow the spec's entities and fields exactly. Time is stored as integer
 * milliseconds since the epoch and booleans as 0/1 integers, which both SQLite and PostgreSQL
 * (bigint / integer) hold without dialect-specific SQL; stores convert rows to wire shapes.
 */
import type { Generated, Insertable, Selectable, Updateable } from "kysely";

export type Millis = number;
export type Flag = number; // 0 | 1

export interface UserTable {
  id: string;
  email: string;
  name: string;
  image: string | null;
  emailVerified: Flag;
  createdAt: Millis;
  updatedAt: Millis;
  role: string;
  banned: Flag;
  banReason: string | null;
  banExpires: Millis | null;
  username: string | null;
  displayUsername: string | null;
  /** Set when a sign-in creates a session (never by impersonation); administrators see it. */
  lastSignInAt: Millis | null;
  /** "email", "username", "email-verification" (auto sign-in after verifying); later "social:<provider>", "passkey". */
  lastSignInMethod: string | null;
  /** Preferred language, a tag from shared/languages.ts; null: Accept-Language, then the default decides. */
  language: string | null;
  /** Failed password sign-ins since the last success (server/features/lockout); administrators see it. */
  failedSignInCount: Generated<number>;
  lastFailedSignInAt: Millis | null;
  /** Sign-in refused until then (lockout); null or past: not locked. */
  lockedUntil: Millis | null;
  /** A second factor is required at sign-in (migration 0009, server/features/two-factor). */
  twoFactorEnabled: Generated<Flag>;
  /** Values of the configured user.additionalFields as a JSON object (server/core/user/additional-fields.ts). */
  additionalFields: Generated<string | null>;
  /**
   * Moves with every change that must end sign-ins (ban, password change/reset/set, revoke-all,
   * demotion); a session is issued only under the epoch its sign-in read (core/session/epoch.ts).
   */
  credentialEpoch: Generated<number>;
  /** The organization's directory turned the person off (SCIM `active: false`, migration 0021): no session, no sign-in. */
  deactivated: Generated<Flag>;
}

export interface SessionTable {
  id: string;
  /** SHA-256 of the bearer secret (base64url); the secret itself is never stored. */
  token: string;
  userId: string;
  expiresAt: Millis;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: Millis;
  updatedAt: Millis;
  activeOrganizationId: string | null;
  activeTeamId: string | null;
  impersonatedBy: string | null;
}

export interface AccountTable {
  id: string;
  providerId: string;
  accountId: string;
  userId: string;
  password: string | null;
  accessToken: string | null;
  refreshToken: string | null;
  idToken: string | null;
  accessTokenExpiresAt: Millis | null;
  refreshTokenExpiresAt: Millis | null;
  scope: string | null;
  createdAt: Millis;
  updatedAt: Millis;
}

export interface VerificationTable {
  id: string;
  /** `<purpose>:<sha256 of the secret>`, unique: lookups never need the raw secret (server/core/one-time.ts). */
  identifier: string;
  /** What the secret stands for, as JSON. */
  value: string;
  /** Whose secret this is (migration 0012); deleted with the user. */
  userId: string | null;
  expiresAt: Millis;
  nonce: string | null;
  createdAt: Millis;
  updatedAt: Millis;
}

export interface OrganizationTable {
  id: string;
  name: string;
  slug: string;
  logo: string | null;
  /** JSON text of a record. */
  metadata: string | null;
  createdAt: Millis;
  updatedAt: Millis | null;
}

export interface MemberTable {
  id: string;
  organizationId: string;
  userId: string;
  role: string;
  teamId: string | null;
  createdAt: Millis;
}

export interface InvitationTable {
  id: string;
  organizationId: string;
  email: string;
  role: string;
  status: string;
  teamId: string | null;
  inviterId: string;
  expiresAt: Millis;
  createdAt: Millis;
}

export interface TeamTable {
  id: string;
  name: string;
  organizationId: string;
  createdAt: Millis;
  updatedAt: Millis | null;
}

export interface TeamMemberTable {
  id: string;
  teamId: string;
  userId: string;
  createdAt: Millis;
}

/** Mail kept in the database when no SMTP server is configured (offline demos, QA). */
/** Mail kept without SMTP (migration 0013): the content is sealed, see mail/outbox.ts. */
export interface OutboxTable {
  id: string;
  kind: string;
  to: string;
  /** Subject, text, HTML, link and token as one JSON object sealed under the `outbox` key. */
  sealed: string;
  /** When the mail's link or code stops working; the sweep deletes the row then. */
  expiresAt: Millis;
  createdAt: Millis;
}

export interface AuditEventTable {
  /** Monotonic within a database: the cursor for newest-first paging. */
  seq: Generated<number>;
  id: string;
  action: string;
  actorId: string | null;
  targetId: string | null;
  targetType: string | null;
  organizationId: string | null;
  reason: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  /** JSON text with action-specific detail (never secrets). */
  metadata: string | null;
  success: Flag;
  createdAt: Millis;
  /** 0 while its webhook deliveries are still to be queued from it (written in a change's transaction, migration 0023). */
  fannedOut: Generated<Flag>;
  /** Position in this database's audit chain; null until the sealing sweep reaches it (migration 0025). */
  chainIndex: number | null;
  /** SHA-256 hex of the previous row's chainHash and this row's canonical JSON (server/audit/chain.ts). */
  chainHash: string | null;
}

/** One row (`id` = "chain"): the audit chain's head and its retention checkpoint (migration 0025). */
export interface AuditChainTable {
  id: string;
  headIndex: number;
  headHash: string;
  /** The last pruned row's chainIndex, seq and chainHash; 0 / "" before anything was pruned. */
  checkpointIndex: number;
  checkpointSeq: number;
  checkpointHash: string;
}

/** API keys (better-auth's api-key plugin); `key` is the base64url SHA-256 of the key. */
export interface ApikeyTable {
  id: string;
  configId: string;
  name: string | null;
  start: string | null;
  prefix: string | null;
  key: string;
  /** The owning user's id. */
  referenceId: string;
  refillInterval: Millis | null;
  refillAmount: number | null;
  lastRefillAt: Millis | null;
  enabled: Flag;
  rateLimitEnabled: Flag;
  rateLimitTimeWindow: Millis | null;
  rateLimitMax: number | null;
  requestCount: number;
  remaining: number | null;
  lastRequest: Millis | null;
  expiresAt: Millis | null;
  createdAt: Millis;
  updatedAt: Millis;
  /** JSON: { resource: [actions] } or null (the user's own rights). */
  permissions: string | null;
  metadata: string | null;
}

/** JWT signing keys; `privateKey` is sealed (AES-256-GCM) under a key derived from the server secret. */
export interface JwksTable {
  id: string;
  publicKey: string;
  privateKey: string;
  alg: string;
  crv: string | null;
  createdAt: Millis;
  expiresAt: Millis | null;
}

/** TOTP seed (sealed, crypto/encrypt) and backup codes (keyed hashes) of a user (migration 0009). */
export interface TwoFactorTable {
  id: string;
  userId: string;
  secret: string;
  /** JSON array of keyed hashes; a used code is removed. */
  backupCodes: string;
  /** 0 until the first code is verified after enable. */
  verified: Flag;
  /** The last accepted TOTP time step: a code of that step or earlier is refused (no replay). */
  lastUsedStep: number | null;
  createdAt: Millis;
  updatedAt: Millis;
}

/** WebAuthn credentials (better-auth's passkey plugin fields; migration 0009). */
export interface PasskeyTable {
  id: string;
  name: string | null;
  /** base64 of the COSE public key. */
  publicKey: string;
  userId: string;
  credentialID: string;
  counter: number;
  deviceType: string;
  backedUp: Flag;
  transports: string | null;
  aaguid: string | null;
  createdAt: Millis;
}

export interface Database {
  user: UserTable;
  twoFactor: TwoFactorTable;
  passkey: PasskeyTable;
  session: SessionTable;
  account: AccountTable;
  verification: VerificationTable;
  organization: OrganizationTable;
  member: MemberTable;
  invitation: InvitationTable;
  team: TeamTable;
  teamMember: TeamMemberTable;
  outbox: OutboxTable;
  auditEvent: AuditEventTable;
  auditChain: AuditChainTable;
  apikey: ApikeyTable;
  jwks: JwksTable;
  signInLockout: SignInLockoutTable;
  keyCheck: KeyCheckTable;
  runtimeSetting: RuntimeSettingTable;
  oauthClient: OAuthClientTable;
  oauthConsent: OAuthConsentTable;
  oauthToken: OAuthTokenTable;
  webhookEndpoint: WebhookEndpointTable;
  webhookDelivery: WebhookDeliveryTable;
  webhookAttempt: WebhookAttemptTable;
  ssoProvider: SsoProviderTable;
  scimConnection: ScimConnectionTable;
  scimToken: ScimTokenTable;
  scimUser: ScimUserTable;
  scimGroup: ScimGroupTable;
}

/** SCIM provisioning (migration 0021, features/scim): a directory bound to one organization. */
export interface ScimConnectionTable {
  id: string;
  organizationId: string;
  name: string;
  configured: Flag;
  createdAt: Millis;
  createdBy: string | null;
  lastActivityAt: Millis | null;
}

/** A connection's bearer token, as a SHA-256 digest; `start` recognises it in a list. */
export interface ScimTokenTable {
  id: string;
  connectionId: string;
  digest: string;
  start: string;
  createdAt: Millis;
  createdBy: string | null;
  lastUsedAt: Millis | null;
}

/** A user a connection provisioned; `id` is the user's id (and the SCIM resource id). */
export interface ScimUserTable {
  id: string;
  connectionId: string;
  userNameKey: string;
  externalId: string | null;
  /** JSON of the SCIM attributes the directory sent. */
  resource: string;
  createdAt: Millis;
  updatedAt: Millis;
}

/** A team a connection's Group became; `id` is the team's id. */
export interface ScimGroupTable {
  id: string;
  connectionId: string;
  externalId: string | null;
  createdAt: Millis;
  updatedAt: Millis;
}

/** Webhooks (migration 0020, server/webhook). */
export interface WebhookEndpointTable {
  id: string;
  url: string;
  description: string | null;
  events: string;
  secretSealed: string;
  previousSecretSealed: string | null;
  previousUntil: Millis | null;
  disabled: Flag;
  failedInARow: number;
  createdBy: string | null;
  createdAt: Millis;
  updatedAt: Millis;
  /** 1 when an API key registered or re-pointed it: every try goes to public addresses only, checked as it connects (migration 0024). */
  publicOnly: Generated<Flag>;
}
export type WebhookEndpointRow = Selectable<WebhookEndpointTable>;

export interface WebhookDeliveryTable {
  id: string;
  endpointId: string;
  eventType: string;
  auditEventId: string | null;
  payload: string;
  status: "pending" | "delivered" | "failed";
  attempts: number;
  nextAttemptAt: Millis;
  leaseUntil: Millis | null;
  leasedBy: string | null;
  createdAt: Millis;
  updatedAt: Millis;
}
export type WebhookDeliveryRow = Selectable<WebhookDeliveryTable>;

export interface WebhookAttemptTable {
  id: string;
  deliveryId: string;
  at: Millis;
  httpStatus: number | null;
  durationMs: number;
  error: string | null;
  response: string | null;
}
export type WebhookAttemptRow = Selectable<WebhookAttemptTable>;

/** A setting changed at run time (migration 0019, features/settings): its value as JSON. */
export interface RuntimeSettingTable {
  key: string;
  value: string;
  updatedAt: Millis;
  updatedBy: string | null;
}

/** OpenID provider (migration 0016, features/oauth-provider). */
export interface OAuthClientTable {
  clientId: string;
  secretHash: string | null;
  userId: string | null;
  disabled: Flag;
  metadata: string;
  createdAt: Millis;
  updatedAt: Millis;
}
export interface OAuthConsentTable {
  id: string;
  clientId: string;
  userId: string;
  scopes: string;
  createdAt: Millis;
  updatedAt: Millis;
}
export interface OAuthTokenTable {
  id: string;
  tokenHash: string;
  kind: "access" | "refresh";
  familyId: string;
  clientId: string;
  userId: string | null;
  sessionId: string | null;
  scopes: string;
  signIn: string | null;
  expiresAt: Millis;
  usedAt: Millis | null;
  revokedAt: Millis | null;
  createdAt: Millis;
}
export type OAuthClientRow = Selectable<OAuthClientTable>;
export type OAuthConsentRow = Selectable<OAuthConsentTable>;
export type OAuthTokenRow = Selectable<OAuthTokenTable>;

/** Which secret sealed this database (migration 0015, server/key-check.ts): one row, id "current". */
export interface KeyCheckTable {
  id: string;
  /** HMAC of a fixed label under a key derived from the secret; never the secret. */
  value: string;
  updatedAt: Millis;
}

/** Lockout state of identifiers that match no account (migration 0007). */
export interface SignInLockoutTable {
  /** "email:<normalised email>" or "username:<normalised username>". */
  key: string;
  failedCount: number;
  lastFailedAt: Millis;
  lockedUntil: Millis | null;
}

export type UserRow = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;
export type UserUpdate = Updateable<UserTable>;
export type SessionRow = Selectable<SessionTable>;
export type AccountRow = Selectable<AccountTable>;
export type VerificationRow = Selectable<VerificationTable>;
export type OrganizationRow = Selectable<OrganizationTable>;
export type MemberRow = Selectable<MemberTable>;
export type InvitationRow = Selectable<InvitationTable>;
export type TeamRow = Selectable<TeamTable>;
export type TeamMemberRow = Selectable<TeamMemberTable>;
export type OutboxRow = Selectable<OutboxTable>;
export type AuditEventRow = Selectable<AuditEventTable>;
export type ApikeyRow = Selectable<ApikeyTable>;
export type JwksRow = Selectable<JwksTable>;
export type TwoFactorRow = Selectable<TwoFactorTable>;
export type PasskeyRow = Selectable<PasskeyTable>;

/** Enterprise SSO providers (migration 0022, features/sso): configs as JSON, the client secret sealed. */
export interface SsoProviderTable {
  id: string;
  providerId: string;
  issuer: string;
  domain: string;
  domainVerified: Flag;
  domainVerificationToken: string | null;
  domainVerificationExpiresAt: Millis | null;
  organizationId: string | null;
  userId: string | null;
  oidcConfig: string | null;
  samlConfig: string | null;
  clientSecret: string | null;
  createdAt: Millis;
  updatedAt: Millis;
}
export type SsoProviderRow = Selectable<SsoProviderTable>;
