/**
 * One-time tokens in the `verification` table. The row is keyed by `<purpose>:<hash of token>`,
 * so the raw token exists only in the mail. Consuming deletes and returns in one statement:
 * of two concurrent uses, exactly one gets the row.
 */
import type { Kysely } from "kysely";
import { hashSecret, newId } from "../../crypto/tokens.js";
import type { Database, VerificationRow } from "../../db/types.js";

type Q = Kysely<Database>;

export type TokenPurpose = "verify-email" | "reset-password" | "change-email" | "delete-account";

export function identifierFor(purpose: TokenPurpose, token: string): string {
  return `${purpose}:${hashSecret(token)}`;
}

export async function saveToken(db: Q, input: { purpose: TokenPurpose; token: string; value: string; expiresAt: number; now: number }): Promise<void> {
  await db
    .insertInto("verification")
    .values({
      id: newId(),
      identifier: identifierFor(input.purpose, input.token),
      value: input.value,
      expiresAt: input.expiresAt,
      nonce: null,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .execute();
}

/**
 * Store `token` (hashed) for `purpose`, valid `lifetimeSeconds` from now. `data` is what the
 * token stands for (at least the user's id), kept as JSON.
 */
export async function issueToken(
  db: Q,
  now: number,
  input: { purpose: TokenPurpose; token: string; data: { userId: string } & Record<string, unknown>; lifetimeSeconds: number },
): Promise<void> {
  await saveToken(db, { purpose: input.purpose, token: input.token, value: JSON.stringify(input.data), expiresAt: now + input.lifetimeSeconds * 1000, now });
}

/** Look without using (e.g. to validate a reset link before showing the form). */
export function peekToken(db: Q, purpose: TokenPurpose, token: string): Promise<VerificationRow | undefined> {
  return db.selectFrom("verification").selectAll().where("identifier", "=", identifierFor(purpose, token)).executeTakeFirst();
}

/** Delete and return the token's row; undefined when it was never issued or already used. */
export function consumeToken(db: Q, purpose: TokenPurpose, token: string): Promise<VerificationRow | undefined> {
  return db.deleteFrom("verification").where("identifier", "=", identifierFor(purpose, token)).returningAll().executeTakeFirst();
}

export async function deleteExpiredTokens(db: Q, now: number): Promise<number> {
  const result = await db.deleteFrom("verification").where("expiresAt", "<=", now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
