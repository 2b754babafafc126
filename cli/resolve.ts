/** Users may be named by id or by email everywhere; organizations by id or slug. */
import type { LatchkeyClient } from "../shared/client/index.js";
import type { User } from "../shared/contract/schemas.js";
import { fill, messages, text } from "./i18n/index.js";
import { CliError, EXIT } from "./exit-codes.js";

export async function resolveUser(client: LatchkeyClient, ref: string): Promise<User> {
  const wanted = ref.trim();
  if (wanted.includes("@")) {
    const email = wanted.toLowerCase();
    const answer = await client.adminListUsers({ filterField: "email", filterOperator: "eq", filterValue: email, limit: 2 });
    const user = answer.users.find((candidate) => candidate.email.toLowerCase() === email);
    if (!user) throw new CliError(fill(messages().users.noUserEmail, { email: wanted }), EXIT.NOT_FOUND, "USER_NOT_FOUND");
    return user;
  }
  try {
    return await client.adminGetUser({ id: wanted });
  } catch (error) {
    if ((error as { status?: number }).status === 404) throw new CliError(fill(messages().users.noUserId, { id: wanted }), EXIT.NOT_FOUND, "USER_NOT_FOUND");
    throw error;
  }
}

/** Roles on the command line: `admin` or `admin,support`. */
export function parseRoles(list: string): string | string[] {
  const roles = list.split(",").map((role) => role.trim()).filter(Boolean);
  if (roles.length === 0) throw new CliError(text("checks", "roleEmpty"), EXIT.USAGE, "INVALID_ROLE");
  return roles.length === 1 ? roles[0]! : roles;
}
