import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";
import { apiPath, auditRows, lastMail, mailCount } from "./support.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

async function resetToken(email: string, redirectTo?: string) {
  await server.request("POST", "/request-password-reset", { body: { email, redirectTo } });
  return lastMail(server, email, "reset-password");
}

describe("forget-password and request-password-reset", () => {
  it("give the same answer for known and unknown emails, and mail only the known one", async () => {
    const { email } = await server.signUp();
    for (const path of ["/forget-password", "/request-password-reset"]) {
      const known = await server.request("POST", path, { body: { email, redirectTo: "/reset" } });
      const unknown = await server.request("POST", path, { body: { email: "ghost@example.com", redirectTo: "/reset" } });
      expect(known.status).toBe(200);
      expect(unknown.status).toBe(known.status);
      expect(unknown.text).toBe(known.text);
      expect(known.body).toEqual({ status: true, message: "If this email exists in our system, check your email for the reset link" });
      expect([...unknown.headers.keys()].sort()).toEqual([...known.headers.keys()].sort());
    }
    expect(await mailCount(server, email, "reset-password")).toBe(2);
    expect(await mailCount(server, "ghost@example.com")).toBe(0);
  });

  it("mails a 24-character token in a /reset-password/{token}?callbackURL link", async () => {
    const { email } = await server.signUp();
    const mail = await resetToken(email, "/reset");
    expect(mail.token).toMatch(/^[A-Za-z0-9]{24}$/);
    expect(mail.url).toBe(`${server.api}/reset-password/${mail.token}?callbackURL=%2Freset`);
    expect(mail.text).toContain(mail.url);
    expect(mail.text).toContain("Latchkey");
    const stored = await server.database.db.selectFrom("verification").select("identifier").where("identifier", "like", "reset-password:%").execute();
    expect(stored.some((row) => row.identifier.includes(mail.token!))).toBe(false);
  });

  it("refuses an invalid email and an untrusted redirectTo", async () => {
    expect((await server.request("POST", "/forget-password", { body: { email: "x" } })).body.code).toBe("INVALID_EMAIL");
    const evil = await server.request("POST", "/forget-password", { body: { email: "a@example.com", redirectTo: "https://evil.example/" } });
    expect(evil.status).toBe(403);
    expect(evil.body).toEqual({ code: "INVALID_REDIRECT_URL", message: "Invalid redirectURL" });
  });
});

