import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe("sign-up/email", () => {
  it("creates the user with a lowercased email and answers a token", async () => {
    const response = await server.request("POST", "/sign-up/email", { body: { email: "  Grace@Example.COM ", password: "password123", name: "Grace" } });
    expect(response.status).toBe(200);
    expect(response.body.user.email).toBe("grace@example.com");
    expect(response.body.user.emailVerified).toBe(false);
    expect(response.body.user.role).toBe("user");
    expect(response.body.token).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(response.headers.get("set-auth-token")).toBe(response.body.token);
    expect(response.cookies.some((c) => c.startsWith("latchkey.session_token=") && c.includes("HttpOnly") && c.includes("SameSite=Lax"))).toBe(true);
  });

  it("refuses an email that is already registered with 422", async () => {
    await server.signUp({ email: "taken@example.com" });
    const response = await server.request("POST", "/sign-up/email", { body: { email: "TAKEN@example.com", password: "password123", name: "Again" } });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ code: "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL", message: "User already exists. Use another email." });
  });

  it("refuses an invalid email", async () => {
    const response = await server.request("POST", "/sign-up/email", { body: { email: "not-an-email", password: "password123", name: "X" } });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ code: "INVALID_EMAIL", message: "Invalid email" });
  });

  it("enforces the password length limits", async () => {
    const short = await server.request("POST", "/sign-up/email", { body: { email: "short@example.com", password: "1234567", name: "X" } });
    expect(short.body).toEqual({ code: "PASSWORD_TOO_SHORT", message: "Password too short", issues: [{ path: "password", message: "at least 8 characters" }] });
    const long = await server.request("POST", "/sign-up/email", { body: { email: "long@example.com", password: "x".repeat(129), name: "X" } });
    expect(long.body).toEqual({ code: "PASSWORD_TOO_LONG", message: "Password too long", issues: [{ path: "password", message: "at most 128 characters" }] });
    const users = await server.database.db.selectFrom("user").select("email").where("email", "in", ["short@example.com", "long@example.com"]).execute();
    expect(users).toEqual([]);
  });

  it("stores an argon2id hash, never the password", async () => {
    const { userId } = await server.signUp({ email: "hash@example.com", password: "my secret password" });
    const account = await server.database.db.selectFrom("account").selectAll().where("userId", "=", userId).executeTakeFirstOrThrow();
    expect(account.providerId).toBe("credential");
    expect(account.password).toMatch(/^\$argon2id\$/);
    expect(account.password).not.toContain("my secret password");
  });

  it("of two concurrent sign-ups for one email, exactly one succeeds", async () => {
    const body = { email: "race@example.com", password: "password123", name: "Race" };
    const results = await Promise.all([server.request("POST", "/sign-up/email", { body }), server.request("POST", "/sign-up/email", { body })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 422]);
  });
});
