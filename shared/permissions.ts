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
  const granted = new Set<string>();
  for (const role of roles) for (const action of (role as Record<string, readonly string[] | undefined>)[resource] ?? []) granted.add(action);
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

// ---------------------------------------------------------------------------------------------
// Administration roles (spec §6): admin holds user and session actions, user holds none.

export const adminStatements = {
  user: ["create", "list", "set-role", "ban", "impersonate", "impersonate-admins", "delete", "set-password", "get", "update"],
  session: ["list", "revoke", "delete"],
  audit: ["list"],
} as const satisfies Statements;
export type AdminStatements = typeof adminStatements;

export const adminRoles = {
  admin: {
    user: ["create", "list", "set-role", "ban", "impersonate", "delete", "set-password", "get", "update"],
    session: ["list", "revoke", "delete"],
    audit: ["list"],
  },
  user: {},
} as const satisfies Record<string, RoleGrants<AdminStatements>>;

/** Built-in tables merged with custom roles from configuration (custom names win). */
export function roleTable<S extends Statements>(
  builtIn: Readonly<Record<string, RoleGrants<S>>>,
  custom: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {},
): Record<string, RoleGrants<S>> {
  return { ...builtIn, ...(custom as Record<string, RoleGrants<S>>) };
}
