/**
 * One store for one-time secrets (server/core/one-time.ts).
 *
 * - verification.userId: whose secret a row is, as a real column with a cascading foreign key.
 *   Before, deleting a user searched `value` for `"userId":"…"` (a scan that depends on each
 *   store's JSON shape, and missed trusted devices, whose value was the bare id); now a user's
 *   secrets go with the user, and "forget this user's trusted devices" is an indexed delete.
 * - identifier becomes unique, so "issue unless this secret is already live" is one insert that
 *   a second, concurrent one cannot also win (an ID token is used once).
 * - Existing rows: the pending two-factor sign-ins move from `two-factor:` to
 *   `two-factor-pending:`, the owner is copied out of `value` into `userId` (bare ids become
 *   `{}`), and duplicate identifiers (a mailed code sent twice at once) keep only the newest.
 */
import { sql, type Kysely } from "kysely";

interface Row {
  id: string;
  identifier: string;
  value: string;
}

/** The owner a row written before this migration names, and the value to keep. */
function ownerOf(row: Row): { userId: string | null; value: string } {
  if (row.identifier.startsWith("trust-device:") || row.identifier.startsWith("passkey-session:")) return { userId: row.value, value: "{}" };
  try {
    const parsed = JSON.parse(row.value) as { userId?: unknown; link?: { userId?: unknown } } | null;
    const userId = parsed?.userId ?? parsed?.link?.userId;
    return { userId: typeof userId === "string" ? userId : null, value: row.value };
  } catch {
    return { userId: null, value: row.value };
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("verification")
    .addColumn("userId", "text", (c) => c.references("user.id").onDelete("cascade"))
    .execute();

  const rows = (await db.selectFrom("verification").select(["id", "identifier", "value"]).orderBy("createdAt", "desc").orderBy("id").execute()) as Row[];
  const seen = new Set<string>();
  for (const row of rows) {
    const identifier = row.identifier.startsWith("two-factor:") ? `two-factor-pending:${row.identifier.slice("two-factor:".length)}` : row.identifier;
    if (seen.has(identifier)) {
      await db.deleteFrom("verification").where("id", "=", row.id).execute();
      continue;
    }
    seen.add(identifier);
    const owner = ownerOf(row);
    const exists = owner.userId ? await db.selectFrom("user").select("id").where("id", "=", owner.userId).executeTakeFirst() : undefined;
    await db
      .updateTable("verification")
      .set({ identifier, value: owner.value, userId: exists ? owner.userId : null })
      .where("id", "=", row.id)
      .execute();
  }

  await db.schema.dropIndex("verification_identifier_idx").execute();
  await db.schema.createIndex("verification_identifier_key").on("verification").column("identifier").unique().execute();
  await db.schema.createIndex("verification_userId_idx").on("verification").column("userId").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("verification_userId_idx").execute();
  await db.schema.dropIndex("verification_identifier_key").execute();
  await db.schema.createIndex("verification_identifier_idx").on("verification").column("identifier").execute();
  await sql`update verification set identifier = 'two-factor:' || substr(identifier, ${"two-factor-pending:".length + 1}) where identifier like 'two-factor-pending:%'`.execute(db);
  await db.schema.alterTable("verification").dropColumn("userId").execute();
}
