/**
 * Issue 19, item 8: a password reset, and a password change that ends the other sessions, forget
 * the user's trusted devices (each browser passes the second step again); passkeys and API keys
 * keep working, and the reset mail says so.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";
import { lastMail } from "../account/support.js";
import { createSoftAuthenticator } from "../passkey/soft-authenticator.js";
import { browserTab, totpAt, userWithTotp, type Tab } from "./support.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

async function call(tab: Tab, method: "GET" | "POST", path: string, body?: unknown) {
  const response = await tab.jar.fetch(server.api + path, { method, headers: body === undefined ? {} : { "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as any };
}

/** A TOTP user and a browser they marked as trusted; the browser is signed out again. */
async function trustedLaptop() {
  const user = await userWithTotp(server);
  const laptop = browserTab(server);
  expect((await laptop.client.signIn.email({ email: user.email, password: user.password })).data).toMatchObject({ twoFactorRedirect: true });
  expect((await laptop.client.twoFactor.verifyTotp({ code: totpAt(user.secret, server.clock.now()), trustDevice: true })).error).toBeNull();
  server.clock.advance(30_000);
  expect(laptop.jar.cookies.get("latchkey.trust_device")).toBeTruthy();
  // Trusted: the next password sign-in skips the second step.
  expect((await laptop.client.signIn.email({ email: user.email, password: user.password })).data).toMatchObject({ token: expect.any(String) });
  return { user, laptop };
}

async function trustedDeviceRows(userId: string): Promise<number> {
  const rows = await server.database.db.selectFrom("verification").select("identifier").where("userId", "=", userId).where("identifier", "like", "trust-device:%").execute();
  return rows.length;
}

describe("trusted devices and passwords (#19)", () => {
  it("forgets trusted devices on a password reset, while passkeys and API keys keep working (#19)", async () => {
    const { user, laptop } = await trustedLaptop();
    const key = await call(laptop, "POST", "/api-key/create", { name: "script" });
    expect(key.status).toBe(200);
    const authenticator = createSoftAuthenticator(server.url);
    const options = await call(laptop, "GET", "/passkey/generate-register-options");
    expect((await call(laptop, "POST", "/passkey/verify-registration", { response: authenticator.register(options.body), name: "Laptop" })).status).toBe(200);
    await laptop.client.signOut();
    expect(await trustedDeviceRows(user.userId)).toBe(1);

    await server.request("POST", "/request-password-reset", { body: { email: user.email } });
    const mail = await lastMail(server, user.email, "reset-password");
    expect(mail.text).toContain("Your passkeys and API keys keep working after a reset; revoke them in your account if you did not ask for this.");
    const reset = await server.request("POST", "/reset-password", { body: { token: mail.token, newPassword: "a brand new password" } });
    expect(reset.status).toBe(200);

    expect(await trustedDeviceRows(user.userId)).toBe(0);
    const again = await laptop.client.signIn.email({ email: user.email, password: "a brand new password" });
    expect(again.data).toMatchObject({ twoFactorRedirect: true });
    expect((await laptop.client.twoFactor.verifyTotp({ code: totpAt(user.secret, server.clock.now()) })).error).toBeNull();

    const byKey = await server.request("GET", "/get-session", { headers: { "x-api-key": key.body.key } });
    expect(byKey.status).toBe(200);
    expect(byKey.body.user.id).toBe(user.userId);
    const phone = browserTab(server);
    const challenge = await call(phone, "GET", "/passkey/generate-authenticate-options");
    const byPasskey = await call(phone, "POST", "/passkey/verify-authentication", { response: authenticator.authenticate(challenge.body) });
    expect(byPasskey.status).toBe(200);
    expect(byPasskey.body.user.id).toBe(user.userId);
  });

  it("forgets trusted devices on change-password with revokeOtherSessions (#19)", async () => {
    const { user, laptop } = await trustedLaptop();
    const changed = await laptop.client.changePassword({ currentPassword: user.password, newPassword: "changed password 1", revokeOtherSessions: true });
    expect(changed.error).toBeNull();
    await laptop.client.signOut();
    expect(await trustedDeviceRows(user.userId)).toBe(0);
    expect((await laptop.client.signIn.email({ email: user.email, password: "changed password 1" })).data).toMatchObject({ twoFactorRedirect: true });
  });

  it("keeps trusted devices on change-password without revokeOtherSessions (#19)", async () => {
    const { user, laptop } = await trustedLaptop();
    const changed = await laptop.client.changePassword({ currentPassword: user.password, newPassword: "changed password 2" });
    expect(changed.error).toBeNull();
    await laptop.client.signOut();
    expect(await trustedDeviceRows(user.userId)).toBe(1);
    expect((await laptop.client.signIn.email({ email: user.email, password: "changed password 2" })).data).toMatchObject({ token: expect.any(String) });
  });
});
