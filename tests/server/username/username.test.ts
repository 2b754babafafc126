import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";
import { auditRows, lastMail, mailCount } from "../account/support.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

async function signUpWithUsername(username: string, displayUsername?: string) {
  const email = `${username.toLowerCase()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  const response = await server.request("POST", "/sign-up/email", { body: { email, password: "password123", name: username, username, displayUsername } });
  expect(response.status).toBe(200);
  return { email, token: response.body.token as string, user: response.body.user };
}

describe("usernames at sign-up", () => {
  it("stores the username lowercased and the display form as typed", async () => {
    const { user } = await signUpWithUsername("Ada_Lovelace");
    expect(user.username).toBe("ada_lovelace");
    expect(user.displayUsername).toBe("Ada_Lovelace");
  });

  it("refuses a username taken in another case", async () => {
    await signUpWithUsername("Grace_H");
    const response = await server.request("POST", "/sign-up/email", { body: { email: "grace2@example.com", password: "password123", name: "G", username: "GRACE_h" } });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ code: "USERNAME_IS_ALREADY_TAKEN", message: "username is already taken. please try another." });
  });
});

describe("sign-in/username", () => {
  it("signs in case-insensitively and answers { redirect, token, url, user }", async () => {
    const { user } = await signUpWithUsername("Linus_T");
    const response = await server.request("POST", "/sign-in/username", { body: { username: "LINUS_t", password: "password123", callbackURL: "/home" } });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ redirect: true, url: "/home", user: { id: user.id, username: "linus_t" } });
    expect(response.body.token).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(response.cookies.some((c) => c.startsWith("latchkey.session_token="))).toBe(true);
    expect((await server.request("GET", "/get-session", { token: response.body.token })).body.user.id).toBe(user.id);
    const events = await auditRows(server, "user.sign-in");
    expect(events.some((e) => e.targetId === user.id && e.metadata?.method === "username" && e.success === 1)).toBe(true);
  });

  it("answers 401 'invalid username or password' for a wrong password or an unknown user, and records the failure", async () => {
    const { user } = await signUpWithUsername("Wrong_Pw");
    const wrong = await server.request("POST", "/sign-in/username", { body: { username: "wrong_pw", password: "not the password" } });
    const unknown = await server.request("POST", "/sign-in/username", { body: { username: "nobody_here", password: "password123" } });
    for (const response of [wrong, unknown]) {
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ code: "INVALID_USERNAME_OR_PASSWORD", message: "invalid username or password" });
    }
    const failures = (await auditRows(server, "user.sign-in")).filter((e) => e.success === 0 && e.metadata?.method === "username");
    expect(failures.some((e) => e.targetId === user.id)).toBe(true);
    expect(failures.some((e) => e.targetId === null && e.metadata?.username === "nobody_here")).toBe(true);
  });

  it("refuses malformed usernames with 422 and the rule's message", async () => {
    const cases: Array<[string, string, string]> = [
      ["ab", "USERNAME_TOO_SHORT", "username is too short"],
      ["a".repeat(31), "USERNAME_TOO_LONG", "username is too long"],
      ["bad name!", "INVALID_USERNAME", "username is invalid"],
    ];
    for (const [username, code, message] of cases) {
      const response = await server.request("POST", "/sign-in/username", { body: { username, password: "password123" } });
      expect(response.status).toBe(422);
      expect(response.body).toEqual({ code, message });
    }
  });

  it("with verification required answers 403 'email not verified' and mails the link again", async () => {
    const local = await startTestServer({ config: { emailAndPassword: { requireEmailVerification: true } } });
    try {
      await local.request("POST", "/sign-up/email", { body: { email: "unverified@example.com", password: "password123", name: "U", username: "unverified_u" } });
      const before = await mailCount(local, "unverified@example.com", "verify-email");
      const response = await local.request("POST", "/sign-in/username", { body: { username: "unverified_u", password: "password123" } });
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ code: "USERNAME_EMAIL_NOT_VERIFIED", message: "email not verified" });
      expect(await mailCount(local, "unverified@example.com", "verify-email")).toBe(before + 1);
      const mail = await lastMail(local, "unverified@example.com", "verify-email");
      await local.request("GET", `/verify-email?token=${mail.token}`);
      expect((await local.request("POST", "/sign-in/username", { body: { username: "unverified_u", password: "password123" } })).status).toBe(200);
    } finally {
      await local.close();
    }
  });
});

describe("is-username-available", () => {
  it("answers available false for a taken name in any case, true for a free one", async () => {
    await signUpWithUsername("Taken_Name");
    expect((await server.request("POST", "/is-username-available", { body: { username: "TAKEN_NAME" } })).body).toEqual({ available: false });
    expect((await server.request("POST", "/is-username-available", { body: { username: "free_name_1" } })).body).toEqual({ available: true });
  });

  it("refuses malformed usernames with 422", async () => {
    const response = await server.request("POST", "/is-username-available", { body: { username: "no spaces" } });
    expect(response.status).toBe(422);
    expect(response.body.code).toBe("INVALID_USERNAME");
  });

  it("follows configured length and pattern", async () => {
    const local = await startTestServer({ config: { username: { minLength: 5, maxLength: 8, pattern: "^[a-z.]+$" } } });
    try {
      expect((await local.request("POST", "/is-username-available", { body: { username: "abcd" } })).body.code).toBe("USERNAME_TOO_SHORT");
      expect((await local.request("POST", "/is-username-available", { body: { username: "abcdefghi" } })).body.code).toBe("USERNAME_TOO_LONG");
      expect((await local.request("POST", "/is-username-available", { body: { username: "abc_de" } })).body.code).toBe("INVALID_USERNAME");
      expect((await local.request("POST", "/is-username-available", { body: { username: "ab.cde" } })).body).toEqual({ available: true });
    } finally {
      await local.close();
    }
  });
});

describe("update-user with usernames", () => {
  it("changes username (lowercased) and displayUsername", async () => {
    const { token } = await signUpWithUsername("Old_Name");
    const response = await server.request("POST", "/update-user", { token, body: { username: "New_Name", displayUsername: "New Name!" } });
    expect(response.body).toEqual({ status: true });
    const { user } = (await server.request("GET", "/get-session", { token })).body;
    expect(user).toMatchObject({ username: "new_name", displayUsername: "New Name!" });
    expect((await server.request("POST", "/sign-in/username", { body: { username: "new_name", password: "password123" } })).status).toBe(200);
    expect((await server.request("POST", "/sign-in/username", { body: { username: "old_name", password: "password123" } })).status).toBe(401);
  });

  it("keeps the display form when only the username changes, and can set the display form alone", async () => {
    const { token } = await signUpWithUsername("Keep_Display");
    await server.request("POST", "/update-user", { token, body: { username: "keep_display2" } });
    expect((await server.request("GET", "/get-session", { token })).body.user).toMatchObject({ username: "keep_display2", displayUsername: "Keep_Display" });
    await server.request("POST", "/update-user", { token, body: { displayUsername: "Shown Differently" } });
    expect((await server.request("GET", "/get-session", { token })).body.user.displayUsername).toBe("Shown Differently");
  });

  it("gives a first username its display form", async () => {
    const { token } = await server.signUp();
    await server.request("POST", "/update-user", { token, body: { username: "First_Time" } });
    expect((await server.request("GET", "/get-session", { token })).body.user).toMatchObject({ username: "first_time", displayUsername: "First_Time" });
  });

  it("refuses a name taken by someone else but accepts one's own in another case", async () => {
    await signUpWithUsername("Someone_Else");
    const { token } = await signUpWithUsername("Mine_Here");
    const taken = await server.request("POST", "/update-user", { token, body: { username: "someone_else" } });
    expect(taken.status).toBe(422);
    expect(taken.body.code).toBe("USERNAME_IS_ALREADY_TAKEN");
    expect((await server.request("POST", "/update-user", { token, body: { username: "MINE_HERE" } })).status).toBe(200);
    const short = await server.request("POST", "/update-user", { token, body: { username: "x" } });
    expect(short.body.code).toBe("USERNAME_TOO_SHORT");
    const blank = await server.request("POST", "/update-user", { token, body: { displayUsername: "   " } });
    expect(blank.body.code).toBe("INVALID_DISPLAY_USERNAME");
  });
});
