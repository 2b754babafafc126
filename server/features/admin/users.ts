/** Administration of users: create, get, list, update, set role, set password, remove. */
import { withNewEpoch } from "../../core/session/epoch.js";
import { createUserRecord } from "../../core/user/create-user.js";
import { encodeUserFieldChanges, pickUserFields } from "../../core/user/additional-fields.js";
import { ApiError, apiError } from "../../../shared/errors.js";
import type { AppContext } from "../../context.js";
import { newId } from "../../crypto/tokens.js";
import type { UserRow, UserUpdate } from "../../db/types.js";
import { removeUser } from "../../core/user/remove-user.js";
import { assertPasswordLength, normalizeEmail } from "../../core/user/rules.js";
import { assertPasswordNotBreached } from "../../core/user/breached-password.js";
import {
  findCredentialAccount,
  findUserByEmail,
  findUserById,
  findUserByUsername,
  insertCredentialAccount,
  isUniqueViolation,
  setCredentialPassword,
  updateUser,
} from "../../core/user/store.js";
import { normalizeUsername } from "../../core/user/username-rules.js";
import { mayImpersonate } from "../../core/session/impersonator.js";
import { tellApps } from "../../core/user/app-access.js";
import { requirePermission, roleColumn } from "../../core/admin-access.js";
import { banAndEndSessions, setRoleAndEndSessions, listUsers as listUsersQuery, type Comparison, type UserCondition, type UserListQuery } from "./store.js";

type Actor = Pick<UserRow, "id" | "role">;

/** Fields an administrator may set (create-user `data`, update-user `data`). */
export interface UserData {
  name?: string;
  email?: string;
  image?: string | null;
  emailVerified?: boolean;
  username?: string | null;
  displayUsername?: string | null;
  role?: string | string[];
  banned?: boolean;
  banReason?: string | null;
  banExpires?: string | number | null;
  language?: string | null;
  password?: unknown;
  id?: unknown;
}

/** ISO date or epoch milliseconds → milliseconds; throws VALIDATION_ERROR naming `path`. */
export function toMillis(value: string | number, path: string): number {
  const ms = typeof value === "number" ? value : /^\d+$/.test(value) ? Number(value) : Date.parse(value);
  if (!Number.isFinite(ms)) throw apiError("VALIDATION_ERROR", "Invalid body parameters", [{ path, message: "expected an ISO date or epoch milliseconds" }]);
  return ms;
}

const BAN_FIELDS = ["banned", "banReason", "banExpires"] as const;
const has = (data: object, key: string) => Object.hasOwn(data, key) && (data as Record<string, unknown>)[key] !== undefined;

async function usernameFields(app: AppContext, data: UserData, userId: string | null): Promise<Pick<UserUpdate, "username" | "displayUsername">> {
  if (data.username === null) return { username: null, displayUsername: null };
  if (data.username === undefined) return data.displayUsername !== undefined ? { displayUsername: data.displayUsername } : {};
  const names = normalizeUsername(app.config, data.username, data.displayUsername ?? undefined);
  const holder = await findUserByUsername(app.db, names.username);
  if (holder && holder.id !== userId) throw apiError("USERNAME_IS_ALREADY_TAKEN");
  return names;
}

export interface CreateUserInput {
  email: string;
  password?: string;
  name: string;
  role?: string | string[];
  data?: UserData;
}

