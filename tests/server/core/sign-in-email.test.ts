import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ config: { trustedOrigins: ["https://app.example.com"] } });
  await server.signUp({ email: "ada@example.com", password: "password123" });
});
afterAll(async () => {
  await server.close();
});

describe("sign-in/email", () => {
  it("answers redirect, token, url and user", async () => {
    const response = await server.request("POST", "/sign-in/email", { body: { email: "ADA@example.com", password: "password123" } });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ redirect: false, user: { email: "ada@example.com" } });
    expect(response.body.token).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(response.headers.get("set-auth-token")).toBe(response.body.token);
  });

  it("with a callbackURL answers redirect true and the url", async () => {
    const response = await server.request("POST", "/sign-in/email", { body: { email: "ada@example.com", password: "password123", callbackURL: "/dashboard" } });
    expect(response.body).toMatchObject({ redirect: true, url: "/dashboard" });
  });

  it("gives the same 401 for a wrong password and an unknown email", async () => {
    const wrong = await server.request("POST", "/sign-in/email", { body: { email: "ada@example.com", password: "not-the-password" } });
    const unknown = await server.request("POST", "/sign-in/email", { body: { email: "nobody@example.com", password: "not-the-password" } });
    for (const response of [wrong, unknown]) {
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ code: "INVALID_EMAIL_OR_PASSWORD", message: "Invalid email or password" });
    }
  });

  it("spends a password hash on an unknown email as on a known one", async () => {
    const hasher = server.app.context.passwords;
    let verifies = 0;
    const original = hasher.verify;
    hasher.verify = async (stored, password) => {
      verifies++;
      return original(stored, password);
    };
    try {
      await server.request("POST", "/sign-in/email", { body: { email: "ghost@example.com", password: "whatever123" } });
      expect(verifies).toBe(1);
    } finally {
      hasher.verify = original;
    }
  });

  it("refuses a malformed email with 400 INVALID_EMAIL", async () => {
    const response = await server.request("POST", "/sign-in/email", { body: { email: "ada-at-example", password: "password123" } });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe("INVALID_EMAIL");
  });

  it("refuses a missing password with 400 VALIDATION_ERROR naming the field", async () => {
    const response = await server.request("POST", "/sign-in/email", { body: { email: "ada@example.com" } });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe("VALIDATION_ERROR");
    expect(response.body.message).toBe("Invalid body parameters");
    expect(response.body.issues.map((i: { path: string }) => i.path)).toContain("password");
  });

  it("refuses an untrusted callbackURL with 403 and creates no session", async () => {
    const before = await server.database.db.selectFrom("session").select("id").execute();
    const response = await server.request("POST", "/sign-in/email", { body: { email: "ada@example.com", password: "password123", callbackURL: "https://evil.example.net/x" } });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ code: "INVALID_CALLBACK_URL", message: "Invalid callbackURL" });
    const after = await server.database.db.selectFrom("session").select("id").execute();
    expect(after.length).toBe(before.length);
  });

  it("accepts a callbackURL on a configured trusted origin", async () => {
    const response = await server.request("POST", "/sign-in/email", { body: { email: "ada@example.com", password: "password123", callbackURL: "https://app.example.com/home" } });
    expect(response.status).toBe(200);
  });

  it.each(["//evil.example.net", "/\\evil.example.net", "javascript:alert(1)"])("refuses the protocol-relative or scripted callbackURL %s", async (callbackURL) => {
    const response = await server.request("POST", "/sign-in/email", { body: { email: "ada@example.com", password: "password123", callbackURL } });
    expect(response.status).toBe(403);
  });

  it("stores only a hash of the session token", async () => {
    const response = await server.request("POST", "/sign-in/email", { body: { email: "ada@example.com", password: "password123" } });
    const rows = await server.database.db.selectFrom("session").select("token").execute();
    expect(rows.some((row) => row.token === response.body.token)).toBe(false);
  });
});
