/**
 * The hand-off beyond passwords: a configured `electron.clientId`, a passkey sign-in whose
 * two-factor worth carries over to the app's session (`twoFactor.requiredForRoles`), and two
 * concurrent redemptions of one code, of which exactly one wins.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isStrictPath } from "../../../server/http/rate-limit.js";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";
import { createSoftAuthenticator } from "../passkey/soft-authenticator.js";
import { browserTab } from "../two-factor/support.js";
import { decodeHandOffCookie, desktopApp } from "./support.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ config: { electron: { clientId: "acme-desktop" }, twoFactor: { requiredForRoles: ["admin"] } } });
});
afterAll(async () => {
  await server.close();
});

describe("electron.clientId", () => {
  it("answers a code only for the configured client id, in the cookie named after it", async () => {
    const person = await server.signUp();
    const defaultId = await desktopApp(server, "electron");
    const ignored = await browserTab(server).client.signIn.email({ email: person.email, password: person.password }, { query: defaultId.query });
    expect(ignored.error).toBeNull();
    expect(ignored.data).not.toHaveProperty("electron_authorization_code");

    const app = await desktopApp(server, "acme-desktop");
    const tab = browserTab(server);
    const signedIn = await tab.client.signIn.email({ email: person.email, password: person.password }, { query: app.query });
    const code = (signedIn.data as unknown as { electron_authorization_code: string }).electron_authorization_code;
    expect(decodeHandOffCookie(tab.jar.cookies.get("latchkey.acme-desktop")).identifier).toBe(code);
    expect(tab.jar.cookies.has("latchkey.electron")).toBe(false);
    expect((await app.trade(code)).data!.user.id).toBe(person.userId);
  });
});

describe("one code, two redemptions at once", () => {
  it("gives exactly one session", async () => {
    const person = await server.signUp();
    const app = await desktopApp(server, "acme-desktop");
    const signedIn = await browserTab(server).client.signIn.email({ email: person.email, password: person.password }, { query: app.query });
    const code = (signedIn.data as unknown as { electron_authorization_code: string }).electron_authorization_code;
    const results = await Promise.all([app.trade(code), app.trade(code), app.trade(code)]);
    expect(results.filter((result) => result.error === null)).toHaveLength(1);
    expect(results.filter((result) => result.error?.status === 404)).toHaveLength(2);
  });
});

describe("a passkey sign-in with the hand-off parameters", () => {
  it("gives the app a session that satisfies twoFactor.requiredForRoles, like the browser's", async () => {
    const admin = await server.signUp();
    await server.database.db.updateTable("user").set({ role: "admin" }).where("id", "=", admin.userId).execute();
    const tab = browserTab(server);
    await tab.client.signIn.email({ email: admin.email, password: admin.password });
    const authenticator = createSoftAuthenticator(server.url);
    const call = async (method: string, path: string, body?: unknown, query = "") =>
      tab.jar.fetch(`${server.api}${path}${query}`, { method, ...(body ? { headers: { "content-type": "application/json" }, body: JSON.stringify(body) } : {}) });
    const registerOptions = await (await call("GET", "/passkey/generate-register-options")).json();
    expect((await call("POST", "/passkey/verify-registration", { response: authenticator.register(registerOptions) })).status).toBe(200);
    await tab.client.signOut();

    const app = await desktopApp(server, "acme-desktop");
    const options = await (await call("GET", "/passkey/generate-authenticate-options")).json();
    const query = `?${new URLSearchParams(app.query).toString()}`;
    const signedIn = (await (await call("POST", "/passkey/verify-authentication", { response: authenticator.authenticate(options) }, query)).json()) as { electron_authorization_code: string };
    const traded = await app.trade(signedIn.electron_authorization_code);
    expect(traded.data!.user.id).toBe(admin.userId);
    // The app's session counts as two factors, as the passkey session in the browser does.
    expect((await server.request("GET", "/admin/list-users", { token: traded.data!.token })).status).toBe(200);

    // A password session of the same admin is setup-only, so it cannot hand itself over.
    const passwordTab = browserTab(server);
    await passwordTab.client.signIn.email({ email: admin.email, password: admin.password });
    const other = await desktopApp(server, "acme-desktop");
    const refused = await passwordTab.client.$fetch("/electron/transfer-user", { method: "POST", query: other.query, body: {} });
    expect(refused.error).toMatchObject({ status: 403, code: "TWO_FACTOR_SETUP_REQUIRED" });
  });
});

describe("rate limiting", () => {
  it("counts the hand-off routes under the strict sign-in rule", () => {
    for (const path of ["/electron/token", "/electron/transfer-user", "/electron/init-oauth-proxy"]) expect(isStrictPath(path), path).toBe(true);
    expect(isStrictPath("/get-session")).toBe(false);
  });
});

describe("the page's cookie", () => {
  it("is readable by the page (not httpOnly), two minutes, and __Host- prefixed and Secure on https", async () => {
    const https = await startTestServer({ config: { baseURL: "https://auth.example.test" } });
    try {
      const person = await https.signUp();
      const app = await desktopApp(https);
      const query = new URLSearchParams(app.query).toString();
      const signedIn = await https.request("POST", `/sign-in/email?${query}`, { body: { email: person.email, password: person.password } });
      expect(signedIn.status).toBe(200);
      const line = signedIn.cookies.find((cookie) => cookie.startsWith("__Host-latchkey.electron="));
      expect(line, signedIn.cookies.join("\n")).toBeDefined();
      expect(line).toContain("; Secure");
      expect(line).toContain("Path=/;");
      expect(line).toContain("Max-Age=120");
      expect(line).not.toContain("HttpOnly");
      const value = line!.split(";")[0]!.slice("__Host-latchkey.electron=".length);
      expect(decodeHandOffCookie(value)).toEqual({ identifier: signedIn.body.electron_authorization_code, state: app.state });
    } finally {
      await https.close();
    }
  });
});
