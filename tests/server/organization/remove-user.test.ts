/** Issue item 7: deleting a user never leaves an organization without an owner. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "../../../shared/errors.js";
import { organizationsOnlyOwnedBy, removeUser } from "../../../server/core/user/remove-user.js";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";
import { createOrganization, seedMember, users } from "./support.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

async function userExists(id: string): Promise<boolean> {
  return Boolean(await server.database.db.selectFrom("user").select("id").where("id", "=", id).executeTakeFirst());
}

describe("removeUser and organization ownership", () => {
  it("refuses while the user is the only owner of an organization that has other members", async () => {
    const [owner, member] = await users(server, 2);
    const org = await createOrganization(server, owner!);
    await seedMember(server, org.id, member!.userId, "member");
    expect(await organizationsOnlyOwnedBy(server.database.db, owner!.userId)).toEqual([org.id]);
    const error = await removeUser(server.app.context, owner!.userId).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe("ORGANIZATION_HAS_NO_OTHER_OWNER");
    expect((error as ApiError).status).toBe(400);
    expect(await userExists(owner!.userId)).toBe(true);
  });

  it("allows it once another owner exists, keeping the organization", async () => {
    const [owner, coOwner] = await users(server, 2);
    const org = await createOrganization(server, owner!);
    await seedMember(server, org.id, coOwner!.userId, "member, owner");
    await removeUser(server.app.context, owner!.userId);
    expect(await userExists(owner!.userId)).toBe(false);
    const members = await server.database.db.selectFrom("member").select("userId").where("organizationId", "=", org.id).execute();
    expect(members).toEqual([{ userId: coOwner!.userId }]);
  });

  it("removes an organization the user was alone in", async () => {
    const [loner] = await users(server, 1);
    const org = await createOrganization(server, loner!);
    await removeUser(server.app.context, loner!.userId);
    expect(await server.database.db.selectFrom("organization").select("id").where("id", "=", org.id).executeTakeFirst()).toBeUndefined();
  });

  it("refuses over HTTP: POST /delete-user answers the ownership error and keeps the account", async () => {
    const [owner, member] = await users(server, 2);
    const org = await createOrganization(server, owner!);
    await seedMember(server, org.id, member!.userId, "admin");
    const refused = await server.request("POST", "/delete-user", { token: owner!.token, body: { password: owner!.password } });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe("ORGANIZATION_HAS_NO_OTHER_OWNER");
    expect(await userExists(owner!.userId)).toBe(true);
    // Hand ownership over, then deletion goes through.
    const memberId = (await server.database.db.selectFrom("member").select("id").where("userId", "=", member!.userId).executeTakeFirstOrThrow()).id;
    expect((await server.request("POST", "/organization/update-member-role", { token: owner!.token, body: { organizationId: org.id, memberId, role: "owner" } })).status).toBe(200);
    const deleted = await server.request("POST", "/delete-user", { token: owner!.token, body: { password: owner!.password } });
    expect(deleted.status).toBe(200);
    expect(await userExists(owner!.userId)).toBe(false);
  });
});
