import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";
import { apiPath, apiPathWithoutCallback, auditRows, lastMail, mailCount, openBrowser } from "./support.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

let n = 0;
const fresh = () => `new-address-${n++}-${Math.random().toString(36).slice(2, 7)}@example.com`;

async function verifiedUser() {
  const user = await server.signUp();
  await server.database.db.updateTable("user").set({ emailVerified: 1 }).where("id", "=", user.userId).execute();
  return user;
}

describe("change-email", () => {
  it("changes an unverified user's email at once; emailVerified stays false and a verification goes to the new address", async () => {
    const { token, userId, email } = await server.signUp();
    const newEmail = fresh();
    const response = await server.request("POST", "/change-email", { token, body: { newEmail: newEmail.toUpperCase(), callbackURL: "/settings" } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: true });
    const session = await server.request("GET", "/get-session", { token });
    expect(session.body.user.email).toBe(newEmail);
    expect(session.body.user.emailVerified).toBe(false);
    const mail = await lastMail(server, newEmail, "verify-email");
    expect(new URL(mail.url).searchParams.get("callbackURL")).toBe("/settings");
    const events = await auditRows(server, "user.email-change");
    expect(events.some((e) => e.targetId === userId && e.metadata?.from === email && e.metadata?.to === newEmail)).toBe(true);
  });

  it("sends a verified user a change-email link to the new address and changes the email only when it is followed", async () => {
    const { token, userId, email } = await verifiedUser();
    const newEmail = fresh();
    const response = await server.request("POST", "/change-email", { token, body: { newEmail, callbackURL: "/settings" } });
    expect(response.body).toEqual({ status: true });
    expect((await server.request("GET", "/get-session", { token })).body.user.email).toBe(email);
    const mail = await lastMail(server, newEmail, "change-email");
    expect(mail.to).toBe(newEmail);
    expect(mail.text).toContain(newEmail);
    expect(mail.token).toMatch(/^[A-Za-z0-9]{32}$/);
    const follow = await server.request("GET", apiPath(server, mail.url), { token });
    expect(follow.status).toBe(302);
    expect(follow.headers.get("location")).toBe("/settings");
    const after = await server.request("GET", "/get-session", { token });
    expect(after.body.user.email).toBe(newEmail);
    expect(after.body.user.emailVerified).toBe(true);
    const events = await auditRows(server, "user.email-change");
    expect(events.some((e) => e.targetId === userId && e.metadata?.confirmed === true)).toBe(true);
  });

  it("answers { status, user } when the change link is opened without a callbackURL", async () => {
    const { token } = await verifiedUser();
    const newEmail = fresh();
    await server.request("POST", "/change-email", { token, body: { newEmail } });
    const mail = await lastMail(server, newEmail, "change-email");
    const follow = await server.request("GET", apiPathWithoutCallback(server, mail.url));
    expect(follow.status).toBe(200);
    expect(follow.body.status).toBe(true);
    expect(follow.body.user.email).toBe(newEmail);
  });

  it("refuses the same email, an address in use, an invalid address", async () => {
    const { token, email } = await server.signUp();
    const same = await server.request("POST", "/change-email", { token, body: { newEmail: email.toUpperCase() } });
    expect(same.status).toBe(400);
    expect(same.body).toEqual({ code: "EMAIL_IS_THE_SAME", message: "Email is the same" });
    const other = await server.signUp();
    const taken = await server.request("POST", "/change-email", { token, body: { newEmail: other.email } });
    expect(taken.status).toBe(400);
    expect(taken.body).toEqual({ code: "COULDNT_UPDATE_EMAIL", message: "Couldn't update your email" });
    const invalid = await server.request("POST", "/change-email", { token, body: { newEmail: "not an email" } });
    expect(invalid.body.code).toBe("INVALID_EMAIL");
    expect((await server.request("POST", "/change-email", { body: { newEmail: fresh() } })).status).toBe(401);
  });

  it("refuses the link in a browser signed in as someone else (unauthorized), and it still works for its owner", async () => {
    const owner = await verifiedUser();
    const intruder = await server.signUp();
    const newEmail = fresh();
    await server.request("POST", "/change-email", { token: owner.token, body: { newEmail, callbackURL: "/s" } });
    const mail = await lastMail(server, newEmail, "change-email");
    const refused = await server.request("GET", apiPath(server, mail.url), { token: intruder.token });
    expect(refused.headers.get("location")).toBe("/s?error=unauthorized");
    const json = await server.request("GET", `/verify-email?token=${mail.token}`, { token: intruder.token });
    expect(json.status).toBe(401);
    expect(json.body.code).toBe("UNAUTHORIZED");
    const accepted = await server.request("GET", apiPath(server, mail.url), { token: owner.token });
    expect(accepted.headers.get("location")).toBe("/s");
  });

  it("expires the change link with the verification lifetime", async () => {
    const { token, email } = await verifiedUser();
    const newEmail = fresh();
    await server.request("POST", "/change-email", { token, body: { newEmail, callbackURL: "/s" } });
    const mail = await lastMail(server, newEmail, "change-email");
    server.clock.advance(3600_000);
    const expired = await server.request("GET", apiPath(server, mail.url));
    expect(expired.headers.get("location")).toBe("/s?error=token_expired");
    expect((await server.request("GET", "/get-session", { token })).body.user.email).toBe(email);
  });

  it("does not move the account onto an address taken after the link was sent", async () => {
    const { token, email } = await verifiedUser();
    const newEmail = fresh();
    await server.request("POST", "/change-email", { token, body: { newEmail } });
    const mail = await lastMail(server, newEmail, "change-email");
    await server.request("POST", "/sign-up/email", { body: { email: newEmail, password: "password123", name: "Squatter" } });
    const response = await server.request("GET", apiPathWithoutCallback(server, mail.url));
    expect(response.status).toBe(400);
    expect(response.body.code).toBe("COULDNT_UPDATE_EMAIL");
    expect((await server.request("GET", "/get-session", { token })).body.user.email).toBe(email);
  });

  it("refreshes the cookie cache so get-session shows the new email at once", async () => {
    const local = await startTestServer({ config: { session: { cookieCache: { enabled: true } } } });
    try {
      const browser = openBrowser(local);
      await browser.post("/sign-up/email", { email: "cached@example.com", password: "password123", name: "Cached" });
      expect((await browser.get("/get-session")).body.user.email).toBe("cached@example.com");
      expect((await browser.post("/change-email", { newEmail: "moved@example.com" })).status).toBe(200);
      expect((await browser.get("/get-session")).body.user.email).toBe("moved@example.com");
      expect((await browser.post("/update-user", { name: "Renamed" })).status).toBe(200);
      expect((await browser.get("/get-session")).body.user.name).toBe("Renamed");
    } finally {
      await local.close();
    }
  });

  it("is refused when changeEmailEnabled is off", async () => {
    const local = await startTestServer({ config: { user: { changeEmailEnabled: false } } });
    try {
      const { token } = await local.signUp();
      const response = await local.request("POST", "/change-email", { token, body: { newEmail: "x@example.com" } });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ code: "CHANGE_EMAIL_DISABLED", message: "Change email is disabled" });
      expect(await mailCount(local, "x@example.com")).toBe(0);
    } finally {
      await local.close();
    }
  });
});

