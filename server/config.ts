/**
 * Every setting in one zod schema. Precedence: command-line flags > AUTH_* environment > config
 * file (JSON, --config or AUTH_CONFIG) > defaults. Durations are in seconds unless named *Ms.
 */
import { z } from "zod";
import { PROVIDER_ENV, socialProvidersFromEnv, socialSettingsShape } from "./features/social/config-schema.js";
import { LANGUAGE_TAGS } from "../shared/languages.js";
import { additionalFieldsSetting } from "./core/user/additional-fields-setting.js";
import { isLoopbackURL } from "./core/loopback.js";
import { trustProxyFromEnv, trustProxySetting, trustProxyWarnings } from "./http/trust-proxy.js";
import { AUDIT_REASONS } from "../shared/audit-reasons.js";
import { closest } from "../shared/closest.js";
import { FILE_ENV_VARIABLES, isFileVariable, resolveFileVariables } from "./env-files.js";

const rateRule = z.object({ window: z.number().int().positive(), max: z.number().int().positive() });

export const configSchema = z.object({
  production: z.boolean().default(false),
  host: z.string().default("127.0.0.1"),
  port: z.number().int().min(0).max(65535).default(3000),
  /** Public origin of the server; cookies are Secure when it is https. */
  baseURL: z.string().url().optional(),
  basePath: z.string().default("/api/auth"),
  db: z.string().default("./data/latchkey.db"),
  secret: z.string().min(32).optional(),
  /** Secrets used before `secret` (AUTH_PREVIOUS_SECRETS, comma separated): values they sealed or signed still open until `auth server rotate-secret`. */
  previousSecrets: z.array(z.string().min(32)).default([]),
  trustedOrigins: z.array(z.string()).default([]),
  /** Take the client IP from X-Forwarded-For: a hop count or proxy addresses/CIDRs (server/http/trust-proxy.ts). */
  trustProxy: trustProxySetting.default(false),
  appName: z.string().default("Latchkey"),
  /** Language for mail and pages when the user chose none and the request's Accept-Language names none we speak. */
  defaultLanguage: z.enum(LANGUAGE_TAGS).default("en"),
  logLevel: z.enum(["fatal", "error", "warn", "info", "debug", "silent"]).default("info"),
  /** AUTH_LOG_FORMAT: one-line logs for people ("pretty") or pino's JSON lines; "auto": pretty on a terminal. */
  logFormat: z.enum(["auto", "json", "pretty"]).default("auto"),
  bodyLimitBytes: z.number().int().positive().default(256 * 1024),

  rateLimit: z
    .object({
      enabled: z.boolean().default(true),
      window: z.number().int().positive().default(60),
      max: z.number().int().positive().default(300),
      /** Sign-in, sign-up and password endpoints. */
      strict: rateRule.default({ window: 60, max: 10 }),
      /**
       * The OpenID provider's token endpoint (/oauth2/token), per IP: stricter than the general
       * rule (it checks client secrets and spends codes), looser than sign-in's, because one app
       * server exchanges and refreshes for all its users from one address.
       */
      oauthToken: rateRule.default({ window: 60, max: 60 }),
      /**
       * SCIM provisioning (/scim/v2/*), per IP: a directory pushes a whole company from one address,
       * and every request carries a bearer token checked first (docs/scim.md).
       */
      scim: rateRule.default({ window: 60, max: 30_000 }),
      /** PostgreSQL store: how often each server adds its local counts to the shared ones (docs/scale-out.md). */
      syncMs: z.number().int().min(50).max(60_000).default(1000),
    })
    .prefault({}),

  /**
   * Sign-up throttles (http/signup-throttle.ts, docs/security.md "Sign-up throttles"): accounts
   * created and verification mails sent per client address, over hours rather than the strict
   * rule's minute, counted in the rate limiter's store (shared by every server on Redis or
   * PostgreSQL). An IPv6 client is also counted by its /64, which one host usually holds whole.
   * Off when rateLimit.enabled is false.
   */
  signUpThrottle: z
    .object({
      enabled: z.boolean().default(true),
      /** Sign-ups per client address (IPv4, or one IPv6 address). */
      perIp: rateRule.default({ window: 3_600, max: 20 }),
      /** Sign-ups per IPv6 /64 prefix, all its addresses together. */
      perIpv6Prefix64: rateRule.default({ window: 3_600, max: 60 }),
      /** Verification mails (send-verification-email, email-verification codes) per address; IPv6 by /64. */
      verificationMail: rateRule.default({ window: 3_600, max: 20 }),
    })
    .prefault({}),

  /** Keep rate-limit counters in Redis (redis://…), else PostgreSQL when `db` is one, else memory; on PostgreSQL also the channel of session change notices (db/redis-change-channel.ts). */
  redisUrl: z.string().optional(),

  /** Per-account brute-force protection (docs/lockout.md); off when rateLimit.enabled is false. */
  lockout: z
    .object({
      enabled: z.boolean().default(true),
      /** Failures answered at full speed before each further failure costs a wait. */
      freeAttempts: z.number().int().min(1).default(5),
      /** First wait after freeAttempts, in seconds; doubles with each failure until maxAttempts. */
      slowDelay: z.number().int().min(1).default(1),
      /** Failures that lock the account for lockDuration (Auth0 blocks after 10). */
      maxAttempts: z.number().int().min(2).default(10),
      lockDuration: z.number().int().positive().default(900),
      /** Each failure after a lock doubles the wait, up to this. */
      maxLockDuration: z.number().int().positive().default(86_400),
      /** The count starts over after this long without a failure (Keycloak's failure reset: 12 h). */
      resetAfter: z.number().int().positive().default(43_200),
    })
    .prefault({}),

  password: z
    .object({
      minLength: z.number().int().min(1).default(8),
      maxLength: z.number().int().max(4096).default(128),
      /** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. */
      memoryCost: z.number().int().min(1024).default(19456),
      timeCost: z.number().int().min(1).default(2),
      parallelism: z.number().int().min(1).default(1),
    })
    .prefault({}),

  /**
   * Refuse passwords found in breach corpora (k-anonymity ranges, docs/security.md): off unless
   * set, so nothing leaves the machine without the operator's say. `rangeUrl` is a range service
   * (`GET <rangeUrl><5 hex>`), `rangeDir` a folder of `<PREFIX>.txt` files (no network at all).
   */
  passwordBreach: z
    .object({
      rangeUrl: z.string().regex(/^https?:\/\/\S+$/, "an http(s) URL the 5-character prefix is appended to").optional(),
      rangeDir: z.string().min(1).optional(),
      /** A range service that fails or takes longer than timeoutMs: refuse the password (true) or allow it with a warning (false). */
      failClosed: z.boolean().default(false),
      timeoutMs: z.number().int().min(100).max(60_000).default(2_000),
      /** Ranges kept in memory (least recently used go first); 0: none. */
      cacheSize: z.number().int().min(0).max(1_000_000).default(1_000),
    })
    .optional(),

  /**
   * A bot check on the endpoints that create accounts, start sign-ins and send mail (features/captcha,
   * docs/security.md "Captcha"). Off unless set. `altcha` is a proof of work this server issues and
   * checks itself (nothing leaves the machine); the others are services verified through their
   * siteverify URL with `secretKey` (or AUTH_CAPTCHA_SECRET_KEY).
   */
  captcha: z
    .object({
      provider: z.enum(["altcha", "turnstile", "hcaptcha", "recaptcha"]),
      /** ALTCHA's difficulty: the secret number is drawn below this, so a solver tries half of it on average. */
      maxNumber: z.number().int().min(1_000).max(100_000_000).default(50_000),
      /** ALTCHA: seconds a challenge stays solvable (a solution is also single use). */
      expiresIn: z.number().int().min(10).max(3_600).default(300),
      /** A service's secret key (never sent to browsers). */
      secretKey: z.string().min(1).optional(),
      /** A service's site key, for the widget the sign-in pages render. */
      siteKey: z.string().min(1).optional(),
      /** A service's siteverify URL instead of its public one (a proxy, or a local stand-in in tests). */
      siteVerifyUrl: z.string().regex(/^https?:\/\/\S+$/, "an http(s) URL").optional(),
      /** A service that does not answer within this: 503 CAPTCHA_UNAVAILABLE. */
      timeoutMs: z.number().int().min(100).max(60_000).default(5_000),
      /** reCAPTCHA v3: the lowest score accepted (v2 answers carry no score and pass on success). */
      minScore: z.number().min(0).max(1).default(0.5),
    })
    .optional(),

  session: z
    .object({
      expiresIn: z.number().int().positive().default(7 * 24 * 3600),
      updateAge: z.number().int().nonnegative().default(24 * 3600),
      freshAge: z.number().int().nonnegative().default(24 * 3600),
      /** Session length when the user unticks "remember me". */
      shortExpiresIn: z.number().int().positive().default(24 * 3600),
      cookieCache: z
        .object({ enabled: z.boolean().default(false), maxAge: z.number().int().positive().default(60) })
        .prefault({}),
    })
    .prefault({}),

  /** The desktop app's browser sign-in hand-off, in @better-auth/electron's format (docs/desktop.md). */
  electron: z
    .object({
      /** The `client_id` the app sends with its hand-off parameters (better-auth's `clientID`). */
      clientId: z.string().min(1).max(128).default("electron"),
    })
    .prefault({}),

  /** Two-factor authentication and passkeys (docs/two-factor.md). */
  twoFactor: z
    .object({
      /** Shown in authenticator apps; defaults to appName. */
      issuer: z.string().min(1).max(128).optional(),
      /** Users with one of these roles must set up a second factor (or sign in with a passkey) before anything else. */
      requiredForRoles: z.array(z.string().min(1)).default([]),
      /** Seconds a trusted device skips the second step (the specification's 30 days). */
      trustDeviceMaxAge: z.number().int().positive().default(2_592_000),
      /**
       * Where a redirect sign-in (social callback, verification link) held at the second step sends
       * the browser: your front end's code page (it gets `twoFactorMethods` and `callbackURL`).
       * Default: the console's sign-in page.
       */
      secondStepURL: z.string().url().optional(),
    })
    .prefault({}),

  /** Passkeys beyond two-factor.md's: accounts made with a passkey and no password (docs/passwordless.md). */
  passkey: z
    .object({
      /** Anyone may create an account with a passkey alone (`generate-register-options?context=` with no session). */
      allowSignUp: z.boolean().default(true),
    })
    .prefault({}),

  emailAndPassword: z
    .object({
      enabled: z.boolean().default(true),
      autoSignIn: z.boolean().default(true),
      requireEmailVerification: z.boolean().default(false),
      resetPasswordTokenExpiresIn: z.number().int().positive().default(3600),
      revokeSessionsOnPasswordReset: z.boolean().default(true),
    })
    .prefault({}),

  emailVerification: z
    .object({
      sendOnSignUp: z.boolean().default(false),
      autoSignInAfterVerification: z.boolean().default(false),
      expiresIn: z.number().int().positive().default(3600),
    })
    .prefault({}),

  /** Sign-in by a mailed one-time link, better-auth's magic-link wire format (docs/passwordless.md). */
  magicLink: z
    .object({
      enabled: z.boolean().default(true),
      /** Seconds the mailed link works (single use). */
      expiresIn: z.number().int().positive().max(86_400).default(300),
      /** Unknown addresses get no account (the link answers error=new_user_signup_disabled). */
      disableSignUp: z.boolean().default(false),
    })
    .prefault({}),

  /** Mailed one-time codes for sign-in, verification and password reset, better-auth's email-otp wire format (docs/passwordless.md). */
  emailOTP: z
    .object({
      enabled: z.boolean().default(true),
      /** Seconds a mailed code works. */
      expiresIn: z.number().int().positive().max(86_400).default(300),
      disableSignUp: z.boolean().default(false),
      /** Wrong codes a mailed code survives; the next try answers 403 TOO_MANY_ATTEMPTS and the code is dead. */
      allowedAttempts: z.number().int().min(1).max(10).default(3),
    })
    .prefault({}),

  user: z
    .object({
      changeEmailEnabled: z.boolean().default(true),
      deleteUserEnabled: z.boolean().default(true),
      /** Mail a confirmation link instead of deleting at once. */
      deleteRequiresConfirmation: z.boolean().default(false),
      deleteTokenExpiresIn: z.number().int().positive().default(24 * 3600),
      /** better-auth's user.additionalFields: name → { type, required, defaultValue, input, returned }. */
      additionalFields: additionalFieldsSetting,
    })
    .prefault({}),

  username: z
    .object({
      minLength: z.number().int().min(1).default(3),
      maxLength: z.number().int().min(1).default(30),
      /** Source of a RegExp the whole username must match. */
      pattern: z.string().default("^[a-zA-Z0-9_]+$"),
    })
    .prefault({}),

  multiSession: z.object({ maximumSessions: z.number().int().min(1).default(5) }).prefault({}),

  organization: z
    .object({
      /** Maximum organizations one user may create; unset means no limit. */
      organizationLimit: z.number().int().positive().optional(),
      membershipLimit: z.number().int().positive().default(100),
      creatorRole: z.string().default("owner"),
      invitationExpiresIn: z.number().int().positive().default(172800),
      invitationLimit: z.number().int().positive().default(100),
      allowRemovingAllTeams: z.boolean().default(false),
      maximumTeams: z.number().int().positive().optional(),
      /**
       * Accepting, rejecting or listing one's invitations needs a verified email. On by default
       * (better-auth: off): otherwise whoever signs up first with an invitee's address, without
       * owning it, joins in their place (issue 19).
       */
      requireEmailVerificationOnInvitation: z.boolean().default(true),
      /**
       * Sending an invitation needs a verified email: a throwaway account cannot make the
       * server mail any address from the operator's domain (issue 27).
       */
      requireEmailVerificationToInvite: z.boolean().default(true),
      /** Refuse organization creation to ordinary users (create them from the CLI instead). */
      allowUserToCreateOrganization: z.boolean().default(true),
      /** Create a team named after a new organization, with its creator in it. */
      defaultTeam: z.boolean().default(true),
      maximumMembersPerTeam: z.number().int().positive().optional(),
      /** Refuse POST /organization/delete (404 ORGANIZATION_DELETION_DISABLED). */
      disableOrganizationDeletion: z.boolean().default(false),
      /** Custom roles: name → { resource: [actions] }. */
      roles: z.record(z.string(), z.record(z.string(), z.array(z.string()))).default({}),
    })
    .prefault({}),

  admin: z
    .object({
      defaultRole: z.string().default("user"),
      adminRoles: z.array(z.string()).default(["admin"]),
      adminUserIds: z.array(z.string()).default([]),
      impersonationSessionDuration: z.number().int().positive().default(3600),
      defaultBanReason: z.string().default(AUDIT_REASONS.noReason),
      roles: z.record(z.string(), z.record(z.string(), z.array(z.string()))).default({}),
    })
    .prefault({}),

  audit: z.object({ retentionDays: z.number().int().positive().default(90) }).prefault({}),

  /** Prometheus metrics at GET /metrics: off by default; when on, a bearer token or loopback only (docs/operations.md). */
  metrics: z.object({ enabled: z.boolean().default(false), token: z.string().min(16).optional() }).prefault({}),
  /** On SIGTERM/SIGINT, wait this long for requests in flight before cutting connections (seconds). */
  shutdownTimeout: z.number().nonnegative().default(10),
  /** SQLite's synchronous mode: "full" survives power loss, "normal" only process crashes (docs/operations.md). */
  sqliteSynchronous: z.enum(["full", "normal"]).default("full"),

  /** When the database misbehaves (docs/operations.md "When the database misbehaves", issue 44). */
  database: z
    .object({
      /** PostgreSQL: opening a connection, and waiting for a free pool slot; then 503 DATABASE_UNAVAILABLE. */
      connectTimeoutMs: z.number().int().min(100).max(600_000).default(5_000),
      /** PostgreSQL: one statement (statement_timeout; a connection silent 2 s longer is dropped); then 503. */
      queryTimeoutMs: z.number().int().min(100).max(3_600_000).default(10_000),
      /** SQLite: how long a statement waits, without blocking the server, for another process's write lock; then 503. */
      busyTimeoutMs: z.number().int().min(0).max(600_000).default(5_000),
    })
    .prefault({}),
  /** A request still unanswered after this long gets 503 SERVER_TIMEOUT (0: never). */
  requestTimeoutMs: z.number().int().min(0).max(3_600_000).default(30_000),
  /** Requests handled at once before new ones are refused with 503 SERVER_BUSY (0: no limit); /ok, /ready and /metrics are never refused. */
  maxInFlight: z.number().int().min(0).max(1_000_000).default(1_000),
  /** Password hashes allowed to wait for a hashing worker; one more (sign-in, sign-up, password change) gets 503 SERVER_BUSY at once (0: no limit). */
  maxHashQueue: z.number().int().min(0).max(100_000).default(64),
  /** GET /ok answers 503 NOT_LIVE once readiness has failed for this many seconds in a row, so an orchestrator restarts a wedged server (0: never). */
  livenessTimeout: z.number().int().min(0).max(86_400).default(120),

  /** API keys for scripts (docs/api-key.md); limits as better-auth's api-key plugin, lengths in characters. */
  apiKey: z
    .object({
      defaultPrefix: z.string().regex(/^[a-zA-Z0-9_-]*$/).default(""),
      /** Random characters after the prefix (A-Z, a-z: ≈ 365 bits at 64). */
      defaultKeyLength: z.number().int().min(32).max(256).default(64),
      /** Characters of the key kept in clear (`start`) to recognise it. */
      startLength: z.number().int().min(0).max(16).default(6),
      minimumNameLength: z.number().int().min(0).default(1),
      maximumNameLength: z.number().int().min(1).default(32),
      minimumPrefixLength: z.number().int().min(0).default(1),
      maximumPrefixLength: z.number().int().min(1).default(32),
      /** Bounds on `expiresIn`, in days (better-auth's units). */
      minExpiresInDays: z.number().min(0).default(1),
      maxExpiresInDays: z.number().positive().default(365),
      /** Seconds; applied when a create names no expiry. Unset: keys do not expire. */
      defaultExpiresIn: z.number().int().positive().optional(),
      enableMetadata: z.boolean().default(true),
    })
    .prefault({}),

  /** JWTs for other services (docs/api-key.md). Off unless enabled: get-session then also signs one. */
  jwt: z
    .object({
      enabled: z.boolean().default(false),
      /** EdDSA (Ed25519) as better-auth's jwt plugin; HS256 signs with `secret` and publishes no key. */
      algorithm: z.enum(["EdDSA", "ES256", "RS256", "PS256", "HS256"]).default("EdDSA"),
      /** Token lifetime in seconds (better-auth: 15 minutes). */
      expiresIn: z.number().int().positive().default(900),
      /** Defaults to the base URL (origin). */
      issuer: z.string().optional(),
      audience: z.string().optional(),
      /** Shared secret for HS256 (at least 32 characters); required with that algorithm. */
      secret: z.string().min(32).optional(),
      /** Seconds before a new signing key replaces the current one. */
      rotationInterval: z.number().int().positive().default(30 * 24 * 3600),
      /** Seconds a replaced key stays in /jwks so tokens it signed still verify. */
      gracePeriod: z.number().int().nonnegative().default(30 * 24 * 3600),
      /** Send `set-auth-jwt` on get-session (better-auth does, unless disableSettingJwtHeader). */
      setAuthJwtHeader: z.boolean().default(true),
    })
    .prefault({}),

  /** Enterprise single sign-on per organization (features/sso, docs/sso.md): @better-auth/sso's wire format. */
  sso: z
    .object({
      /** Off: every /sso/* route and /sign-in/sso answer 404 SSO_DISABLED. */
      enabled: z.boolean().default(false),
      domainVerification: z
        .object({
          /**
           * On: a provider routes sign-ins by email domain, and links to existing accounts, only once
           * its domain is verified (DNS TXT record, or an administrator's `auth org sso verify-domain`).
           */
          enabled: z.boolean().default(true),
          /** The TXT record is `_<tokenPrefix>-<providerId>.<domain>`; better-auth's prefix by default, so its records keep working. */
          tokenPrefix: z.string().regex(/^[a-z0-9-]{1,40}$/).default("better-auth-token"),
          /** DNS servers asked for the TXT record, e.g. ["10.0.0.53", "127.0.0.1:5353"]; empty: the system's. */
          dnsServers: z.array(z.string().min(1)).default([]),
        })
        .prefault({}),
      /** Providers one organization may have. */
      providersLimit: z.number().int().min(0).default(10),
      /** The member role a first SSO sign-in gives, unless the provider's role mapping says otherwise. */
      defaultRole: z.string().default("member"),
      saml: z
        .object({
          /** How far the IdP's clock may be off when checking an assertion's NotBefore / NotOnOrAfter (seconds). */
          clockSkewSeconds: z.number().int().min(0).max(300).default(60),
          /** How long a sign-in started at /sign-in/sso may take at the IdP before its AuthnRequest is forgotten (seconds). */
          requestLifetimeSeconds: z.number().int().min(60).max(3600).default(600),
        })
        .prefault({}),
    })
    .prefault({}),

  /** Latchkey as an OpenID Connect provider for other apps (features/oauth-provider, docs/oidc-provider.md). */
  oauthProvider: z
    .object({
      /** Off: every /oauth2/* and discovery endpoint answers 404 OAUTH_PROVIDER_DISABLED. */
      enabled: z.boolean().default(false),
      /** Dynamic client registration (RFC 7591) at /oauth2/register; administrators create clients otherwise. */
      allowDynamicClientRegistration: z.boolean().default(false),
      /** Seconds. */
      accessTokenExpiresIn: z.number().int().positive().default(3600),
      idTokenExpiresIn: z.number().int().positive().default(3600),
      refreshTokenExpiresIn: z.number().int().positive().default(30 * 24 * 3600),
      codeExpiresIn: z.number().int().positive().max(600).default(600),
      /**
       * The only scopes a self-registered client (POST /oauth2/register) may be given; it never gets
       * client_credentials. Anyone may register when registration is on, so an API scope here is
       * a scope anyone can hold.
       */
      dynamicRegistrationScopes: z.array(z.string().regex(/^[\x21\x23-\x5b\x5d-\x7e]+$/)).default(["openid", "profile", "email", "offline_access"]),
      /**
       * Resource indicators (RFC 8707) an app may name in `resource`: absolute URLs of the APIs that
       * accept Latchkey's access tokens. A token's `aud` is the named resource, else `defaultAudience`.
       */
      resources: z.array(z.url()).default([]),
      /** The `aud` of an access token whose request named no resource (default: the issuer, i.e. userinfo). */
      defaultAudience: z.string().min(1).optional(),
    })
    .prefault({}),


  /**
   * SCIM 2.0 provisioning at {basePath}/scim/v2 (features/scim, docs/scim.md), in better-auth 1.7's
   * option shape. On when `enabled` or any connection is configured. A connection's
   * `provisioningDomainId` (default: its id) names the organization it provisions, by id or slug.
   */
  scim: z
    .object({
      enabled: z.boolean().default(false),
      connections: z
        .array(
          z.object({
            id: z.string().min(1).max(255),
            provisioningDomainId: z.string().min(1).max(255).optional(),
            credentials: z
              .array(
                z.object({
                  type: z.literal("bearer"),
                  id: z.string().min(1).max(255),
                  // Operators paste these; a short one could be guessed.
                  token: z.string().min(32).max(1024),
                  scopes: z.array(z.enum(["scim.users.read", "scim.users.write", "scim.groups.read", "scim.groups.write"])).optional(),
                  expiresAt: z.coerce.date().optional(),
                }),
              )
              .default([]),
          }),
        )
        .default([]),
    })
    .prefault({}),

  /** Social sign-in: socialProviders, genericOAuth, accountLinking, oneTap (server/features/social). */
  ...socialSettingsShape,

  mail: z
    .object({
      /** smtp://user:pass@host:port or smtps://…; unset means mail goes to the outbox table. */
      smtpUrl: z.string().optional(),
      from: z.string().default("Latchkey <no-reply@latchkey.local>"),
    })
    .prefault({}),
});

