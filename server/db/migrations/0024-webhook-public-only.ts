/**
 * An endpoint registered (or re-pointed) by an API key may only reach public addresses (issue 38:
 * administrators may register any URL, anyone else follows the back-channel URI rules). The check
 * at registration is not enough: the name may resolve elsewhere later (DNS rebinding), so the
 * sender checks again at every try, and needs to know which endpoints the rule binds. Endpoints
 * from before this migration were all registered under the same rule, but by whom is not known;
 * they are left unrestricted, as they were.
 */
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("webhookEndpoint")
    .addColumn("publicOnly", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("webhookEndpoint").dropColumn("publicOnly").execute();
}
