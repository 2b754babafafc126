import { describe, expect, it } from "vitest";
import { createOriginPolicy, isRelativePath } from "../../../server/http/trusted-origins.js";
import { startTestServer } from "../../helpers/test-server.js";

describe("trusted origins", () => {
  const policy = createOriginPolicy("http://127.0.0.1:3000", ["https://app.example.com", "*.preview.example.com", "https://*.tenant.example.org"]);

  it("trusts the base URL's origin and configured exact origins", () => {
    expect(policy.isTrusted("http://127.0.0.1:3000")).toBe(true);
    expect(policy.isTrusted("https://app.example.com")).toBe(true);
    expect(policy.isTrusted("http://app.example.com")).toBe(false);
    expect(policy.isTrusted("https://app.example.com.evil.net")).toBe(false);
  });

  it("trusts a loopback server under each of its loopback names on the same port, and nothing else (#33)", () => {
    // http://127.0.0.1:3000 is the default; passkeys only work on http://localhost:3000, the same server.
    for (const origin of ["http://localhost:3000", "http://[::1]:3000"]) expect(policy.isTrusted(origin), origin).toBe(true);
    for (const origin of ["http://localhost:3001", "https://localhost:3000", "http://localhost.evil.net:3000", "http://127.0.0.2:3000"]) expect(policy.isTrusted(origin), origin).toBe(false);
    const named = createOriginPolicy("http://localhost:3000", []);
    expect(named.isTrusted("http://127.0.0.1:3000")).toBe(true);
    // A public base URL gains no loopback origins.
    expect(createOriginPolicy("https://auth.example.com", []).isTrusted("http://localhost:3000")).toBe(false);
  });

  it("matches wildcard hosts on any subdomain depth but not the bare or a look-alike domain", () => {
    expect(policy.isTrusted("https://pr-1.preview.example.com")).toBe(true);
    expect(policy.isTrusted("http://a.b.preview.example.com")).toBe(true);
    expect(policy.isTrusted("https://x.tenant.example.org")).toBe(true);
    expect(policy.isTrusted("http://x.tenant.example.org")).toBe(false);
    expect(policy.isTrusted("https://preview.example.com.evil.net")).toBe(false);
    expect(policy.isTrusted("https://evilpreview.example.com")).toBe(false);
  });

  it("accepts relative paths and refuses protocol-relative and backslash tricks", () => {
    expect(isRelativePath("/dashboard?tab=1")).toBe(true);
    expect(isRelativePath("//evil.net")).toBe(false);
    expect(isRelativePath("/\\evil.net")).toBe(false);
    expect(isRelativePath("dashboard")).toBe(false);
    expect(isRelativePath("/ok\nLocation: https://evil.net")).toBe(false);
  });

  it.each([
    ["INVALID_CALLBACK_URL", "Invalid callbackURL"],
    ["INVALID_REDIRECT_URL", "Invalid redirectURL"],
    ["INVALID_ERROR_CALLBACK_URL", "Invalid errorCallbackURL"],
    ["INVALID_NEW_USER_CALLBACK_URL", "Invalid newUserCallbackURL"],
  ] as const)("refuses an untrusted redirect target with 403 %s", (code, message) => {
    expect(() => policy.assertRedirectTarget("https://evil.net/x", code)).toThrowError(expect.objectContaining({ status: 403, code, message }));
    expect(() => policy.assertRedirectTarget("javascript:alert(1)", code)).toThrowError(expect.objectContaining({ code }));
    expect(() => policy.assertRedirectTarget("https://app.example.com/welcome", code)).not.toThrow();
  });

  it("refuses an untrusted redirectTo on forget-password over HTTP", async () => {
    const server = await startTestServer();
    try {
      const response = await server.request("POST", "/forget-password", { body: { email: "a@example.com", redirectTo: "https://evil.net/reset" } });
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ code: "INVALID_REDIRECT_URL", message: "Invalid redirectURL" });
    } finally {
      await server.close();
    }
  });
});

describe("email and password switched off", () => {
  it("refuses sign-up and sign-in with EMAIL_PASSWORD_DISABLED", async () => {
    const server = await startTestServer({ config: { emailAndPassword: { enabled: false } } });
    try {
      const signUp = await server.request("POST", "/sign-up/email", { body: { email: "a@example.com", password: "password123", name: "A" } });
      expect(signUp.status).toBe(400);
      expect(signUp.body).toEqual({ code: "EMAIL_PASSWORD_DISABLED", message: "Email and password is not enabled" });
      const signIn = await server.request("POST", "/sign-in/email", { body: { email: "a@example.com", password: "password123" } });
      expect(signIn.body.code).toBe("EMAIL_PASSWORD_DISABLED");
    } finally {
      await server.close();
    }
  });
});
