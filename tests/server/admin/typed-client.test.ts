/** Latchkey's own typed client (what the CLI and the desktop app use) on the admin endpoints. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ClientError } from "../../../shared/client/index.js";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";
import { signUpAdmin } from "./admin-helpers.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe("typed client on admin endpoints", () => {
  it("lists, bans, reads the audit log and pages an export", async () => {
    const admin = await signUpAdmin(server, { email: "typed-admin@example.com" });
    const client = server.client(admin.token);
    const target = await server.signUp({ email: "typed-target@example.com", name: "Typed Target" });

    const listed = await client.adminListUsers({ searchValue: "typed-target", limit: 5, sortBy: "createdAt", sortDirection: "desc" });
    expect(listed).toMatchObject({ total: 1, limit: 5, offset: 0 });
    expect(listed.users[0]?.id).toBe(target.userId);

    const banned = await client.adminBanUser({ userId: target.userId, banReason: "typed" });
    expect(banned.user.banned).toBe(true);

    await server.app.context.audit.flush();
    const events = await client.adminListAuditEvents({ targetId: target.userId, action: "user.ban" });
    expect(events.events).toHaveLength(1);
    expect(events.events[0]).toMatchObject({ actorId: admin.userId, reason: "typed", success: true });
    expect(events.nextCursor).toBeNull();

    const page = await client.adminExportUsers({ limit: 1 });
    expect(page.users).toHaveLength(1);
    expect(page.nextCursor).toBe(page.users[0]?.id);
  });

  it("raises ClientError with the admin code for a plain user", async () => {
    const plain = await server.signUp();
    const error = await server.client(plain.token).adminListUsers({}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ClientError);
    expect(error).toMatchObject({ status: 403, code: "YOU_ARE_NOT_ALLOWED_TO_LIST_USERS" });
  });
});
