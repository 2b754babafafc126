/**
 * Writing a new user (and their credential account, when they have a password) in one
 * transaction. Sign-up, admin create-user, import and create-admin each check their own rules
 * first; this is where they all meet the database. A race lost on the unique email or username
 * becomes the same error a pre-check would have given.
 */
import { apiError } from "../../../shared/errors.js";
import type { AppContext } from "../../context.js";
import { newId } from "../../crypto/tokens.js";
import type { UserRow } from "../../db/types.js";
import { encodeNewUserFields } from "./additional-fields.js";
import { findUserByUsername, insertCredentialAccount, insertUser, isUniqueViolation } from "./store.js";

export interface NewUserInput {
  /** Already normalised (lowercased, checked). */
  email: string;
  name: string;
  image?: string | null;
  emailVerified?: boolean;
  role: string;
  username?: string | null;
  displayUsername?: string | null;
  /** A tag from shared/languages.ts (validated by the contract); null: not chosen. */
  language?: string | null;
  /** argon2id or imported scrypt hash; null for a user without a password. */
  passwordHash: string | null;
  createdAt?: number;
  ban?: { reason: string; expires: number | null } | null;
  /** Values of configured user.additionalFields (checked by the http layer); defaults fill the rest. */
  additionalFields?: Record<string, unknown>;
}

export async function createUserRecord(app: AppContext, input: NewUserInput): Promise<UserRow> {
  const now = app.clock.now();
  const id = newId();
  try {
    return await app.db.transaction().execute(async (trx) => {
      const user = await insertUser(trx, {
        id,
        email: input.email,
        name: input.name,
        image: input.image ?? null,
        emailVerified: input.emailVerified ? 1 : 0,
        createdAt: input.createdAt ?? now,
        updatedAt: now,
        role: input.role,
        banned: input.ban ? 1 : 0,
        banReason: input.ban?.reason ?? null,
        banExpires: input.ban?.expires ?? null,
        username: input.username ?? null,
        displayUsername: input.displayUsername ?? null,
        language: input.language ?? null,
        additionalFields: encodeNewUserFields(app.config, input.additionalFields),
      });
      if (input.passwordHash) await insertCredentialAccount(trx, { id: newId(), userId: id, passwordHash: input.passwordHash, now });
      return user;
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    if (input.username && (await findUserByUsername(app.db, input.username))) throw apiError("USERNAME_IS_ALREADY_TAKEN");
    throw apiError("USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL");
  }
}