describe("update-user", () => {
  it("updates name and image and answers { status: true }", async () => {
    const { token } = await server.signUp();
    const response = await server.request("POST", "/update-user", { token, body: { name: "New Name", image: "https://img.example/a.png" } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: true });
    const { user } = (await server.request("GET", "/get-session", { token })).body;
    expect(user).toMatchObject({ name: "New Name", image: "https://img.example/a.png" });
    await server.request("POST", "/update-user", { token, body: { image: null } });
    expect((await server.request("GET", "/get-session", { token })).body.user.image).toBeNull();
  });

  it("refuses to change the email, an empty update and unknown fields", async () => {
    const { token } = await server.signUp();
    const email = await server.request("POST", "/update-user", { token, body: { email: "new@example.com" } });
    expect(email.status).toBe(400);
    expect(email.body).toEqual({ code: "EMAIL_CAN_NOT_BE_UPDATED", message: "Email can not be updated" });
    const empty = await server.request("POST", "/update-user", { token, body: {} });
    expect(empty.body).toEqual({ code: "NO_FIELDS_TO_UPDATE", message: "No fields to update" });
    // Unknown keys are dropped (better-auth, issue 12): a body of only those updates nothing.
    const unknown = await server.request("POST", "/update-user", { token, body: { role: "admin" } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe("NO_FIELDS_TO_UPDATE");
    expect((await server.request("POST", "/update-user", { body: { name: "x" } })).status).toBe(401);
  });
});