export async function createUser(app: AppContext, actor: Actor, input: CreateUserInput): Promise<UserRow> {
  const { config } = app;
  requirePermission(config, actor, { user: ["create"] }, "YOU_ARE_NOT_ALLOWED_TO_CREATE_USERS");
  const data = input.data ?? {};
  const requestedRole = input.role ?? data.role;
  let role = config.admin.defaultRole;
  if (requestedRole !== undefined) {
    requirePermission(config, actor, { user: ["set-role"] }, "YOU_ARE_NOT_ALLOWED_TO_CHANGE_USERS_ROLE");
    role = roleColumn(config, requestedRole);
  }
  if (BAN_FIELDS.some((key) => has(data, key))) requirePermission(config, actor, { user: ["ban"] }, "YOU_ARE_NOT_ALLOWED_TO_BAN_USERS");
  const email = normalizeEmail(input.email);
  if (input.password !== undefined) {
    assertPasswordLength(config, input.password);
    await assertPasswordNotBreached(app, input.password);
  }
  if (await findUserByEmail(app.db, email)) throw apiError("USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL");
  const names = await usernameFields(app, data, null);
  const passwordHash = input.password !== undefined ? await app.passwords.hash(input.password) : null;
  try {
    return await createUserRecord(app, {
      email,
      name: input.name,
      image: data.image ?? null,
      emailVerified: Boolean(data.emailVerified),
      role,
      username: names.username ?? null,
      displayUsername: names.displayUsername ?? null,
      language: data.language ?? null,
      passwordHash,
      additionalFields: pickUserFields(config, data),
      ban: data.banned
        ? { reason: data.banReason ?? config.admin.defaultBanReason, expires: data.banExpires != null ? toMillis(data.banExpires, "data.banExpires") : null }
        : null,
    });
  } catch (error) {
    if (error instanceof ApiError) throw error;
    app.log.error({ err: { message: (error as Error).message } }, "admin create-user failed");
    throw apiError("FAILED_TO_CREATE_USER");
  }
}

export async function getUser(app: AppContext, actor: Actor, id: string): Promise<UserRow> {
  requirePermission(app.config, actor, { user: ["get"] }, "YOU_ARE_NOT_ALLOWED_TO_GET_USER");
  const user = await findUserById(app.db, id);
  if (!user) throw apiError("USER_NOT_FOUND");
  return user;
}

export interface UpdateResult {
  user: UserRow;
  before: UserRow;
  /** Names of the fields that were set. */
  fields: string[];
  sessionsEnded: number;
}

export async function updateUserAsAdmin(app: AppContext, actor: Actor, userId: string, data: UserData): Promise<UpdateResult> {
  const { config } = app;
  requirePermission(config, actor, { user: ["update"] }, "YOU_ARE_NOT_ALLOWED_TO_UPDATE_USERS");
  const fields = Object.keys(data).filter((key) => has(data, key));
  if (fields.length === 0) throw apiError("NO_DATA_TO_UPDATE");
  if (has(data, "password")) throw apiError("PASSWORD_CANNOT_BE_UPDATED_VIA_UPDATE_USER");
  if (has(data, "id")) throw apiError("USER_ID_CANNOT_BE_UPDATED");
  const changes: UserUpdate = {};
  if (data.role !== undefined) {
    requirePermission(config, actor, { user: ["set-role"] }, "YOU_ARE_NOT_ALLOWED_TO_CHANGE_USERS_ROLE");
    changes.role = roleColumn(config, data.role);
  }
  if (BAN_FIELDS.some((key) => has(data, key))) {
    requirePermission(config, actor, { user: ["ban"] }, "YOU_ARE_NOT_ALLOWED_TO_BAN_USERS");
    if (data.banned === true && userId === actor.id) throw apiError("YOU_CANNOT_BAN_YOURSELF");
    if (data.banned !== undefined) changes.banned = data.banned ? 1 : 0;
    if (data.banReason !== undefined) changes.banReason = data.banReason;
    if (data.banExpires !== undefined) changes.banExpires = data.banExpires === null ? null : toMillis(data.banExpires, "data.banExpires");
  }
  if (has(data, "email") || has(data, "emailVerified")) {
    requirePermission(config, actor, { user: ["set-email"] }, "YOU_ARE_NOT_ALLOWED_TO_SET_USERS_EMAIL");
    if (data.email !== undefined) {
      const email = normalizeEmail(data.email);
      const holder = await findUserByEmail(app.db, email);
      if (holder && holder.id !== userId) throw apiError("USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL");
      changes.email = email;
    }
    if (data.emailVerified !== undefined) changes.emailVerified = data.emailVerified ? 1 : 0;
  }
  if (data.name !== undefined) changes.name = data.name;
  if (data.image !== undefined) changes.image = data.image;
  if (data.language !== undefined) changes.language = data.language;
  const before = await findUserById(app.db, userId);
  if (!before) throw apiError("USER_NOT_FOUND");
  Object.assign(changes, await usernameFields(app, data, userId));
  const extra = encodeUserFieldChanges(config, before.additionalFields, pickUserFields(config, data));
  if (extra !== undefined) changes.additionalFields = extra;
  changes.updatedAt = app.clock.now();
  try {
    if (changes.banned === 1) {
      if (changes.banReason === undefined && !before.banned) changes.banReason = config.admin.defaultBanReason;
      const { user, sessionsEnded, appLogouts } = await banAndEndSessions(app.db, userId, changes);
      void tellApps(app, appLogouts);
      return { user: user ?? before, before, fields, sessionsEnded };
    }
    if (changes.role !== undefined && losesImpersonation(app, before, changes.role)) {
      const { user, sessionsEnded, appLogouts } = await setRoleAndEndSessions(app.db, userId, changes);
      void tellApps(app, appLogouts);
      return { user: user ?? before, before, fields, sessionsEnded };
    }
    const user = await updateUser(app.db, userId, changes);
    return { user: user ?? before, before, fields, sessionsEnded: 0 };
  } catch (error) {
    if (isUniqueViolation(error)) throw apiError(changes.email ? "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL" : "USERNAME_IS_ALREADY_TAKEN");
    throw error;
  }
}

