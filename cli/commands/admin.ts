/** `auth admin …`: user, session and audit administration (needs an administrator session). */
import type { Command } from "commander";
import { registerAdminSessionCommands } from "./admin-sessions.js";
import { registerAdminUserCommands } from "./admin-users.js";
import { registerAuditCommands } from "./audit.js";

export function registerAdminCommands(program: Command): void {
  const admin = program.command("admin").description("administer users, sessions and the audit log (administrator session needed)");
  registerAdminUserCommands(admin);
  registerAdminSessionCommands(admin);
  registerAuditCommands(admin);
}