export type Config = z.infer<typeof configSchema>;
export type ConfigInput = z.input<typeof configSchema>;

/**
 * Parse settings, filling defaults. Throws a readable error listing every bad setting, including
 * keys the schema does not know (a misspelled key would otherwise be ignored silently), each with
 * the closest known key.
 */
export function resolveConfig(input: ConfigInput = {}): Config {
  const unknown = unknownSettings(input);
  const parsed = configSchema.safeParse(input);
  if (unknown.length || !parsed.success) {
    const lines = [
      ...unknown.map((problem) => `  ${problem.path}: unknown setting${problem.suggestion ? `; did you mean ${problem.suggestion}?` : ""}`),
      ...(parsed.success ? [] : parsed.error.issues.filter((issue) => issue.code !== "unrecognized_keys").map((issue) => `  ${issue.path.join(".") || "(root)"}: ${issue.message}`)),
    ];
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const config = parsed.data;
  const problems = crossFieldProblems(config);
  if (problems.length) throw new Error(`Invalid configuration:\n${problems.map((problem) => `  ${problem}`).join("\n")}`);
  explicitInputs.set(config, input);
  return config;
}

/** Rules between settings that no single field's schema can say; also checked for settings changed at run time (features/settings). */
export function crossFieldProblems(config: Config): string[] {
  const problems: string[] = [];
  if (config.password.minLength > config.password.maxLength) problems.push("password.minLength: must not exceed password.maxLength");
  if (config.jwt.algorithm === "HS256" && !config.jwt.secret) problems.push("jwt.secret: HS256 needs a shared secret of at least 32 characters");
  if (config.captcha && config.captcha.provider !== "altcha" && !config.captcha.secretKey) problems.push(`captcha.secretKey: ${config.captcha.provider} needs the service's secret key (or AUTH_CAPTCHA_SECRET_KEY)`);
  if (config.passwordBreach && (config.passwordBreach.rangeUrl === undefined) === (config.passwordBreach.rangeDir === undefined)) problems.push("passwordBreach: set exactly one of rangeUrl and rangeDir");
  return problems;
}

/** What each resolved config was built from (file, AUTH_* and flags merged), before defaults. */
const explicitInputs = new WeakMap<Config, ConfigInput>();

/**
 * The settings given explicitly (config file, environment, flags) for a config resolveConfig
 * made: those win over settings changed at run time (features/settings). Undefined for a config
 * made some other way (a copy): then nothing counts as given.
 */
export function explicitSettingsOf(config: Config): ConfigInput | undefined {
  return explicitInputs.get(config);
}

/** The public origin: configured, or derived from host and port. */
export function baseURLOf(config: Config): string {
  if (config.baseURL) return config.baseURL.replace(/\/+$/, "");
  const host = config.host === "0.0.0.0" || config.host === "::" ? "127.0.0.1" : config.host;
  return `http://${host}:${config.port}`;
}

/** A key that is not a setting, and the known key it most likely meant. */
export interface UnknownSetting {
  path: string;
  suggestion?: string;
}

type SchemaNode = { _zod: { def: { type: string; shape?: Record<string, SchemaNode>; innerType?: SchemaNode } } };

/** The object schema under defaults and optionals, or undefined for leaves and records. */
function objectShape(node: SchemaNode): Record<string, SchemaNode> | undefined {
  let current: SchemaNode | undefined = node;
  while (current && current._zod.def.innerType && current._zod.def.type !== "object") current = current._zod.def.innerType;
  return current?._zod.def.type === "object" ? current._zod.def.shape : undefined;
}

/** Every key in `input` (nested too) that the schema does not declare. Records (roles) take any key. */
export function unknownSettings(input: unknown): UnknownSetting[] {
  const out: UnknownSetting[] = [];
  const walk = (value: unknown, shape: Record<string, SchemaNode>, prefix: string) => {
    if (typeof value !== "object" || value === null || Array.isArray(value)) return;
    const known = Object.keys(shape);
    for (const [key, child] of Object.entries(value)) {
      const path = prefix + key;
      if (path === "$schema") continue; // editors' JSON-schema hint
      const node = shape[key];
      if (!node) {
        const suggestion = closest(key, known) ?? elsewhere(key, path);
        out.push(suggestion ? { path, suggestion } : { path });
        continue;
      }
      const inner = objectShape(node);
      if (inner) walk(child, inner, `${path}.`);
    }
  };
  walk(input, configSchema.shape as unknown as Record<string, SchemaNode>, "");
  return out;
}

/** The full paths of known settings with this name at another level (e.g. minLength → password.minLength or username.minLength). */
function elsewhere(key: string, path: string): string | undefined {
  const found: string[] = [];
  const visit = (shape: Record<string, SchemaNode>, prefix: string) => {
    for (const [name, node] of Object.entries(shape)) {
      if (name.toLowerCase() === key.toLowerCase() && prefix + name !== path) found.push(prefix + name);
      const inner = objectShape(node);
      if (inner) visit(inner, `${prefix}${name}.`);
    }
  };
  visit(configSchema.shape as unknown as Record<string, SchemaNode>, "");
  return found.length ? found.join(" or ") : undefined;
}

/**
 * Every AUTH_* variable Latchkey reads: the server's settings below, plus those the CLI reads
 * (AUTH_URL, AUTH_TOKEN, AUTH_PROFILE, AUTH_TIMEOUT_MS) and AUTH_CONFIG. Anything else starting
 * with AUTH_ is a typo and refuses to start.
 */
export const KNOWN_ENV_VARIABLES = [
  "AUTH_HOST",
  "AUTH_PORT",
  "AUTH_BASE_URL",
  "AUTH_DB",
  "AUTH_SECRET",
  "AUTH_PREVIOUS_SECRETS",
  "AUTH_TRUSTED_ORIGINS",
  "AUTH_TRUST_PROXY",
  "AUTH_LOG_LEVEL",
  "AUTH_LOG_FORMAT",
  "AUTH_RATE_LIMIT",
  "AUTH_REDIS_URL",
  "AUTH_SMTP_URL",
  "AUTH_MAIL_FROM",
  "AUTH_DEFAULT_LANGUAGE",
  "AUTH_ADMIN_USER_IDS",
  "AUTH_METRICS",
  "AUTH_METRICS_TOKEN",
  "AUTH_CAPTCHA_SECRET_KEY",
  "AUTH_SHUTDOWN_TIMEOUT",
  "AUTH_CONFIG",
  "AUTH_URL",
  "AUTH_TOKEN",
  "AUTH_API_KEY",
  "AUTH_PROFILE",
  "AUTH_TIMEOUT_MS",
] as const;

const FILE_VARIABLES_TEXT = `${FILE_ENV_VARIABLES.join(", ")} and AUTH_<PROVIDER>_CLIENT_SECRET`;

/** AUTH_* variables that are set (non-empty) and that Latchkey does not read. */
export function unknownEnvVariables(env: NodeJS.ProcessEnv = process.env): UnknownSetting[] {
  const known: readonly string[] = KNOWN_ENV_VARIABLES;
  return Object.keys(env)
    .filter((name) => name.startsWith("AUTH_") && !known.includes(name) && !PROVIDER_ENV.test(name) && !isFileVariable(name) && env[name] !== undefined && env[name] !== "")
    .sort()
    .map((name) => {
      const suggestion = closest(name, known);
      return suggestion ? { path: name, suggestion } : { path: name };
    });
}

/**
 * Settings from AUTH_* variables; only those that are set. Throws on an AUTH_* variable Latchkey
 * does not read, and on a secret given both directly and as a file (AUTH_SECRET + AUTH_SECRET_FILE).
 */
export function configFromEnv(given: NodeJS.ProcessEnv = process.env): ConfigInput {
  const unknown = unknownEnvVariables(given);
  if (unknown.length) {
    const lines = unknown.map((problem) => `  ${problem.path}: unknown environment variable${problem.suggestion ? `; did you mean ${problem.suggestion}?` : ""}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}\n  (Latchkey reads ${KNOWN_ENV_VARIABLES.join(", ")}, and NAME_FILE for ${FILE_VARIABLES_TEXT})`);
  }
  const env = resolveFileVariables(given);
  const out: Record<string, unknown> = {};
  const set = (value: string | undefined, apply: (v: string) => void) => {
    if (value !== undefined && value !== "") apply(value);
  };
  set(env.NODE_ENV, (v) => (out.production = v === "production"));
  set(env.AUTH_HOST, (v) => (out.host = v));
  set(env.AUTH_PORT, (v) => (out.port = Number(v)));
  set(env.AUTH_BASE_URL, (v) => (out.baseURL = v));
  set(env.AUTH_DB, (v) => (out.db = v));
  set(env.AUTH_SECRET, (v) => (out.secret = v));
  set(env.AUTH_PREVIOUS_SECRETS, (v) => (out.previousSecrets = v.split(",").map((s) => s.trim()).filter(Boolean)));
  set(env.AUTH_TRUSTED_ORIGINS, (v) => (out.trustedOrigins = v.split(",").map((s) => s.trim()).filter(Boolean)));
  set(env.AUTH_TRUST_PROXY, (v) => (out.trustProxy = trustProxyFromEnv(v)));
  set(env.AUTH_LOG_LEVEL, (v) => (out.logLevel = v));
  set(env.AUTH_LOG_FORMAT, (v) => (out.logFormat = v));
  set(env.AUTH_RATE_LIMIT, (v) => (out.rateLimit = { enabled: !(v === "0" || v === "false" || v === "off") }));
  set(env.AUTH_REDIS_URL, (v) => (out.redisUrl = v));
  set(env.AUTH_SMTP_URL, (v) => (out.mail = { ...(out.mail as object), smtpUrl: v }));
  set(env.AUTH_MAIL_FROM, (v) => (out.mail = { ...(out.mail as object), from: v }));
  set(env.AUTH_DEFAULT_LANGUAGE, (v) => (out.defaultLanguage = v));
  const providers = socialProvidersFromEnv(env); // AUTH_<PROVIDER>_CLIENT_ID / _CLIENT_SECRET
  if (providers) out.socialProviders = providers;
  set(env.AUTH_METRICS, (v) => (out.metrics = { ...(out.metrics as object), enabled: v === "1" || v === "true" || v === "on" }));
  set(env.AUTH_METRICS_TOKEN, (v) => (out.metrics = { ...(out.metrics as object), enabled: true, token: v }));
  set(env.AUTH_CAPTCHA_SECRET_KEY, (v) => (out.captcha = { ...(out.captcha as object), secretKey: v }));
  set(env.AUTH_SHUTDOWN_TIMEOUT, (v) => (out.shutdownTimeout = Number(v)));
  set(env.AUTH_ADMIN_USER_IDS, (v) => (out.admin = { adminUserIds: v.split(",").map((s) => s.trim()).filter(Boolean) }));
  return out as ConfigInput;
}

/** Merge layers, later ones winning; nested objects merge key by key. */
export function mergeConfig(...layers: ConfigInput[]): ConfigInput {
  const result: Record<string, unknown> = {};
  for (const layer of layers) deepAssign(result, layer as Record<string, unknown>);
  return result as ConfigInput;
}

function deepAssign(target: Record<string, unknown>, source: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(source)) {
    if (value === undefined) continue;
    const current = target[key];
    if (isPlainObject(value) && isPlainObject(current)) deepAssign(current, value);
    else if (isPlainObject(value)) {
      const copy: Record<string, unknown> = {};
      deepAssign(copy, value);
      target[key] = copy;
    } else target[key] = value;
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * What a production server should not run with, said once at start-up (and by
 * `auth server check-config`): mail kept in the outbox table reaches nobody, and links built on a
 * loopback base URL open only on the server's own machine.
 */
export function productionWarnings(config: Config): string[] {
  if (!config.production) return [];
  const warnings: string[] = [];
  if (!config.mail.smtpUrl) {
    warnings.push("No SMTP server is configured (AUTH_SMTP_URL or --smtp-url): mail goes to the outbox table and reaches nobody.");
  }
  const base = baseURLOf(config);
  if (isLocalBaseURL(base)) {
    warnings.push(`The base URL ${base} is a loopback address: links in mail will not open for anyone else. Set AUTH_BASE_URL (or --base-url) to the public URL.`);
  }
  return warnings;
}

/** Everything said once at start-up (and listed by `auth server check-config`): deprecated values, then production warnings. */
export function configWarnings(config: Config): string[] {
  return [...trustProxyWarnings(config.trustProxy), ...productionWarnings(config)];
}

/** A base URL that only this machine reaches: loopback, or the unspecified address a local server answers on. */
function isLocalBaseURL(url: string): boolean {
  if (isLoopbackURL(url)) return true;
  try {
    return ["0.0.0.0", "[::]"].includes(new URL(url).hostname);
  } catch {
    return false;
  }
}
