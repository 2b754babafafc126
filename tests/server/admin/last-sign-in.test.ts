/** lastSignInAt / lastSignInMethod: written by sign-ins, never by impersonation, shown to administrators only. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";
import { signUpAdmin } from "./admin-helpers.js";

let server: TestServer;
let admin: { token: string; userId: string };
beforeAll(async () => {
  server = await startTestServer();
  admin = await signUpAdmin(server);
});
afterAll(async () => {
  await server.close();
});

async function adminView(userId: string) {
  const response = await server.request("GET", `/admin/get-user?id=${userId}`, { token: admin.token });
  expect(response.status).toBe(200);
  return response.body as { lastSignInAt: string | null; lastSignInMethod: string | null };
}

describe("last sign-in", () => {
  it("records the sign-up that signs in as an email sign-in", async () => {
    const at = server.clock.now();
    const user = await server.signUp();
    expect(await adminView(user.userId)).toMatchObject({ lastSignInAt: new Date(at).toISOString(), lastSignInMethod: "email" });
  });

  it("records the time and method of each email and username sign-in", async () => {
    const user = await server.signUp({ username: `last_${Date.now() % 100000}` });
    server.clock.advance(60_000);
    const byUsername = await server.request("POST", "/sign-in/username", { body: { username: (await server.database.db.selectFrom("user").select("username").where("id", "=", user.userId).executeTakeFirstOrThrow()).username, password: user.password } });
    expect(byUsername.status).toBe(200);
    expect(await adminView(user.userId)).toEqual(expect.objectContaining({ lastSignInAt: new Date(server.clock.now()).toISOString(), lastSignInMethod: "username" }));
    server.clock.advance(60_000);
    const byEmail = await server.request("POST", "/sign-in/email", { body: { email: user.email, password: user.password } });
    expect(byEmail.status).toBe(200);
    expect(await adminView(user.userId)).toEqual(expect.objectContaining({ lastSignInAt: new Date(server.clock.now()).toISOString(), lastSignInMethod: "email" }));
  });

  it("leaves them unchanged after a refused sign-in, a password change or an impersonation", async () => {
    const user = await server.signUp();
    const before = await adminView(user.userId);
    server.clock.advance(60_000);
    expect((await server.request("POST", "/sign-in/email", { body: { email: user.email, password: "wrong password!" } })).status).toBe(401);
    const changed = await server.request("POST", "/change-password", { token: user.token, body: { currentPassword: user.password, newPassword: "another good password", revokeOtherSessions: true } });
    expect(changed.status).toBe(200);
    const impersonated = await server.request("POST", "/admin/impersonate-user", { token: admin.token, body: { userId: user.userId } });
    expect(impersonated.status).toBe(200);
    expect(await adminView(user.userId)).toEqual(before);
  });

  it("is not part of get-session, sign-in or other answers about oneself", async () => {
    const user = await server.signUp();
    const signIn = await server.request("POST", "/sign-in/email", { body: { email: user.email, password: user.password } });
    expect(signIn.body.user).not.toHaveProperty("lastSignInAt");
    const session = await server.request("GET", "/get-session", { token: user.token });
    expect(session.body.user).not.toHaveProperty("lastSignInAt");
    expect(session.body.user).not.toHaveProperty("lastSignInMethod");
    const updated = await server.request("POST", "/update-user", { token: user.token, body: { name: "Renamed" } });
    expect(updated.status).toBe(200);
    expect(JSON.stringify(updated.body)).not.toContain("lastSignIn");
  });

  it("cannot be set through update-user or create-user", async () => {
    const user = await server.signUp();
    for (const [path, body] of [
      ["/admin/update-user", { userId: user.userId, data: { lastSignInAt: Date.now() } }],
      ["/admin/update-user", { userId: user.userId, data: { lastSignInMethod: "passkey" } }],
      ["/admin/create-user", { email: "set-last@example.com", name: "X", data: { lastSignInMethod: "passkey" } }],
      ["/update-user", { lastSignInMethod: "passkey" }],
    ] as const) {
      // Unknown keys are dropped as better-auth drops them (issue 12): the update has nothing
      // left to change, the created user gets no sign-in record.
      const response = await server.request("POST", path, { token: path === "/update-user" ? user.token : admin.token, body });
      expect(response.status, path).toBeLessThan(500);
      if (path === "/admin/create-user") {
        expect(response.status).toBe(200);
        expect(response.body.user.lastSignInMethod ?? null).toBeNull();
      } else {
        expect(response.status, path).toBe(400);
        expect(response.body.code, path).toBe(path === "/update-user" ? "NO_FIELDS_TO_UPDATE" : "NO_DATA_TO_UPDATE");
      }
    }
    expect((await adminView(user.userId)).lastSignInMethod).toBe("email");
  });

  it("records an automatic sign-in after email verification as email-verification", async () => {
    const other = await startTestServer({ config: { emailAndPassword: { requireEmailVerification: true }, emailVerification: { autoSignInAfterVerification: true } } });
    try {
      const otherAdmin = await signUpAdmin(other).catch(() => null);
      expect(otherAdmin).toBeNull(); // sign-up cannot sign in before verification
      const signUp = await other.request("POST", "/sign-up/email", { body: { email: "verify-last@example.com", password: "correct horse battery", name: "V" } });
      expect(signUp.status).toBe(200);
      const userId = signUp.body.user.id as string;
      const row = () => other.database.db.selectFrom("user").select(["lastSignInAt", "lastSignInMethod"]).where("id", "=", userId).executeTakeFirstOrThrow();
      expect(await row()).toEqual({ lastSignInAt: null, lastSignInMethod: null });
      const [mail] = await other.outbox("verify-last@example.com");
      const verified = await other.request("GET", `/verify-email?token=${mail!.token}`);
      expect(verified.status).toBe(200);
      const after = await row();
      expect(after.lastSignInMethod).toBe("email-verification");
      expect(Number(after.lastSignInAt)).toBe(other.clock.now());
    } finally {
      await other.close();
    }
  });
});

describe("list-users and lastSignInAt", () => {
  const T0 = Date.UTC(2026, 5, 1);
  let fresh: TestServer;
  let token: string;
  beforeAll(async () => {
    fresh = await startTestServer();
    const signed = await signUpAdmin(fresh, { email: "zz-admin@last.test" });
    token = signed.token;
    // The admin signed in at sign-up; put them after everyone by creation and sign-in time.
    await fresh.database.db.updateTable("user").set({ createdAt: T0 + 99 * 3600_000, lastSignInAt: T0 + 99 * 3600_000 }).where("id", "=", signed.userId).execute();
    const times = [3, null, 1, null, 2];
    await fresh.database.db
      .insertInto("user")
      .values(
        times.map((hour, i) => ({
          id: `ls${i}`,
          email: `ls${i}@last.test`,
          name: `Last ${i}`,
          image: null,
          emailVerified: 0,
          createdAt: T0 + i * 3600_000,
          updatedAt: T0 + i * 3600_000,
          role: "user",
          banned: 0,
          banReason: null,
          banExpires: null,
          username: null,
          displayUsername: null,
          lastSignInAt: hour === null ? null : T0 + hour * 3600_000,
          lastSignInMethod: hour === null ? null : "email",
        })),
      )
      .execute();
  });
  afterAll(async () => {
    await fresh.close();
  });
  const ids = (body: { users: Array<{ id: string }> }) => body.users.map((u) => u.id);

  it("sorts by lastSignInAt with users who never signed in first ascending and last descending, on either database", async () => {
    const asc = await fresh.request("GET", "/admin/list-users?sortBy=lastSignInAt&sortDirection=asc&searchValue=last.test", { token });
    expect(asc.status).toBe(200);
    expect(ids(asc.body).slice(0, 5)).toEqual(["ls1", "ls3", "ls2", "ls4", "ls0"]);
    const desc = await fresh.request("GET", "/admin/list-users?sortBy=lastSignInAt&sortDirection=desc", { token });
    expect(ids(desc.body).slice(1)).toEqual(["ls0", "ls4", "ls2", "ls3", "ls1"]);
    const page = await fresh.request("GET", "/admin/list-users?sortBy=lastSignInAt&limit=2&offset=2", { token });
    expect(ids(page.body)).toEqual(["ls2", "ls4"]);
    expect(page.body.total).toBe(6);
    expect(page.body.users[0]).toMatchObject({ lastSignInAt: new Date(T0 + 3600_000).toISOString(), lastSignInMethod: "email" });
  });

  it("filters on lastSignInAt: never signed in, or since a time", async () => {
    const never = await fresh.request("GET", "/admin/list-users?filterField=lastSignInAt&filterValue=null", { token });
    expect(ids(never.body).sort()).toEqual(["ls1", "ls3"]);
    expect(never.body.users[0].lastSignInAt).toBeNull();
    const since = await fresh.request("GET", `/admin/list-users?filterField=lastSignInAt&filterOperator=gte&filterValue=${new Date(T0 + 2 * 3600_000).toISOString()}&sortBy=lastSignInAt`, { token });
    expect(ids(since.body)).toEqual(["ls4", "ls0", expect.any(String)]);
    const bad = await fresh.request("GET", "/admin/list-users?filterField=lastSignInAt&filterValue=yesterday", { token });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("VALIDATION_ERROR");
  });

  it("refuses to sort by a field that is not sortable", async () => {
    const response = await fresh.request("GET", "/admin/list-users?sortBy=lastSignInMethod", { token });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe("VALIDATION_ERROR");
  });
});
