/**
 * The settings an administrator may change while the server runs (docs/settings.md): each one is
 * read per request by the code it governs, needs no secret, and cannot lock the administrator out
 * of changing it back. Values are checked by the node of server/config.ts's one schema at the
 * same path, so the file and the console accept exactly the same values.
 *
 * Adding one (the extension point): put its config path in PATH_SETTINGS with a group, check
 * that every reader takes it from `app.config` at request time (not a copy made at start-up), and
 * add its label to i18n/<language>/settings.json (`settings.<key>`) and the CLI's
 * (tests/server/settings/registry.test.ts checks both).
 */
import type { z } from "zod";
import { configSchema, type Config, type ConfigInput } from "../../config.js";

export const SETTING_GROUPS = ["sign-up", "two-factor", "social", "account", "organization", "session", "audit", "oauth-provider"] as const;
export type SettingGroup = (typeof SETTING_GROUPS)[number];
export type SettingKind = "boolean" | "integer" | "list";

export interface SettingDefinition {
  /** Its path in the config file, e.g. `emailAndPassword.requireEmailVerification`. */
  key: string;
  group: SettingGroup;
  kind: SettingKind;
  /** The config schema's own node for this setting. */
  schema: z.ZodType;
  read(config: Config): unknown;
  /** Sets the value in place: every reader holds the same config objects. */
  write(config: Config, value: unknown): void;
  /** Whether the configuration (file, environment, flags) names it: then it wins, and the setting is locked. */
  given(input: ConfigInput): boolean;
}

/** Fixed settings, by config path. Each is read from `app.config` per request (see each reader). */
const PATH_SETTINGS: ReadonlyArray<readonly [string, SettingGroup]> = [
  ["emailAndPassword.requireEmailVerification", "sign-up"],
  ["emailAndPassword.autoSignIn", "sign-up"],
  ["emailVerification.sendOnSignUp", "sign-up"],
  ["emailVerification.autoSignInAfterVerification", "sign-up"],
  ["password.minLength", "sign-up"],
  ["magicLink.enabled", "sign-up"],
  ["magicLink.disableSignUp", "sign-up"],
  ["emailOTP.enabled", "sign-up"],
  ["emailOTP.disableSignUp", "sign-up"],
  ["passkey.allowSignUp", "sign-up"],
  ["twoFactor.requiredForRoles", "two-factor"],
  ["accountLinking.enabled", "social"],
  ["accountLinking.allowDifferentEmails", "social"],
  ["oneTap.disableSignUp", "social"],
  ["user.changeEmailEnabled", "account"],
  ["user.deleteUserEnabled", "account"],
  ["user.deleteRequiresConfirmation", "account"],
  ["organization.allowUserToCreateOrganization", "organization"],
  ["organization.disableOrganizationDeletion", "organization"],
  ["multiSession.maximumSessions", "session"],
  ["audit.retentionDays", "audit"],
];

/**
 * Self-registration at the OpenID provider (issue 32): whether anyone may register an app, and the
 * only scopes such an app may hold. Offered only where the provider is on; both are read per
 * request (oauth-provider/routes.ts, discovery.ts).
 */
const OAUTH_PROVIDER_SETTINGS = ["oauthProvider.allowDynamicClientRegistration", "oauthProvider.dynamicRegistrationScopes"] as const;

/** Per configured provider: on/off and sign-up. Its client id and secret stay in the file. */
const PROVIDER_FIELDS = ["enabled", "disableSignUp"] as const;

type Node = { _zod: { def: { type: string; shape?: Record<string, Node>; innerType?: Node; valueType?: Node } } };

/** The schema below defaults, optionals and prefaults. */
function unwrap(node: Node): Node {
  let current = node;
  while (current._zod.def.innerType && current._zod.def.type !== "object") current = current._zod.def.innerType;
  return current;
}

function schemaAt(path: readonly string[]): Node {
  let shape = configSchema.shape as unknown as Record<string, Node>;
  let node: Node | undefined;
  for (const [index, part] of path.entries()) {
    node = Object.hasOwn(shape, part) ? shape[part] : undefined;
    if (!node) throw new Error(`runtime setting ${path.join(".")} is not in the config schema`);
    if (index < path.length - 1) shape = unwrap(node)._zod.def.shape ?? {};
  }
  return node!;
}

function kindOf(node: Node): SettingKind {
  const type = unwrap(node)._zod.def.type;
  if (type === "boolean") return "boolean";
  if (type === "number") return "integer";
  if (type === "array") return "list";
  throw new Error(`runtime settings of type ${type} are not supported`);
}

function objectAt(root: unknown, path: readonly string[]): Record<string, unknown> | undefined {
  let current = root;
  for (const part of path) {
    if (typeof current !== "object" || current === null || !Object.hasOwn(current, part)) return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return typeof current === "object" && current !== null ? (current as Record<string, unknown>) : undefined;
}

function pathSetting(key: string, group: SettingGroup): SettingDefinition {
  const path = key.split(".");
  const parent = path.slice(0, -1);
  const field = path.at(-1)!;
  const schema = schemaAt(path);
  return {
    key,
    group,
    kind: kindOf(schema),
    schema: schema as unknown as z.ZodType,
    read: (config) => objectAt(config, parent)?.[field],
    write(config, value) {
      const target = objectAt(config, parent);
      if (target) target[field] = value;
    },
    given: (input) => objectAt(input, parent)?.[field] !== undefined,
  };
}

function providerSetting(id: string, field: (typeof PROVIDER_FIELDS)[number], generic: boolean): SettingDefinition {
  const entryOf = (config: Config | ConfigInput): Record<string, unknown> | undefined => {
    if (!generic) return objectAt(config, ["socialProviders", id]);
    const list = (config as { genericOAuth?: unknown }).genericOAuth;
    return Array.isArray(list) ? (list.find((entry) => (entry as { providerId?: unknown }).providerId === id) as Record<string, unknown> | undefined) : undefined;
  };
  // socialProviders is a record of provider entries: the entry's own field (genericOAuth entries share it).
  const entry = unwrap(unwrap(schemaAt(["socialProviders"]))._zod.def.valueType!);
  const schema = entry._zod.def.shape![field]!;
  return {
    key: `${generic ? "genericOAuth" : "socialProviders"}.${id}.${field}`,
    group: "social",
    kind: kindOf(schema),
    schema: schema as unknown as z.ZodType,
    read: (config) => entryOf(config)?.[field],
    write(config, value) {
      const entry = entryOf(config);
      if (entry) entry[field] = value;
    },
    given: (input) => entryOf(input)?.[field] !== undefined,
  };
}

/** Every setting this server lets administrators change: the fixed ones, then one pair per configured social provider. */
export function runtimeSettingsFor(config: Config): SettingDefinition[] {
  const out = PATH_SETTINGS.map(([key, group]) => pathSetting(key, group));
  if (config.oauthProvider.enabled) for (const key of OAUTH_PROVIDER_SETTINGS) out.push(pathSetting(key, "oauth-provider"));
  for (const id of Object.keys(config.socialProviders).sort()) for (const field of PROVIDER_FIELDS) out.push(providerSetting(id, field, false));
  for (const entry of config.genericOAuth) for (const field of PROVIDER_FIELDS) out.push(providerSetting(entry.providerId, field, true));
  return out;
}
