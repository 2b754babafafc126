/**
 * Bootstrapping the first administrator from the machine itself: create an admin user, or give an
 * existing user the admin role. Works on the database directly, with no server running.
 */
import type { AppContext } from "../context.js";
import { newId, randomString } from "../crypto/tokens.js";
import type { UserRow } from "../db/types.js";
import { findUserByEmail, insertCredentialAccount, insertUser, updateUser } from "../features/user/store.js";
import { assertPasswordLength, normalizeEmail } from "../features/user/rules.js";

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
  const email = normalizeEmail(input.email);
  const adminRole = app.config.admin.adminRoles[0] ?? "admin";
  const now = app.clock.now();
  const existing = await findUserByEmail(app.db, email);
  if (existing) {
    const roles = existing.role.split(",").map((r) => r.trim()).filter(Boolean);
    if (!roles.includes(adminRole)) roles.push(adminRole);
    const user = (await updateUser(app.db, existing.id, { role: roles.filter((r) => r !== app.config.admin.defaultRole || roles.length === 1).join(","), updatedAt: now })) as UserRow;
    app.audit.record({ action: "user.role-change", targetId: user.id, targetType: "user", reason: "create-admin", metadata: { role: user.role, via: "cli" } });
    return { user, created: false };
  }
  const generatedPassword = input.password === undefined ? randomString(24) : undefined;
  const password = input.password ?? (generatedPassword as string);
  assertPasswordLength(app.config, password);
  const passwordHash = await app.passwords.hash(password);
  const id = newId();
  const user = await app.db.transaction().execute(async (trx) => {
    const created = await insertUser(trx, {
      id,
      email,
      name: input.name ?? email.split("@")[0] ?? "Administrator",
      image: null,
      // The operator vouches for this address by creating the account on the machine itself.
      emailVerified: 1,
      createdAt: now,
      updatedAt: now,
      role: adminRole,
      banned: 0,
      banReason: null,
      banExpires: null,
      username: null,
      displayUsername: null,
    });
    await insertCredentialAccount(trx, { id: newId(), userId: id, passwordHash, now });
    return created;
  });
  app.audit.record({ action: "user.create", targetId: user.id, targetType: "user", reason: "create-admin", metadata: { role: adminRole, via: "cli" } });
  return { user, created: true, generatedPassword };
}
