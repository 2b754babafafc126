import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";
import { signUpAdmin } from "./admin-helpers.js";

let server: TestServer;
let admin: { token: string; userId: string; email: string };
const T0 = Date.UTC(2026, 0, 1);

/** A known data set: 10 users with chosen names, emails, roles, flags and creation times. */
const people = [
  { name: "Alice Archer", email: "alice@alpha.test", role: "user", banned: 0, emailVerified: 1 },
  { name: "bob Baker", email: "bob@beta.test", role: "user", banned: 1, emailVerified: 0 },
  { name: "Carol Cooper", email: "carol@alpha.test", role: "support", banned: 0, emailVerified: 1 },
  { name: "Dave Dyer", email: "dave@gamma.test", role: "user", banned: 0, emailVerified: 0 },
  { name: "Eve Evans", email: "eve@beta.test", role: "admin", banned: 0, emailVerified: 1 },
  { name: "Frank Fisher", email: "frank@alpha.test", role: "user", banned: 1, emailVerified: 1 },
  { name: "Grace Gardner", email: "grace@gamma.test", role: "user", banned: 0, emailVerified: 1 },
  { name: "Heidi Hunter", email: "heidi_100%@delta.test", role: "user", banned: 0, emailVerified: 0 },
  { name: "Ivan Irwin", email: "ivan@beta.test", role: "user,support", banned: 0, emailVerified: 1 },
  { name: "Judy Joiner", email: "judy@alpha.test", role: "user", banned: 0, emailVerified: 0 },
];

beforeAll(async () => {
  server = await startTestServer({ config: { admin: { roles: { support: { user: ["list"] } } } } });
  admin = await signUpAdmin(server, { email: "zz-admin@omega.test", name: "Zed Admin" });
  // The admin sorts last by creation time too.
  await server.database.db.updateTable("user").set({ createdAt: T0 + 100 * 3600_000 }).where("id", "=", admin.userId).execute();
  await server.database.db
    .insertInto("user")
    .values(
      people.map((p, i) => ({
        id: `u${String(i).padStart(2, "0")}`,
        ...p,
        image: null,
        createdAt: T0 + i * 3600_000,
        updatedAt: T0 + i * 3600_000,
        banReason: p.banned ? "test" : null,
        banExpires: null,
        username: null,
        displayUsername: null,
      })),
    )
    .execute();
});
afterAll(async () => {
  await server.close();
});

async function list(query: Record<string, string | number>) {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const response = await server.request("GET", `/admin/list-users?${search}`, { token: admin.token });
  return response;
}
const names = (body: { users: Array<{ name: string }> }) => body.users.map((u) => u.name.split(" ")[0] ?? "");

