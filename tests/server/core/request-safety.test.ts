import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";

describe("request safety", () => {
  let server: TestServer;
  let cookie: string;
  beforeAll(async () => {
    server = await startTestServer({ config: { trustedOrigins: ["https://app.example.com", "https://*.preview.example.com"], bodyLimitBytes: 4096 } });
    const { email, password } = await server.signUp();
    const signIn = await server.request("POST", "/sign-in/email", { body: { email, password } });
    cookie = (signIn.cookies.find((c) => c.startsWith("latchkey.session_token=")) as string).split(";")[0] as string;
  });
  afterAll(async () => {
    await server.close();
  });

  describe("origin check", () => {
    it("refuses a cookie-bearing POST without Origin or Referer", async () => {
      const response = await server.request("POST", "/sign-out", { cookie });
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ code: "MISSING_OR_NULL_ORIGIN", message: "Missing or null Origin" });
    });

    it("refuses a cookie-bearing POST from an untrusted origin, and the session survives", async () => {
      const response = await server.request("POST", "/sign-out", { cookie, headers: { origin: "https://evil.example.net" } });
      expect(response.status).toBe(403);
      expect(response.body.code).toBe("INVALID_ORIGIN");
      const session = await server.request("GET", "/get-session", { cookie });
      expect(session.body).not.toBeNull();
    });

    it("accepts a trusted Referer when Origin is absent", async () => {
      const response = await server.request("POST", "/sign-in/email", {
        cookie,
        headers: { referer: "https://app.example.com/login" },
        body: { email: "nobody@example.com", password: "password123" },
      });
      expect(response.status).toBe(401);
    });

    it("accepts a wildcard-trusted origin", async () => {
      const response = await server.request("POST", "/sign-in/email", {
        cookie,
        headers: { origin: "https://pr-12.preview.example.com" },
        body: { email: "nobody@example.com", password: "password123" },
      });
      expect(response.status).toBe(401);
    });

    it("does not check origin for bearer requests without cookies", async () => {
      const { token } = await server.signUp();
      const response = await server.request("POST", "/sign-out", { token, headers: { origin: "https://evil.example.net" } });
      expect(response.status).toBe(200);
    });

    it("answers CORS preflight for a trusted origin and exposes set-auth-token", async () => {
      const response = await fetch(`${server.api}/sign-in/email`, {
        method: "OPTIONS",
        headers: { origin: "https://app.example.com", "access-control-request-method": "POST" },
      });
      expect(response.status).toBe(204);
      expect(response.headers.get("access-control-allow-origin")).toBe("https://app.example.com");
      expect(response.headers.get("access-control-allow-credentials")).toBe("true");
      const real = await server.request("GET", "/ok", { headers: { origin: "https://app.example.com" } });
      expect(real.headers.get("access-control-expose-headers")).toContain("set-auth-token");
    });

    it("gives no CORS headers to an untrusted origin", async () => {
      const response = await server.request("GET", "/ok", { headers: { origin: "https://evil.example.net" } });
      expect(response.headers.get("access-control-allow-origin")).toBeNull();
    });
  });

  describe("malformed requests", () => {
    it("answers 400 INVALID_JSON for broken JSON", async () => {
      const response = await server.request("POST", "/sign-in/email", { rawBody: '{"email": ', headers: { "content-type": "application/json" } });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe("INVALID_JSON");
    });

    it("answers 415 for a body that is not JSON", async () => {
      const response = await server.request("POST", "/sign-in/email", { rawBody: "email=a@b.c", headers: { "content-type": "application/x-www-form-urlencoded" } });
      expect(response.status).toBe(415);
      expect(response.body.code).toBe("UNSUPPORTED_MEDIA_TYPE");
    });

    it("answers 413 for an oversized body", async () => {
      const response = await server.request("POST", "/sign-up/email", { body: { email: "big@example.com", password: "password123", name: "x".repeat(10_000) } });
      expect(response.status).toBe(413);
      expect(response.body.code).toBe("PAYLOAD_TOO_LARGE");
    });

    it("drops unknown fields as better-auth does (issue 12), and they set nothing", async () => {
      const response = await server.request("POST", "/sign-up/email", { body: { email: "extra@example.com", password: "password123", name: "X", isAdmin: true, role: "admin" } });
      expect(response.status).toBe(200);
      expect(response.body.user.role).toBe("user");
      expect(response.body.user).not.toHaveProperty("isAdmin");
      const user = await server.database.db.selectFrom("user").select("role").where("email", "=", "extra@example.com").executeTakeFirstOrThrow();
      expect(user.role).toBe("user");
    });

    it("answers 400 VALIDATION_ERROR for a body that is a JSON array or wrong types", async () => {
      const array = await server.request("POST", "/sign-in/email", { rawBody: "[1,2]", headers: { "content-type": "application/json" } });
      expect(array.status).toBe(400);
      expect(array.body.code).toBe("VALIDATION_ERROR");
      const types = await server.request("POST", "/sign-in/email", { body: { email: 42, password: false } });
      expect(types.status).toBe(400);
      expect(types.body.issues.map((i: { path: string }) => i.path).sort()).toEqual(["email", "password"]);
    });

    it("answers a JSON 404 for an unknown route", async () => {
      const response = await server.request("GET", "/no-such-route");
      expect(response.status).toBe(404);
      expect(response.body.code).toBe("NOT_FOUND");
    });

    it("answers 401 UNAUTHORIZED for a missing Authorization scheme", async () => {
      const response = await server.request("GET", "/get-session", { headers: { authorization: "Basic Zm9vOmJhcg==" } });
      expect(response.body).toBeNull();
    });
  });
});

