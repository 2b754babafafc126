/**
 * Bootstrapping the first administrator from the machine itself: create an admin user, or give an
 * existing user the admin role. Works on the database directly, with no server running.
 */
import { runChange } from "../audit/change.js";
import type { AuditEvent } from "../audit/recorder.js";
import type { AppContext } from "../context.js";
import { randomString } from "../crypto/tokens.js";
import type { UserRow } from "../db/types.js";
import { createUserRecord } from "../core/user/create-user.js";
import { findUserByEmail, updateUser } from "../core/user/store.js";
import { assertPasswordLength, normalizeEmail } from "../core/user/rules.js";
import { assertPasswordNotBreached } from "../core/user/breached-password.js";
import { AUDIT_REASONS } from "../../shared/audit-reasons.js";

export interface CreateAdminInput {
  email: string;
  name?: string;
  /** Absent: a strong password is generated and returned once. */
  password?: string;
}

export interface CreateAdminResult {
  user: UserRow;
  created: boolean;
  /** Set only when the password was generated here. */
  generatedPassword?: string;
}

export async function createAdmin(app: AppContext, input: CreateAdminInput): Promise<CreateAdminResult> {
  // One change: the account (or its new role) and its audit event commit together (audit/change.ts).
  return runChange(app, (change) => createOrPromote(change.app, change.audit, input));
}

async function createOrPromote(app: AppContext, audit: (event: AuditEvent) => void, input: CreateAdminInput): Promise<CreateAdminResult> {
  const email = normalizeEmail(input.email);
  const adminRole = app.config.admin.adminRoles[0] ?? "admin";
  const now = app.clock.now();
  const existing = await findUserByEmail(app.db, email);
  if (existing) {
    const roles = existing.role.split(",").map((r) => r.trim()).filter(Boolean);
    if (!roles.includes(adminRole)) roles.push(adminRole);
    const user = (await updateUser(app.db, existing.id, { role: roles.filter((r) => r !== app.config.admin.defaultRole || roles.length === 1).join(","), updatedAt: now })) as UserRow;
    audit({ action: "user.role-change", targetId: user.id, targetType: "user", reason: AUDIT_REASONS.createAdmin, metadata: { role: user.role, via: "cli" } });
    return { user, created: false };
  }
  const generatedPassword = input.password === undefined ? randomString(24) : undefined;
  const password = input.password ?? (generatedPassword as string);
  assertPasswordLength(app.config, password);
  // A generated password is random: only the operator's own is looked up.
  if (input.password !== undefined) await assertPasswordNotBreached(app, password);
  const user = await createUserRecord(app, {
    email,
    name: input.name ?? email.split("@")[0] ?? "Administrator",
    // The operator vouches for this address by creating the account on the machine itself.
    emailVerified: true,
    role: adminRole,
    passwordHash: await app.passwords.hash(password),
  });
  audit({ action: "user.create", targetId: user.id, targetType: "user", reason: AUDIT_REASONS.createAdmin, metadata: { role: adminRole, via: "cli" } });
  return { user, created: true, generatedPassword };
}
