import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COOKIE_CACHE_LIMIT } from "../../../server/http/session-cookies.js";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ config: { session: { cookieCache: { enabled: true, maxAge: 60 } } } });
});
afterAll(async () => {
  await server.close();
});

function cookies(lines: string[]): string {
  return lines.map((line) => line.split(";")[0]).filter((pair) => !pair?.endsWith("=")).join("; ");
}

describe("session cookie cache", () => {
  it("writes a signed session_data cookie with a 60 s max-age", async () => {
    const { email, password } = await server.signUp();
    const signIn = await server.request("POST", "/sign-in/email", { body: { email, password } });
    const line = signIn.cookies.find((c) => c.startsWith("latchkey.session_data="));
    expect(line).toMatch(/Max-Age=60/);
    expect(line).toMatch(/HttpOnly/);
  });

  it("answers get-session from the cache until it expires, then from the database", async () => {
    const { email, password } = await server.signUp();
    const signIn = await server.request("POST", "/sign-in/email", { body: { email, password } });
    const jar = cookies(signIn.cookies);
    // Revoke the session behind the cookie's back: the cache still answers within its max-age…
    await server.database.db.deleteFrom("session").where("userId", "=", signIn.body.user.id).execute();
    const cached = await server.request("GET", "/get-session", { cookie: jar });
    expect(cached.body?.user.email).toBe(email);
    // …but not when the caller asks to bypass it, nor after it expires.
    const bypass = await server.request("GET", "/get-session?disableCookieCache=true", { cookie: jar });
    expect(bypass.body).toBeNull();
    server.clock.advance(61_000);
    const expired = await server.request("GET", "/get-session", { cookie: jar });
    expect(expired.body).toBeNull();
  });

  it("ignores a tampered cache cookie", async () => {
    const { email, password } = await server.signUp();
    const signIn = await server.request("POST", "/sign-in/email", { body: { email, password } });
    const jar = cookies(signIn.cookies).replace(/latchkey\.session_data=([^;.]+)/, (_m, payload: string) => {
      const data = JSON.parse(Buffer.from(payload, "base64url").toString());
      data.user.role = "admin";
      return `latchkey.session_data=${Buffer.from(JSON.stringify(data)).toString("base64url")}`;
    });
    const response = await server.request("GET", "/get-session", { cookie: jar });
    expect(response.body.user.role).toBe("user");
  });

  it("does not write a cache cookie above 4093 characters", async () => {
    expect(COOKIE_CACHE_LIMIT).toBe(4093);
    const { email, password, userId } = await server.signUp();
    // A profile too large to cache (e.g. a long name set by an integration).
    await server.database.db.updateTable("user").set({ name: "N".repeat(3500) }).where("id", "=", userId).execute();
    const response = await server.request("POST", "/sign-in/email", { body: { email, password } });
    expect(response.status).toBe(200);
    const names = response.cookies.map((c) => c.split("=")[0]);
    expect(names).toContain("latchkey.session_token");
    expect(names).not.toContain("latchkey.session_data");
  });
});
