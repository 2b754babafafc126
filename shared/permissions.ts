/**
 * The one permission checker, shared by server (to enforce), CLI and desktop app (to hide what
 * would fail). Pure: no I/O, no clock. Statements list each resource's actions; a role grants a
 * subset; `authorize` answers whether held roles grant a request on ONE resource.
 */

export type Statements = { readonly [resource: string]: readonly string[] };

/** What a role grants: for each resource, some of its actions. */
export type RoleGrants<S extends Statements> = { readonly [R in keyof S]?: readonly S[R][number][] };

/** A request: one resource and the actions needed on it. */
export type PermissionRequest<S extends Statements> = { readonly [R in keyof S]?: readonly S[R][number][] };

export type AuthorizeResult =
  | { success: true }
  | { success: false; error: string; code: "ONE_RESOURCE_AT_A_TIME" | "UNKNOWN_RESOURCE" | "NOT_ALLOWED"; resource?: string; missing?: string[] };

export const ONE_RESOURCE_MESSAGE = "you can only check one resource permission at a time.";

/**
 * True when the union of `roles` grants every requested action on the single requested resource.
 * Several resources in one request are refused: callers ask one question at a time, so an answer
 * never hides which part failed.
 */
export function authorize<S extends Statements>(roles: ReadonlyArray<RoleGrants<S>>, request: PermissionRequest<S>): AuthorizeResult {
  const entries = Object.entries(request).filter(([, actions]) => actions !== undefined) as Array<[string, readonly string[]]>;
  if (entries.length !== 1) {
    return { success: false, code: "ONE_RESOURCE_AT_A_TIME", error: ONE_RESOURCE_MESSAGE };
  }
  const [resource, actions] = entries[0] as [string, readonly string[]];
  // An empty action list asks nothing; answering "yes" would let a malformed check pass.
  if (actions.length === 0) return { success: false, code: "NOT_ALLOWED", error: "Not authorized", resource, missing: [] };
  const granted = new Set<string>();
  // `resource` comes from the request: only a role's own keys count (`__proto__`, `constructor`
  // are not resources, and must not reach Object.prototype).
  for (const role of roles) {
    const actions = Object.hasOwn(role, resource) ? (role as Record<string, unknown>)[resource] : undefined;
    if (Array.isArray(actions)) for (const action of actions) if (typeof action === "string") granted.add(action);
  }
  const missing = actions.filter((action) => !granted.has(action));
  if (missing.length === 0) return { success: true };
  return { success: false, code: "NOT_ALLOWED", error: `You are not allowed to access resource: ${resource}`, resource, missing };
}

/** "owner, admin" → ["owner", "admin"]: a member or user may hold several comma-separated roles. */
export function splitRoles(value: string | readonly string[] | null | undefined): string[] {
  const list = typeof value === "string" ? value.split(",") : [...(value ?? [])];
  return [...new Set(list.map((role) => role.trim()).filter(Boolean))];
}

/** Role names → their grants; unknown names grant nothing (and are reported by `unknownRoles`). */
export function grantsOf<S extends Statements>(table: Readonly<Record<string, RoleGrants<S>>>, held: string | readonly string[]): Array<RoleGrants<S>> {
  return splitRoles(held).flatMap((name) => (Object.hasOwn(table, name) ? [table[name] as RoleGrants<S>] : []));
}

export function unknownRoles(table: Readonly<Record<string, unknown>>, held: string | readonly string[]): string[] {
  return splitRoles(held).filter((name) => !Object.hasOwn(table, name));
}

/** Checks held role names against a role table. */
export function authorizeRoles<S extends Statements>(
  table: Readonly<Record<string, RoleGrants<S>>>,
  held: string | readonly string[],
  request: PermissionRequest<S>,
): AuthorizeResult {
  return authorize(grantsOf(table, held), request);
}

// ---------------------------------------------------------------------------------------------
// Organization roles (spec §6).

export const organizationStatements = {
  organization: ["update", "delete"],
  member: ["create", "update", "delete"],
  invitation: ["create", "cancel"],
  team: ["create", "update", "delete"],
  ac: ["create", "read", "update", "delete"],
} as const satisfies Statements;
export type OrganizationStatements = typeof organizationStatements;