/**
 * A demotion, for sessions: the new role takes away `user: ["impersonate"]` (by the permission
 * checker, so configured admin user ids keep it whatever their role). Such a change ends every
 * session the user holds, their impersonations included (issue 27).
 */
function losesImpersonation(app: AppContext, before: UserRow, role: string): boolean {
  return mayImpersonate(app.config, before) && !mayImpersonate(app.config, { id: before.id, role });
}

export async function setRole(app: AppContext, actor: Actor, userId: string, role: string | string[]): Promise<{ user: UserRow; previous: string; sessionsEnded: number }> {
  requirePermission(app.config, actor, { user: ["set-role"] }, "YOU_ARE_NOT_ALLOWED_TO_CHANGE_USERS_ROLE");
  const value = roleColumn(app.config, role);
  const before = await findUserById(app.db, userId);
  if (!before) throw apiError("USER_NOT_FOUND");
  const changes = { role: value, updatedAt: app.clock.now() };
  if (losesImpersonation(app, before, value)) {
    const { user, sessionsEnded, appLogouts } = await setRoleAndEndSessions(app.db, userId, changes);
    void tellApps(app, appLogouts);
    return { user: user ?? before, previous: before.role, sessionsEnded };
  }
  const user = await updateUser(app.db, userId, changes);
  return { user: user ?? before, previous: before.role, sessionsEnded: 0 };
}

export async function setUserPassword(app: AppContext, actor: Actor, userId: string, newPassword: string): Promise<{ created: boolean }> {
  requirePermission(app.config, actor, { user: ["set-password"] }, "YOU_ARE_NOT_ALLOWED_TO_SET_USERS_PASSWORD");
  assertPasswordLength(app.config, newPassword);
  await assertPasswordNotBreached(app, newPassword);
  const user = await findUserById(app.db, userId);
  if (!user) throw apiError("USER_NOT_FOUND");
  const passwordHash = await app.passwords.hash(newPassword);
  const now = app.clock.now();
  // Under a new credential epoch (the user row locked first): a sign-in with the old password in
  // flight loses at its session insert (issue 43), and two concurrent calls create one account.
  return withNewEpoch(app.db, userId, async (trx) => {
    const account = await findCredentialAccount(trx, userId);
    if (account) {
      await setCredentialPassword(trx, account.id, passwordHash, now);
      return { created: false };
    }
    await insertCredentialAccount(trx, { id: newId(), userId, passwordHash, now });
    return { created: true };
  });
}

