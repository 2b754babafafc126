/**
 * The social sign-in settings, spliced into server/config.ts's one schema. Kept here so the
 * provider settings live beside the code that reads them. Secrets (clientSecret) are never
 * logged nor listed by /providers.
 */
import { z } from "zod";

const url = z.string().url();

/**
 * Provider entries live inside a record and an array, where the config's unknown-key walk does not
 * reach (and zod's own unrecognized-keys issue is left to that walk): name a misspelled key here.
 */
function refuseUnknownKeys<T extends z.ZodRawShape>(shape: T) {
  const known = Object.keys(shape);
  return z.looseObject(shape).superRefine((value, ctx) => {
    for (const key of Object.keys(value)) {
      if (known.includes(key)) continue;
      const near = known.find((candidate) => candidate.toLowerCase().startsWith(key.toLowerCase().slice(0, 4)));
      ctx.addIssue({ code: "custom", path: [key], message: `unknown setting${near ? `; did you mean ${near}?` : ""}` });
    }
  }) as unknown as z.ZodObject<T>; // typed as the declared keys only: unknown ones never get through
}

/** Every provider endpoint can be overridden: tenants, self-hosted instances, loopback tests. */
export const endpointOverridesSchema = refuseUnknownKeys(
  z.object({ authorization: url, token: url, userInfo: url, jwks: url, issuer: z.string(), revocation: url, api: url }).partial().shape,
);

const commonProviderFields = {
  clientId: z.string().min(1),
  clientSecret: z.string().optional(),
  scopes: z.array(z.string()).default([]),
  disableDefaultScope: z.boolean().default(false),
  redirectURI: url.optional(),
  /** Extra client ids whose ID tokens are accepted (mobile apps, Apple bundle ids). */
  audiences: z.array(z.string()).default([]),
  authorizationParams: z.record(z.string(), z.string()).default({}),
  /** No sign-up through this provider: only existing users may sign in with it. */
  disableSignUp: z.boolean().default(false),
  /** Off: the provider is configured but offers no sign-in or linking (an administrator may turn it on and off at run time, docs/settings.md). */
  enabled: z.boolean().default(true),
  allowDifferentEmails: z.boolean().optional(),
};

export const builtInProviderSchema = refuseUnknownKeys({
  ...commonProviderFields,
  /** Microsoft: tenant (`common`, `organizations`, `consumers`, or an id). */
  tenantId: z.string().optional(),
  /** Self-hosted instances (GitLab): the instance origin. */
  baseURL: url.optional(),
  /** Apple: team id, key id and the .p8 private key (PEM; `\\n` escapes allowed) its client secret is signed with. */
  teamId: z.string().min(1).optional(),
  keyId: z.string().min(1).optional(),
  privateKey: z.string().min(1).optional(),
  endpoints: endpointOverridesSchema.default({}),
});

const APPLE_KEY_FIELDS = ["teamId", "keyId", "privateKey"] as const;

/**
 * Apple needs a client secret: a ready-made `clientSecret`, or teamId + keyId + privateKey to make
 * one. The key fields mean nothing to other providers, so they are refused there.
 */
const socialProvidersSchema = z.record(z.string(), builtInProviderSchema).superRefine((providers, ctx) => {
  for (const [id, entry] of Object.entries(providers)) {
    const given = APPLE_KEY_FIELDS.filter((field) => entry[field] !== undefined);
    if (id !== "apple") {
      for (const field of given) ctx.addIssue({ code: "custom", path: [id, field], message: "only Apple takes a signing key" });
      continue;
    }
    if (entry.clientSecret) continue;
    if (given.length === APPLE_KEY_FIELDS.length) continue;
    const missing = APPLE_KEY_FIELDS.filter((field) => entry[field] === undefined);
    ctx.addIssue({ code: "custom", path: [id], message: given.length ? `give ${missing.join(" and ")} too (or a clientSecret)` : "give clientSecret, or teamId, keyId and privateKey to make one" });
  }
});

/** Any OpenID Connect / OAuth 2 server (better-auth's generic OAuth plugin options, by config). */
export const genericProviderSchema = refuseUnknownKeys({
    ...commonProviderFields,
    providerId: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/i, "letters, digits, - and _ only"),
    /** Shown on buttons; defaults to the providerId. */
    name: z.string().optional(),
    /** `https://idp.example.com/.well-known/openid-configuration`: fills in every endpoint. */
    discoveryUrl: url.optional(),
    authorizationUrl: url.optional(),
    tokenUrl: url.optional(),
    userInfoUrl: url.optional(),
    jwksUrl: url.optional(),
    issuer: z.string().optional(),
    pkce: z.boolean().default(true),
    clientAuthentication: z.enum(["client_secret_basic", "client_secret_post"]).default("client_secret_basic"),
    responseMode: z.enum(["query", "form_post"]).optional(),
    /** Treat as OpenID Connect (nonce, ID-token checks). Default: true when discovery says so or `openid` is among the scopes. */
    oidc: z.boolean().optional(),
  })
  .refine((value) => value.discoveryUrl || (value.authorizationUrl && value.tokenUrl), "give discoveryUrl, or authorizationUrl and tokenUrl");

export const socialSettingsShape = {
  /** Built-in providers by id: `{ "github": { "clientId": "…", "clientSecret": "…" } }`. */
  socialProviders: socialProvidersSchema.default({}),
  genericOAuth: z.array(genericProviderSchema).default([]),
  accountLinking: z
    .object({
      enabled: z.boolean().default(true),
      /** Providers whose emails are trusted as verified for automatic linking. */
      trustedProviders: z.array(z.string()).default([]),
      /** Let /link-social attach a provider account whose email differs from the user's. */
      allowDifferentEmails: z.boolean().default(false),
    })
    .prefault({}),
  oneTap: z
    .object({
      /** Google client id the one-tap ID tokens are minted for; default socialProviders.google.clientId. */
      clientId: z.string().optional(),
      disableSignUp: z.boolean().default(false),
    })
    .prefault({}),
};

/** AUTH_<PROVIDER>_CLIENT_ID / AUTH_<PROVIDER>_CLIENT_SECRET. */
export const PROVIDER_ENV = /^AUTH_([A-Z0-9]+)_CLIENT_(ID|SECRET)$/;

/** socialProviders settings from AUTH_<PROVIDER>_CLIENT_ID/SECRET variables. */
export function socialProvidersFromEnv(env: NodeJS.ProcessEnv): Record<string, { clientId?: string; clientSecret?: string }> | undefined {
  const out: Record<string, { clientId?: string; clientSecret?: string }> = {};
  for (const [name, value] of Object.entries(env)) {
    const match = PROVIDER_ENV.exec(name);
    if (!match || !value) continue;
    const id = match[1]!.toLowerCase();
    out[id] ??= {};
    if (match[2] === "ID") out[id].clientId = value;
    else out[id].clientSecret = value;
  }
  return Object.keys(out).length ? out : undefined;
}

/** For printing settings (`auth server check-config`): every provider's clientSecret (and Apple's privateKey) masked. */
export function maskProviderSecrets(copy: Record<string, unknown>): void {
  const social = (copy.socialProviders ?? {}) as Record<string, { clientSecret?: string; privateKey?: string }>;
  const generic = (copy.genericOAuth ?? []) as Array<{ clientSecret?: string; privateKey?: string }>;
  for (const entry of [...Object.values(social), ...generic]) {
    if (entry.clientSecret) entry.clientSecret = "*** (set)";
    if (entry.privateKey) entry.privateKey = "*** (set)";
  }
}