export const organizationRoles = {
  owner: {
    organization: ["update", "delete"],
    member: ["create", "update", "delete"],
    invitation: ["create", "cancel"],
    team: ["create", "update", "delete"],
    ac: ["create", "read", "update", "delete"],
  },
  admin: {
    organization: ["update"],
    member: ["create", "update", "delete"],
    invitation: ["create", "cancel"],
    team: ["create", "update", "delete"],
    ac: ["create", "read", "update", "delete"],
  },
  member: { ac: ["read"] },
} as const satisfies Record<string, RoleGrants<OrganizationStatements>>;

export type OrganizationRoleName = keyof typeof organizationRoles;
/** Custom roles as configuration holds them: name → { resource: [actions] }. */
export type CustomRoles = Readonly<Record<string, Readonly<Record<string, readonly string[]>>>>;

/** The organization role table in force: built-in roles plus configured custom roles. */
export function organizationRoleTable(custom: CustomRoles = {}): Record<string, RoleGrants<OrganizationStatements>> {
  return roleTable<OrganizationStatements>(organizationRoles, custom);
}

/** Whether held organization roles (a comma-separated string or a list) grant a request. */
export function authorizeOrganization(
  held: string | readonly string[],
  request: PermissionRequest<OrganizationStatements>,
  custom: CustomRoles = {},
): AuthorizeResult {
  return authorizeRoles(organizationRoleTable(custom), held, request);
}

// ---------------------------------------------------------------------------------------------
// Administration roles (spec §6): admin holds user and session actions, user holds none.

// `impersonate-admins` is held by no built-in role: impersonating an administrator must be granted
// explicitly (a custom role). `export` (Latchkey) reads password hashes for migration.
export const adminStatements = {
  user: ["create", "list", "set-role", "ban", "impersonate", "impersonate-admins", "delete", "set-password", "set-email", "get", "update", "export"],
  session: ["list", "revoke", "delete"],
  /** verify: recompute the tamper-evident chain; export: signed JSON-lines exports (issue 38). */
  audit: ["list", "verify", "export"],
  /** The OpenID provider's apps (features/oauth-provider). */
  oauthClient: ["create", "read", "update", "delete"],
  /** Settings changed at run time (features/settings). */
  settings: ["read", "update"],
  /** Webhook endpoints and their deliveries (features/webhook): read includes delivered payloads. */
  webhook: ["read", "manage"],
} as const satisfies Statements;
export type AdminStatements = typeof adminStatements;

export const adminRoles = {
  admin: {
    user: ["create", "list", "set-role", "ban", "impersonate", "delete", "set-password", "set-email", "get", "update", "export"],
    session: ["list", "revoke", "delete"],
    audit: ["list", "verify", "export"],
    oauthClient: ["create", "read", "update", "delete"],
    settings: ["read", "update"],
    webhook: ["read", "manage"],
  },
  user: {},
} as const satisfies Record<string, RoleGrants<AdminStatements>>;

/** What decides an administrator's rights: configuration (`admin.*`). */
export interface AdminPolicy {
  /** Custom roles: name → { resource: [actions] }, merged over the built-in admin and user roles. */
  roles?: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>>;
  /** These users pass every check, whatever their role. */
  adminUserIds?: readonly string[];
  /** The role assumed when a user has none. */
  defaultRole?: string;
}

/** Whether a user (id and role column) may do what `request` asks; configured admin ids always may. */
export function checkAdminPermission(
  policy: AdminPolicy,
  who: { id?: string | null; role?: string | null },
  request: PermissionRequest<AdminStatements> | Readonly<Record<string, readonly string[]>>,
): AuthorizeResult {
  const entries = Object.values(request).filter((actions) => actions !== undefined);
  if (entries.length !== 1) return { success: false, code: "ONE_RESOURCE_AT_A_TIME", error: ONE_RESOURCE_MESSAGE };
  if (who.id && policy.adminUserIds?.includes(who.id)) return { success: true };
  const table = roleTable<AdminStatements>(adminRoles, policy.roles);
  return authorizeRoles(table, who.role || policy.defaultRole || "user", request as PermissionRequest<AdminStatements>);
}

/** Names a role column may hold: the built-in admin roles plus configured custom ones. */
export function adminRoleNames(policy: AdminPolicy): string[] {
  return Object.keys(roleTable<AdminStatements>(adminRoles, policy.roles));
}

/** Built-in tables merged with custom roles from configuration (custom names win). */
export function roleTable<S extends Statements>(
  builtIn: Readonly<Record<string, RoleGrants<S>>>,
  custom: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {},
): Record<string, RoleGrants<S>> {
  return { ...builtIn, ...(custom as Record<string, RoleGrants<S>>) };
}
