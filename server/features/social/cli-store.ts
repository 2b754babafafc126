/**
 * The command line's one-time secrets, in the `verification` table, each under the SHA-256 of
 * the secret (a copy of the database cannot answer for anyone):
 *   `cli-approval:<hash of the browser's handle>` — a provider round trip awaiting the person's approval;
 *   `cli-social:<hash of the code>` — an approved sign-in awaiting the CLI's verifier.
 * Taking deletes and returns in one statement, so each is used at most once even by concurrent
 * requests. Every storage call of the CLI sign-in is here, so moving them to a shared one-time
 * store is one file's change.
 */
import type { AppContext } from "../../context.js";
import { hashSecret, newId } from "../../crypto/tokens.js";

export type CliSecretKind = "cli-approval" | "cli-social";

export async function saveCliSecret(app: AppContext, kind: CliSecretKind, secret: string, value: unknown, lifetimeSeconds: number): Promise<void> {
  const now = app.clock.now();
  await app.db
    .insertInto("verification")
    .values({ id: newId(), identifier: `${kind}:${hashSecret(secret)}`, value: JSON.stringify(value), expiresAt: now + lifetimeSeconds * 1000, nonce: null, createdAt: now, updatedAt: now })
    .execute();
}

/** The stored value while it lasts, left in place (the approval page may be reloaded). */
export async function peekCliSecret<T>(app: AppContext, kind: CliSecretKind, secret: string): Promise<T | undefined> {
  const row = await app.db.selectFrom("verification").selectAll().where("identifier", "=", `${kind}:${hashSecret(secret)}`).executeTakeFirst();
  if (!row || Number(row.expiresAt) <= app.clock.now()) return undefined;
  return JSON.parse(row.value) as T;
}

/** The stored value, removed: a second take of the same secret finds nothing. */
export async function takeCliSecret<T>(app: AppContext, kind: CliSecretKind, secret: string): Promise<T | undefined> {
  const row = await app.db.deleteFrom("verification").where("identifier", "=", `${kind}:${hashSecret(secret)}`).returningAll().executeTakeFirst();
  if (!row || Number(row.expiresAt) <= app.clock.now()) return undefined;
  return JSON.parse(row.value) as T;
}
