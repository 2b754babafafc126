/** twoFactor.requiredForRoles: such users without two-factor may only set it up; a passkey sign-in satisfies it. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";
import { createSoftAuthenticator } from "../passkey/soft-authenticator.js";
import { browserTab, secretOf, totpAt } from "./support.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ config: { twoFactor: { requiredForRoles: ["admin"] } } as never });
});
afterAll(async () => {
  await server.close();
});

async function adminWithoutTwoFactor() {
  const user = await server.signUp();
  await server.database.db.updateTable("user").set({ role: "admin" }).where("id", "=", user.userId).execute();
  return user;
}

describe("twoFactor.requiredForRoles", () => {
  it("limits an admin without two-factor to setting it up (403 TWO_FACTOR_SETUP_REQUIRED elsewhere)", async () => {
    const admin = await adminWithoutTwoFactor();
    const listed = await server.request("GET", "/admin/list-users", { token: admin.token });
    expect(listed.status).toBe(403);
    expect(listed.body.code).toBe("TWO_FACTOR_SETUP_REQUIRED");
    expect((await server.request("GET", "/get-session", { token: admin.token })).status).toBe(200);

    const enabled = await server.request("POST", "/two-factor/enable", { token: admin.token, body: { password: admin.password } });
    expect(enabled.status).toBe(200);
    const code = totpAt(secretOf(enabled.body.totpURI), server.clock.now());
    expect((await server.request("POST", "/two-factor/verify-totp", { token: admin.token, body: { code } })).status).toBe(200);
    expect((await server.request("GET", "/admin/list-users", { token: admin.token })).status).toBe(200);
  });

  it("leaves users of other roles alone", async () => {
    const user = await server.signUp();
    expect((await server.request("GET", "/list-sessions", { token: user.token })).status).toBe(200);
  });

  it("is satisfied by a passkey sign-in", async () => {
    const admin = await adminWithoutTwoFactor();
    const tab = browserTab(server);
    await tab.client.signIn.email({ email: admin.email, password: admin.password });
    const authenticator = createSoftAuthenticator(server.url);
    const post = async (path: string, body: unknown) => (await tab.jar.fetch(server.api + path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) })).json();
    const get = async (path: string) => tab.jar.fetch(server.api + path);
    const options = await (await get("/passkey/generate-register-options")).json();
    expect((await post("/passkey/verify-registration", { response: authenticator.register(options) })).credentialID).toBeTruthy();
    // The password session is still setup-only.
    expect((await get("/admin/list-users")).status).toBe(403);
    await tab.client.signOut();
    const signInOptions = await (await get("/passkey/generate-authenticate-options")).json();
    const signedIn = await post("/passkey/verify-authentication", { response: authenticator.authenticate(signInOptions) });
    expect(signedIn.user.id).toBe(admin.userId);
    expect((await get("/admin/list-users")).status).toBe(200);
  });
});
