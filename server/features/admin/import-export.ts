/**
 * Bulk import and export of users (Latchkey extensions the CLI uses for migrations). Imported
 * password hashes are kept as given: argon2id verifies directly, better-auth's scrypt verifies and
 * is rehashed to argon2id at the first successful sign-in. Plain passwords are never accepted.
 */
import type { BodyOf, Contract } from "../../../shared/contract/index.js";
import { createUserRecord } from "../../core/user/create-user.js";
import { checkImportedUserFields } from "../../core/user/additional-fields.js";
import { ApiError, apiError } from "../../../shared/errors.js";
import type { AppContext } from "../../context.js";
import type { UserRow } from "../../db/types.js";
import { normalizeEmail } from "../../core/user/rules.js";
import { findUserByEmail, findUserByUsername } from "../../core/user/store.js";
import { normalizeUsername } from "../../core/user/username-rules.js";
import { requirePermission, roleColumn } from "../../core/admin-access.js";
import { exportUsers as exportQuery, type ExportRow } from "./store.js";
import { toMillis } from "./users.js";

type Actor = Pick<UserRow, "id" | "role">;

/** One row of admin import-users, as the contract validated it. */
export type ImportRow = BodyOf<Contract["adminImportUsers"]>["users"][number];

export interface ImportResult {
  email: string;
  ok: boolean;
  id?: string;
  code?: string;
  message?: string;
}

const ARGON2ID = /^\$argon2id\$v=\d+\$m=\d+,t=\d+,p=\d+\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/;
// better-auth: 16-byte salt and 64-byte scrypt key, both hex.
const SCRYPT = /^[0-9a-f]{32}:[0-9a-f]{128}$/i;

export function isImportableHash(hash: string): boolean {
  return ARGON2ID.test(hash) || SCRYPT.test(hash);
}

/** What a dry run has "created" so far, so a repeated email or username fails as it would for real. */
interface DryRun {
  emails: Set<string>;
  usernames: Set<string>;
}

async function importOne(app: AppContext, row: ImportRow, dryRun?: DryRun): Promise<ImportedUser> {
  const { config } = app;
  const email = normalizeEmail(row.email);
  if (dryRun?.emails.has(email) || (await findUserByEmail(app.db, email))) throw apiError("USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL");
  const role = row.role !== undefined ? roleColumn(config, row.role) : config.admin.defaultRole;
  let names: { username: string | null; displayUsername: string | null } = { username: null, displayUsername: null };
  if (row.username) {
    const normalized = normalizeUsername(config, row.username, row.displayUsername ?? undefined);
    if (dryRun?.usernames.has(normalized.username) || (await findUserByUsername(app.db, normalized.username))) throw apiError("USERNAME_IS_ALREADY_TAKEN");
    names = normalized;
  }
  if (row.passwordHash && !isImportableHash(row.passwordHash)) throw apiError("INVALID_PASSWORD_HASH");
  const createdAt = row.createdAt !== undefined ? toMillis(row.createdAt, "createdAt") : undefined;
  const additionalFields = checkImportedUserFields(config, row.additionalFields);
  if (dryRun) {
    dryRun.emails.add(email);
    if (names.username) dryRun.usernames.add(names.username);
    return { id: undefined, email };
  }
  return createUserRecord(app, {
    email,
    name: row.name,
    image: row.image ?? null,
    emailVerified: Boolean(row.emailVerified),
    role,
    username: names.username,
    displayUsername: names.displayUsername,
    language: row.language ?? null,
    passwordHash: row.passwordHash ?? null,
    createdAt,
    additionalFields,
  });
}

/**
 * Each row stands alone: one bad row is reported and the others are still imported. A dry run
 * makes the same checks (permissions, roles, taken emails and usernames, hashes, dates) and
 * creates nobody.
 */
/** One imported user's work, given the AppContext to write with: the route runs each as its own change (issue 38). */
export type ImportEach = (work: (app: AppContext) => Promise<ImportedUser>) => Promise<ImportedUser>;
type ImportedUser = UserRow | { id: undefined; email: string };

/**
 * Imports user by user: one refused row (a taken email) does not stop the rest. With `each`,
 * every user is written by `each` (the route: one change per user, its event in its transaction).
 */
export async function importUsers(app: AppContext, actor: Actor, rows: ImportRow[], options: { dryRun?: boolean; each?: ImportEach } = {}): Promise<ImportResult[]> {
  requirePermission(app.config, actor, { user: ["create"] }, "YOU_ARE_NOT_ALLOWED_TO_CREATE_USERS");
  if (rows.some((row) => row.role !== undefined)) {
    requirePermission(app.config, actor, { user: ["set-role"] }, "YOU_ARE_NOT_ALLOWED_TO_CHANGE_USERS_ROLE");
  }
  const results: ImportResult[] = [];
  const dryRun = options.dryRun ? { emails: new Set<string>(), usernames: new Set<string>() } : undefined;
  for (const row of rows) {
    try {
      const user = options.each && !dryRun ? await options.each((inChange) => importOne(inChange, row)) : await importOne(app, row, dryRun);
      results.push(user.id === undefined ? { email: user.email, ok: true } : { email: user.email, ok: true, id: user.id });
    } catch (error) {
      if (error instanceof ApiError) results.push({ email: row.email, ok: false, code: error.code, message: error.message });
      else {
        app.log.error({ err: { message: (error as Error).message } }, "import of one user failed");
        results.push({ email: row.email, ok: false, code: "FAILED_TO_CREATE_USER", message: "Failed to create user" });
      }
    }
  }
  return results;
}

export const EXPORT_DEFAULT_LIMIT = 200;

export async function exportUsers(app: AppContext, actor: Actor, cursor: string | undefined, limit = EXPORT_DEFAULT_LIMIT): Promise<{ rows: ExportRow[]; nextCursor: string | null }> {
  requirePermission(app.config, actor, { user: ["export"] }, "YOU_ARE_NOT_ALLOWED_TO_EXPORT_USERS");
  const rows = await exportQuery(app.db, cursor, limit);
  const last = rows[rows.length - 1];
  return { rows, nextCursor: rows.length === limit && last ? last.id : null };
}