describe("rate limiting", () => {
  let server: TestServer;
  afterEach(async () => {
    await server.close();
  });

  it("answers 429 with Retry-After past the strict sign-in limit, and recovers after the window", async () => {
    server = await startTestServer({ config: { rateLimit: { enabled: true, window: 60, max: 100, strict: { window: 10, max: 3 } } } });
    const attempt = () => server.request("POST", "/sign-in/email", { body: { email: "x@example.com", password: "password123" } });
    for (let i = 0; i < 3; i++) expect((await attempt()).status).toBe(401);
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe("TOO_MANY_REQUESTS");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(limited.headers.get("retry-after"))).toBeLessThanOrEqual(10);
    server.clock.advance(10_001);
    expect((await attempt()).status).toBe(401);
  });

  it("applies the general limit to other paths independently", async () => {
    server = await startTestServer({ config: { rateLimit: { enabled: true, window: 60, max: 5, strict: { window: 60, max: 1 } } } });
    for (let i = 0; i < 5; i++) expect((await server.request("GET", "/ok")).status).toBe(200);
    expect((await server.request("GET", "/ok")).status).toBe(429);
    expect((await server.request("GET", "/get-session")).status).toBe(200);
  });

  it("counts unknown paths too, all of them under one allowance, typed like every other refusal", async () => {
    server = await startTestServer({ config: { rateLimit: { enabled: true, window: 60, max: 4, strict: { window: 60, max: 1 } } } });
    // A scanner varying the path gets no fresh allowance per path.
    for (let i = 0; i < 4; i++) expect((await server.request("GET", `/no-such-path-${i}`)).status).toBe(404);
    const limited = await server.request("GET", "/no-such-path-99");
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ code: "TOO_MANY_REQUESTS", message: expect.any(String) });
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    // Known routes keep their own counters.
    expect((await server.request("GET", "/get-session")).status).toBe(200);
  });

  it("is on by default", async () => {
    server = await startTestServer({ config: { rateLimit: { enabled: true } } });
    const statuses: number[] = [];
    // A different account each time: one account's failures meet the lockout first (docs/lockout.md).
    for (let i = 0; i < 11; i++) statuses.push((await server.request("POST", "/sign-in/email", { body: { email: `x${i}@example.com`, password: "password123" } })).status);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
