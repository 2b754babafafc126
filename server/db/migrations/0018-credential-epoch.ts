/**
 * The credential epoch (issue 43): a per-user counter (a "security stamp") that every change
 * which must end sign-ins — a ban, a password change, reset or set, a revoke-all, a demotion —
 * moves in the same transaction as the change. A sign-in captures it before the slow proof and
 * issues its session only while it is unchanged (server/core/session/epoch.ts), so a sign-in that
 * raced such a change loses instead of leaving a session minted under the old state.
 */
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("user").addColumn("credentialEpoch", "integer", (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("user").dropColumn("credentialEpoch").execute();
}
