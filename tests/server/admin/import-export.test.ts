import { randomBytes, scryptSync } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";
import { auditRows, signUpAdmin } from "./admin-helpers.js";

let server: TestServer;
let admin: { token: string; userId: string };

beforeAll(async () => {
  server = await startTestServer();
  admin = await signUpAdmin(server);
});
afterAll(async () => {
  await server.close();
});

/** A password hash in better-auth's scrypt format: hex salt (used as text) and 64-byte hex key. */
function betterAuthScrypt(password: string): string {
  const salt = randomBytes(16).toString("hex");
  const key = scryptSync(password.normalize("NFKC"), salt, 64, { N: 16384, r: 16, p: 1, maxmem: 64 * 1024 * 1024 });
  return `${salt}:${key.toString("hex")}`;
}

const importUsers = (users: unknown[], token = admin.token) => server.request("POST", "/admin/import-users", { token, body: { users } });
const signIn = (email: string, password: string) => server.request("POST", "/sign-in/email", { body: { email, password } });

describe("import-users", () => {
  it("answers a non-administrator 403 before looking at the body, whatever it holds (#19)", async () => {
    const plain = await server.signUp();
    const bodies: unknown[] = [{}, { users: [] }, { users: "x" }, { users: [{ email: "a@example.com" }] }, { users: [{ email: "a@example.com", name: "A", passwordhash: "x" }] }, { users: [{ email: "ok@example.com", name: "Ok" }] }];
    for (const body of bodies) {
      const response = await server.request("POST", "/admin/import-users", { token: plain.token, body });
      expect(response.status, JSON.stringify(body)).toBe(403);
      expect(response.body).toEqual({ code: "YOU_ARE_NOT_ALLOWED_TO_CREATE_USERS", message: expect.any(String) });
    }
    // No caller at all: 401, also before the body.
    expect((await server.request("POST", "/admin/import-users", { body: { users: "x" } })).status).toBe(401);
    // An administrator still gets the body's problems, keys named.
    const bad = await server.request("POST", "/admin/import-users", { token: admin.token, body: { users: [{ email: "a@example.com", name: "A", passwordhash: "x" }] } });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("VALIDATION_ERROR");
    expect(JSON.stringify(bad.body.issues)).toContain("passwordhash");
  });

  it("imports a better-auth scrypt hash that signs in and is upgraded to argon2id", async () => {
    const response = await importUsers([{ email: "Scrypt@Example.com", name: "Scrypt", passwordHash: betterAuthScrypt("migrated password"), emailVerified: true }]);
    expect(response.status).toBe(200);
    expect(response.body.results).toEqual([{ email: "scrypt@example.com", ok: true, id: expect.any(String) }]);
    const signedIn = await signIn("scrypt@example.com", "migrated password");
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user.emailVerified).toBe(true);
    const account = await server.database.db.selectFrom("account").select("password").where("userId", "=", response.body.results[0].id).executeTakeFirstOrThrow();
    expect(account.password).toMatch(/^\$argon2id\$/);
    expect((await signIn("scrypt@example.com", "wrong password")).status).toBe(401);
  });

  it("imports an argon2id hash, a role, a username and the original creation time", async () => {
    const hash = await server.app.context.passwords.hash("argon password");
    const createdAt = "2020-05-01T10:00:00.000Z";
    const response = await importUsers([{ email: "argon@example.com", name: "Argon", passwordHash: hash, role: "admin", username: "Argon_1", createdAt }]);
    const id = response.body.results[0].id;
    const user = await server.request("GET", `/admin/get-user?id=${id}`, { token: admin.token });
    expect(user.body).toMatchObject({ role: "admin", username: "argon_1", displayUsername: "Argon_1", createdAt });
    expect((await signIn("argon@example.com", "argon password")).status).toBe(200);
  });

  it("reports each bad row and still imports the good ones", async () => {
    await server.signUp({ email: "taken@example.com" });
    const response = await importUsers([
      { email: "good1@example.com", name: "Good" },
      { email: "not-an-email", name: "Bad" },
      { email: "taken@example.com", name: "Taken" },
      { email: "good1@example.com", name: "Twice" },
      { email: "plain@example.com", name: "Plain", passwordHash: "hunter2" },
      { email: "wizard@example.com", name: "Wizard", role: "wizard" },
      { email: "good2@example.com", name: "Good too", createdAt: 1_600_000_000_000 },
    ]);
    expect(response.status).toBe(200);
    expect(response.body.results.map((r: { ok: boolean; code?: string }) => r.code ?? "ok")).toEqual([
      "ok",
      "INVALID_EMAIL",
      "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL",
      "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL",
      "INVALID_PASSWORD_HASH",
      "YOU_ARE_NOT_ALLOWED_TO_SET_NON_EXISTENT_VALUE",
      "ok",
    ]);
    const imported = await server.database.db.selectFrom("user").select("email").where("email", "in", ["good1@example.com", "good2@example.com", "plain@example.com"]).execute();
    expect(imported.map((u) => u.email).sort()).toEqual(["good1@example.com", "good2@example.com"]);
    const events = await auditRows(server, "user.import");
    expect(events.filter((e) => e.actorId === admin.userId).length).toBeGreaterThanOrEqual(4);
  });

  it("takes at most 500 rows per call", async () => {
    const rows = Array.from({ length: 501 }, (_, i) => ({ email: `bulk${i}@example.com`, name: "Bulk" }));
    const response = await importUsers(rows);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe("VALIDATION_ERROR");
  });
});

describe("export-users", () => {
  it("pages through every user by cursor, with password hashes", async () => {
    await importUsers([{ email: "nohash@example.com", name: "No Hash" }]);
    const all: Array<{ id: string; email: string; passwordHash: string | null }> = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?limit=3&cursor=${cursor}` : "?limit=3";
      const page = await server.request("GET", `/admin/export-users${query}`, { token: admin.token });
      expect(page.status).toBe(200);
      expect(page.body.users.length).toBeLessThanOrEqual(3);
      all.push(...page.body.users);
      cursor = page.body.nextCursor;
    } while (cursor);
    const total = await server.database.db.selectFrom("user").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(all).toHaveLength(Number(total.n));
    expect(new Set(all.map((u) => u.id)).size).toBe(all.length);
    expect(all.find((u) => u.email === "nohash@example.com")?.passwordHash).toBeNull();
    expect(all.find((u) => u.id === admin.userId)?.passwordHash).toMatch(/^\$argon2id\$/);
    expect((await auditRows(server, "user.export")).length).toBeGreaterThan(0);
  });

  it("round trip: users exported from one server sign in on another", async () => {
    const user = await server.signUp({ email: "traveller@example.com", password: "travel password" });
    const page = await server.request("GET", "/admin/export-users?limit=1000", { token: admin.token });
    const exported = page.body.users.find((u: { id: string }) => u.id === user.userId);
    const target = await startTestServer();
    try {
      const targetAdmin = await signUpAdmin(target);
      const { email, name, role, emailVerified, passwordHash, createdAt } = exported;
      const result = await target.request("POST", "/admin/import-users", { token: targetAdmin.token, body: { users: [{ email, name, role, emailVerified, passwordHash, createdAt }] } });
      expect(result.body.results[0].ok).toBe(true);
      expect((await target.request("POST", "/sign-in/email", { body: { email: "traveller@example.com", password: "travel password" } })).status).toBe(200);
    } finally {
      await target.close();
    }
  });
});