describe("GET /reset-password/{token}", () => {
  it("redirects to callbackURL?token=… for a live token", async () => {
    const { email } = await server.signUp();
    const mail = await resetToken(email, "/reset");
    const response = await server.request("GET", apiPath(server, mail.url));
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/reset?token=${mail.token}`);
  });

  it("redirects to callbackURL?error=INVALID_TOKEN for an unknown or expired token", async () => {
    const unknown = await server.request("GET", `/reset-password/nope?callbackURL=${encodeURIComponent(server.url + "/reset")}`);
    expect(unknown.headers.get("location")).toBe(`${server.url}/reset?error=INVALID_TOKEN`);
    const { email } = await server.signUp();
    const mail = await resetToken(email, "/reset");
    server.clock.advance(3600_000);
    const expired = await server.request("GET", apiPath(server, mail.url));
    expect(expired.headers.get("location")).toBe("/reset?error=INVALID_TOKEN");
  });

  it("without a callbackURL, answers a live token as JSON", async () => {
    const { email } = await server.signUp();
    const mail = await resetToken(email);
    const response = await server.request("GET", `/reset-password/${mail.token}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ token: mail.token });
  });

  it("without a callbackURL, sends an invalid token to the error page", async () => {
    const response = await server.request("GET", "/reset-password/nope");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${server.api}/error?error=INVALID_TOKEN`);
  });
});

describe("POST /reset-password", () => {
  it("sets the new password, uses the token once and revokes the user's sessions", async () => {
    const { email, token: session, userId } = await server.signUp();
    const mail = await resetToken(email);
    const response = await server.request("POST", "/reset-password", { body: { newPassword: "brand new password", token: mail.token } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: true });
    expect((await server.request("GET", "/get-session", { token: session })).body).toBeNull();
    const old = await server.request("POST", "/sign-in/email", { body: { email, password: "correct horse battery" } });
    expect(old.status).toBe(401);
    const fresh = await server.request("POST", "/sign-in/email", { body: { email, password: "brand new password" } });
    expect(fresh.status).toBe(200);
    const again = await server.request("POST", "/reset-password", { body: { newPassword: "another password", token: mail.token } });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ code: "INVALID_TOKEN", message: "invalid token" });
    const events = await auditRows(server, "user.password-reset");
    expect(events.filter((e) => e.targetId === userId)).toHaveLength(1);
  });

  it("of two concurrent uses of one token, exactly one succeeds", async () => {
    const { email } = await server.signUp();
    const mail = await resetToken(email);
    const results = await Promise.all([
      server.request("POST", "/reset-password", { body: { newPassword: "first new password", token: mail.token } }),
      server.request("POST", "/reset-password", { body: { newPassword: "second new password", token: mail.token } }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    const loser = results.find((r) => r.status === 400)!;
    expect(loser.body.code).toBe("INVALID_TOKEN");
  });

  it("accepts the token in the query string", async () => {
    const { email } = await server.signUp();
    const mail = await resetToken(email);
    const response = await server.request("POST", `/reset-password?token=${mail.token}`, { body: { newPassword: "query password" } });
    expect(response.status).toBe(200);
  });

  it("refuses an expired token (3600 s)", async () => {
    const { email } = await server.signUp();
    const mail = await resetToken(email);
    server.clock.advance(3600_000 + 1);
    const response = await server.request("POST", "/reset-password", { body: { newPassword: "late password", token: mail.token } });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe("INVALID_TOKEN");
  });

  it("refuses a missing token and passwords outside the limits, keeping the token", async () => {
    const missing = await server.request("POST", "/reset-password", { body: { newPassword: "whatever password" } });
    expect(missing.body.code).toBe("INVALID_TOKEN");
    const { email } = await server.signUp();
    const mail = await resetToken(email);
    const short = await server.request("POST", "/reset-password", { body: { newPassword: "short", token: mail.token } });
    expect(short.body).toEqual({ code: "PASSWORD_TOO_SHORT", message: "Password too short", issues: [{ path: "password", message: "at least 8 characters" }] });
    const long = await server.request("POST", "/reset-password", { body: { newPassword: "x".repeat(129), token: mail.token } });
    expect(long.body).toEqual({ code: "PASSWORD_TOO_LONG", message: "Password too long", issues: [{ path: "password", message: "at most 128 characters" }] });
    expect((await server.request("POST", "/reset-password", { body: { newPassword: "long enough now", token: mail.token } })).status).toBe(200);
  });

  it("keeps sessions when revokeSessionsOnPasswordReset is off", async () => {
    const local = await startTestServer({ config: { emailAndPassword: { revokeSessionsOnPasswordReset: false } } });
    try {
      const { email, token: session } = await local.signUp();
      await local.request("POST", "/forget-password", { body: { email } });
      const mail = await lastMail(local, email, "reset-password");
      expect((await local.request("POST", "/reset-password", { body: { newPassword: "kept sessions pw", token: mail.token } })).status).toBe(200);
      expect((await local.request("GET", "/get-session", { token: session })).body.user.email).toBe(email);
    } finally {
      await local.close();
    }
  });

  it("gives a user without a password a credential account", async () => {
    const { email, userId } = await server.signUp();
    await server.database.db.deleteFrom("account").where("userId", "=", userId).execute();
    await server.database.db.insertInto("account").values({
      id: `gh-${userId}`, providerId: "github", accountId: "gh-1", userId, password: null, accessToken: null, refreshToken: null, idToken: null,
      accessTokenExpiresAt: null, refreshTokenExpiresAt: null, scope: null, createdAt: 1, updatedAt: 1,
    }).execute();
    const mail = await resetToken(email);
    expect((await server.request("POST", "/reset-password", { body: { newPassword: "first password", token: mail.token } })).status).toBe(200);
    expect((await server.request("POST", "/sign-in/email", { body: { email, password: "first password" } })).status).toBe(200);
  });
});
