/** Test helpers for administration suites: an admin is a signed-up user whose role is set in the database. */
import type { TestServer } from "../../helpers/test-server.js";

export async function signUpAdmin(server: TestServer, input: Parameters<TestServer["signUp"]>[0] = {}) {
  const signed = await server.signUp(input);
  await server.database.db.updateTable("user").set({ role: "admin" }).where("id", "=", signed.userId).execute();
  return signed;
}

/** Every audit event recorded so far is written. */
export function flushAudit(server: TestServer): Promise<void> {
  return server.app.context.audit.flush();
}

export async function auditRows(server: TestServer, action: string) {
  await flushAudit(server);
  return server.database.db.selectFrom("auditEvent").selectAll().where("action", "=", action).orderBy("seq", "asc").execute();
}
