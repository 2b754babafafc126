/**
 * Every setting in one zod schema. Precedence: command-line flags > AUTH_* environment > config
 * file (JSON, --config or AUTH_CONFIG) > defaults. Durations are in seconds unless named *Ms.
 */
import { z } from "zod";

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
  trustedOrigins: z.array(z.string()).default([]),
  /** Take the client IP from X-Forwarded-For (only behind a proxy you run). */
  trustProxy: z.boolean().default(false),
  appName: z.string().default("Latchkey"),
  logLevel: z.enum(["fatal", "error", "warn", "info", "debug", "silent"]).default("info"),
  bodyLimitBytes: z.number().int().positive().default(256 * 1024),

  rateLimit: z
    .object({
      enabled: z.boolean().default(true),
      window: z.number().int().positive().default(60),
      max: z.number().int().positive().default(300),
      /** Sign-in, sign-up and password endpoints. */
      strict: rateRule.default({ window: 60, max: 10 }),
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

  user: z
    .object({
      changeEmailEnabled: z.boolean().default(true),
      deleteUserEnabled: z.boolean().default(true),
      /** Mail a confirmation link instead of deleting at once. */
      deleteRequiresConfirmation: z.boolean().default(false),
      deleteTokenExpiresIn: z.number().int().positive().default(24 * 3600),
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
      requireEmailVerificationOnInvitation: z.boolean().default(false),
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
      defaultBanReason: z.string().default("No reason"),
      roles: z.record(z.string(), z.record(z.string(), z.array(z.string()))).default({}),
    })
    .prefault({}),

  audit: z.object({ retentionDays: z.number().int().positive().default(90) }).prefault({}),

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

/** Parse settings, filling defaults. Throws a readable error listing every bad setting. */
export function resolveConfig(input: ConfigInput = {}): Config {
  const parsed = configSchema.safeParse(input);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".") || "(root)"}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const config = parsed.data;
  if (config.password.minLength > config.password.maxLength) {
    throw new Error("Invalid configuration:\n  password.minLength: must not exceed password.maxLength");
  }
  return config;
}

/** The public origin: configured, or derived from host and port. */
export function baseURLOf(config: Config): string {
  if (config.baseURL) return config.baseURL.replace(/\/+$/, "");
  const host = config.host === "0.0.0.0" || config.host === "::" ? "127.0.0.1" : config.host;
  return `http://${host}:${config.port}`;
}

/** Settings from AUTH_* variables; only those that are set. */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ConfigInput {
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
  set(env.AUTH_TRUSTED_ORIGINS, (v) => (out.trustedOrigins = v.split(",").map((s) => s.trim()).filter(Boolean)));
  set(env.AUTH_TRUST_PROXY, (v) => (out.trustProxy = v === "1" || v === "true"));
  set(env.AUTH_LOG_LEVEL, (v) => (out.logLevel = v));
  set(env.AUTH_RATE_LIMIT, (v) => (out.rateLimit = { enabled: !(v === "0" || v === "false" || v === "off") }));
  set(env.AUTH_SMTP_URL, (v) => (out.mail = { ...(out.mail as object), smtpUrl: v }));
  set(env.AUTH_MAIL_FROM, (v) => (out.mail = { ...(out.mail as object), from: v }));
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