export async function removeUserAsAdmin(app: AppContext, actor: Actor, userId: string): Promise<UserRow> {
  requirePermission(app.config, actor, { user: ["delete"] }, "YOU_ARE_NOT_ALLOWED_TO_DELETE_USERS");
  if (userId === actor.id) throw apiError("YOU_CANNOT_REMOVE_YOURSELF");
  const user = await findUserById(app.db, userId);
  if (!user) throw apiError("USER_NOT_FOUND");
  await removeUser(app, userId);
  return user;
}

export interface ListUsersInput {
  searchValue?: string;
  searchField?: "email" | "name";
  searchOperator?: "contains" | "starts_with" | "ends_with";
  limit?: number;
  offset?: number;
  sortBy?: UserListQuery["sortBy"];
  sortDirection?: "asc" | "desc";
  filterField?: UserCondition["field"];
  filterValue?: string | number | boolean;
  filterOperator?: Comparison;
}

export const LIST_USERS_DEFAULT_LIMIT = 100;
const FLAG_FIELDS = new Set(["banned", "emailVerified"]);
const TIME_FIELDS = new Set(["createdAt", "updatedAt", "banExpires", "lastSignInAt", "lockedUntil"]);

/** A filter value as the query string carried it → the stored type of its column. */
function filterValue(field: UserCondition["field"], operator: Comparison, raw: string | number | boolean): UserCondition["value"] {
  const invalid = (message: string) => apiError("VALIDATION_ERROR", "Invalid query parameters", [{ path: "filterValue", message }]);
  const one = (value: string | number | boolean): string | number | null => {
    if (value === "null") return null;
    if (FLAG_FIELDS.has(field)) {
      if (value === true || value === "true" || value === 1 || value === "1") return 1;
      if (value === false || value === "false" || value === 0 || value === "0") return 0;
      throw invalid(`${field} takes true or false`);
    }
    if (TIME_FIELDS.has(field)) {
      const ms = typeof value === "number" ? value : /^\d+$/.test(String(value)) ? Number(value) : Date.parse(String(value));
      if (!Number.isFinite(ms)) throw invalid(`${field} takes an ISO date or epoch milliseconds`);
      return ms;
    }
    return field === "email" ? String(value).toLowerCase() : String(value);
  };
  if (operator === "in" || operator === "not_in") {
    const list = typeof raw === "string" ? raw.split(",").map((v) => v.trim()).filter(Boolean) : [raw];
    return list.map((v) => one(v)).filter((v): v is string | number => v !== null);
  }
  return one(raw);
}

export async function listUsers(app: AppContext, actor: Actor, input: ListUsersInput) {
  requirePermission(app.config, actor, { user: ["list"] }, "YOU_ARE_NOT_ALLOWED_TO_LIST_USERS");
  const where: UserCondition[] = [];
  if (input.searchValue) {
    const field = input.searchField ?? "email";
    where.push({ field, operator: input.searchOperator ?? "contains", value: field === "email" ? input.searchValue.toLowerCase() : input.searchValue });
  }
  if (input.filterValue !== undefined) {
    const field = input.filterField ?? "email";
    const operator = input.filterOperator ?? "eq";
    where.push({ field, operator, value: filterValue(field, operator, input.filterValue) });
  }
  const limit = input.limit ?? LIST_USERS_DEFAULT_LIMIT;
  const offset = input.offset ?? 0;
  const { users, total } = await listUsersQuery(app.db, { where, sortBy: input.sortBy ?? "createdAt", sortDirection: input.sortDirection ?? "asc", limit, offset });
  return { users, total, limit, offset };
}