describe("list-users", () => {
  it("lists everyone oldest first by default, with total, limit and offset", async () => {
    const response = await list({});
    expect(response.status).toBe(200);
    expect(response.body.total).toBe(11);
    expect(response.body.limit).toBe(100);
    expect(response.body.offset).toBe(0);
    expect(names(response.body)).toEqual(["Alice", "bob", "Carol", "Dave", "Eve", "Frank", "Grace", "Heidi", "Ivan", "Judy", "Zed"]);
  });

  it("searches email with contains by default", async () => {
    const response = await list({ searchValue: "alpha" });
    expect(names(response.body)).toEqual(["Alice", "Carol", "Frank", "Judy"]);
    expect(response.body.total).toBe(4);
  });

  it("searches with starts_with and ends_with", async () => {
    expect(names((await list({ searchValue: "da", searchOperator: "starts_with" })).body)).toEqual(["Dave"]);
    expect(names((await list({ searchValue: "beta.test", searchOperator: "ends_with" })).body)).toEqual(["bob", "Eve", "Ivan"]);
  });

  it("searches names case-insensitively", async () => {
    const response = await list({ searchField: "name", searchValue: "BAKER" });
    expect(names(response.body)).toEqual(["bob"]);
    expect(names((await list({ searchField: "name", searchValue: "er", searchOperator: "ends_with" })).body)).toEqual(["Alice", "bob", "Carol", "Dave", "Frank", "Grace", "Heidi", "Judy"]);
  });

  it("treats % and _ in a search as plain characters", async () => {
    expect(names((await list({ searchValue: "100%" })).body)).toEqual(["Heidi"]);
    expect(names((await list({ searchValue: "_" })).body)).toEqual(["Heidi"]);
  });

  it("sorts users without a username first ascending and last descending, on either dialect", async () => {
    await server.database.db.updateTable("user").set({ username: "zoe", displayUsername: "zoe" }).where("id", "=", "u03").execute();
    await server.database.db.updateTable("user").set({ username: "amy", displayUsername: "amy" }).where("id", "=", "u06").execute();
    try {
      const ascending = names((await list({ sortBy: "username" })).body);
      expect(ascending.slice(-2)).toEqual(["Grace", "Dave"]);
      const descending = names((await list({ sortBy: "username", sortDirection: "desc", limit: 2 })).body);
      expect(descending).toEqual(["Dave", "Grace"]);
    } finally {
      await server.database.db.updateTable("user").set({ username: null, displayUsername: null }).where("id", "in", ["u03", "u06"]).execute();
    }
  });

  it("sorts by a field in either direction", async () => {
    expect(names((await list({ sortBy: "email", sortDirection: "desc", limit: 3 })).body)).toEqual(["Zed", "Judy", "Ivan"]);
    expect(names((await list({ sortBy: "createdAt", sortDirection: "desc", limit: 2 })).body)).toEqual(["Zed", "Judy"]);
    // SQLite compares names byte-wise: upper case sorts before lower case.
    expect(names((await list({ sortBy: "name", limit: 3 })).body)).toEqual(["Alice", "Carol", "Dave"]);
  });

  it("filters with eq, ne, lt, lte, gt, gte and in", async () => {
    expect(names((await list({ filterField: "role", filterValue: "admin" })).body)).toEqual(["Eve", "Zed"]);
    expect(names((await list({ filterField: "banned", filterValue: "true" })).body)).toEqual(["bob", "Frank"]);
    expect((await list({ filterField: "banned", filterValue: "false" })).body.total).toBe(9);
    expect((await list({ filterField: "emailVerified", filterValue: "true", filterOperator: "ne" })).body.total).toBe(5);
    const at = new Date(T0 + 3 * 3600_000).toISOString();
    expect(names((await list({ filterField: "createdAt", filterValue: at, filterOperator: "lt" })).body)).toEqual(["Alice", "bob", "Carol"]);
    expect((await list({ filterField: "createdAt", filterValue: at, filterOperator: "lte" })).body.total).toBe(4);
    expect((await list({ filterField: "createdAt", filterValue: T0 + 8 * 3600_000, filterOperator: "gt" })).body.total).toBe(2);
    expect((await list({ filterField: "createdAt", filterValue: T0 + 8 * 3600_000, filterOperator: "gte" })).body.total).toBe(3);
    expect(names((await list({ filterField: "role", filterValue: "support,user,support", filterOperator: "in" })).body)).toEqual(["Alice", "bob", "Carol", "Dave", "Frank", "Grace", "Heidi", "Judy"]);
  });

  it("combines a search, a filter and a sort", async () => {
    const response = await list({ searchValue: "alpha", filterField: "banned", filterValue: "false", sortBy: "name", sortDirection: "desc" });
    expect(names(response.body)).toEqual(["Judy", "Carol", "Alice"]);
    expect(response.body.total).toBe(3);
  });

  it("pages with limit and offset, the total counting every match", async () => {
    const seen: string[] = [];
    for (let offset = 0; offset < 11; offset += 4) {
      const response = await list({ limit: 4, offset, sortBy: "email" });
      expect(response.body.total).toBe(11);
      expect(response.body).toMatchObject({ limit: 4, offset });
      seen.push(...names(response.body));
    }
    expect(seen).toHaveLength(11);
    expect(new Set(seen).size).toBe(11);
    const beyond = await list({ limit: 4, offset: 20 });
    expect(beyond.body).toMatchObject({ users: [], total: 11 });
  });

  it("refuses an unknown sort field, a bad flag value and a bad limit with 400", async () => {
    for (const query of <Array<Record<string, string | number>>>[{ sortBy: "password" }, { filterField: "banned", filterValue: "maybe" }, { limit: "lots" }, { limit: 0 }, { filterField: "createdAt", filterValue: "yesterday" }]) {
      const response = await list(query);
      expect(response.status, JSON.stringify(query)).toBe(400);
      expect(response.body.code).toBe("VALIDATION_ERROR");
    }
  });

  it("lets a custom role holding user:list list users", async () => {
    await server.database.db.updateTable("user").set({ role: "support" }).where("id", "=", "u02").execute();
    const session = await server.request("POST", "/admin/create-user", { token: admin.token, body: { email: "lister@omega.test", password: "password123", name: "Lister", role: "support" } });
    const signIn = await server.request("POST", "/sign-in/email", { body: { email: "lister@omega.test", password: "password123" } });
    expect(session.status).toBe(200);
    const response = await server.request("GET", "/admin/list-users?limit=1", { token: signIn.body.token });
    expect(response.status).toBe(200);
    expect(response.body.total).toBe(12);
  });
});
