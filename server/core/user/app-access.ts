/**
 * What a person granted the apps that sign in through Latchkey's OpenID provider
 * (features/oauth-provider): their remembered consents and every access and refresh token the
 * apps hold for them. A ban takes all of it away in the ban's own transaction (issue 23), so an
 * app's next refresh or introspection finds nothing; deleting the user cascades the same rows.
 */
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";

export async function revokeAppAccessOf(db: Kysely<Database>, userId: string): Promise<{ tokens: number; consents: number }> {
  const tokens = await db.deleteFrom("oauthToken").where("userId", "=", userId).executeTakeFirst();
  const consents = await db.deleteFrom("oauthConsent").where("userId", "=", userId).executeTakeFirst();
  return { tokens: Number(tokens.numDeletedRows), consents: Number(consents.numDeletedRows) };
}
