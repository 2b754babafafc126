/**
 * Which SCIM connection provisioned a user (scimUser, migration 0021), for the administrator's
 * get-user answer. Here in core because features are leaves: admin reads what scim writes. The
 * link is written only by a SCIM create, so no endpoint can set it.
 */
import type { DB } from "../../db/database.js";
import type { ProvisionedBy } from "../../../shared/contract/admin.js";

export async function provisionedBy(db: DB, userId: string): Promise<ProvisionedBy | null> {
  const row = await db
    .selectFrom("scimUser")
    .innerJoin("scimConnection", "scimConnection.id", "scimUser.connectionId")
    .select(["scimConnection.id as connectionId", "scimConnection.name", "scimConnection.organizationId"])
    .where("scimUser.id", "=", userId)
    .executeTakeFirst();
  return row ?? null;
}
