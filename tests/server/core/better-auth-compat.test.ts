/** better-auth's own client, pointed at Latchkey, signs up, in, reads the session and signs out. */
import { createAuthClient } from "better-auth/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCookieFetch } from "../../helpers/cookie-fetch.js";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

function browserClient() {
  const jar = createCookieFetch(server.url);
  const client = createAuthClient({ baseURL: server.url, fetchOptions: { customFetchImpl: jar.fetch } });
  return { client, jar };
}

describe("better-auth client (core) against Latchkey", () => {
  it("signs up, reads the session, signs out, and signs in again", async () => {
    const { client, jar } = browserClient();
    const signUp = await client.signUp.email({ email: "compat@example.com", password: "password123", name: "Compat" });
    expect(signUp.error).toBeNull();
    expect(signUp.data?.user.email).toBe("compat@example.com");
    expect(jar.cookies.has("latchkey.session_token")).toBe(true);

    const session = await client.getSession();
    expect(session.error).toBeNull();
    expect(session.data?.user.email).toBe("compat@example.com");
    expect(session.data?.session.userId).toBe(signUp.data?.user.id);

    const signOut = await client.signOut();
    expect(signOut.error).toBeNull();
    expect(signOut.data).toEqual({ success: true });
    const after = await client.getSession();
    expect(after.data).toBeNull();

    const signIn = await client.signIn.email({ email: "compat@example.com", password: "password123" });
    expect(signIn.error).toBeNull();
    expect(signIn.data?.token).toBeTruthy();
    expect(signIn.data?.user.email).toBe("compat@example.com");
    const again = await client.getSession();
    expect(again.data?.user.email).toBe("compat@example.com");
  });

  it("surfaces Latchkey's error code, status and message", async () => {
    const { client } = browserClient();
    const result = await client.signIn.email({ email: "nobody@example.com", password: "password123" });
    expect(result.data).toBeNull();
    expect(result.error).toMatchObject({ status: 401, code: "INVALID_EMAIL_OR_PASSWORD", message: "Invalid email or password" });

    await client.signUp.email({ email: "dupe@example.com", password: "password123", name: "Dupe" });
    const duplicate = await browserClient().client.signUp.email({ email: "dupe@example.com", password: "password123", name: "Dupe" });
    expect(duplicate.error).toMatchObject({ status: 422, code: "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL" });
  });

  it("works with bearer tokens the way better-auth's bearer plugin does", async () => {
    let token = "";
    const client = createAuthClient({
      baseURL: server.url,
      fetchOptions: {
        onSuccess: (ctx) => {
          const issued = ctx.response.headers.get("set-auth-token");
          if (issued) token = issued;
        },
        auth: { type: "Bearer", token: () => token },
      },
    });
    const signUp = await client.signUp.email({ email: "bearer@example.com", password: "password123", name: "Bearer" });
    expect(signUp.error).toBeNull();
    expect(token).toBe(signUp.data?.token);
    const session = await client.getSession();
    expect(session.data?.user.email).toBe("bearer@example.com");
    await client.signOut();
    const after = await server.request("GET", "/get-session", { token: signUp.data?.token as string });
    expect(after.body).toBeNull();
  });

  it("passes rememberMe and callbackURL through", async () => {
    const { client } = browserClient();
    await client.signUp.email({ email: "remember@example.com", password: "password123", name: "R" });
    const { client: other, jar } = browserClient();
    const signIn = await other.signIn.email({ email: "remember@example.com", password: "password123", rememberMe: false, callbackURL: "/home" });
    expect(signIn.data).toMatchObject({ redirect: true, url: "/home" });
    expect(jar.cookies.get("latchkey.dont_remember")).toBe("true");
  });
});
