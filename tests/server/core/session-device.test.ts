/**
 * One user-agent parser, on the server (#20): list-sessions and the admin's list-user-sessions
 * carry the same parsed device, and the console's one label rule turns it into the same words on
 * the account page and in the admin panel — "Latchkey desktop" for the desktop app, never "Chrome".
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeDevice } from "../../../server/core/session/device.js";
import type { SessionInList } from "../../../shared/contract/schemas.js";
import { deviceLabel } from "../../../shared/session-device-label.js";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";
import { signUpAdmin } from "../admin/admin-helpers.js";

const DESKTOP = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) latchkey/0.1.0 Chrome/126.0.6478.234 Electron/31.7.7 Safari/537.36";
const CHROME = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
const HEADLESS = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36";
const SAFARI_IOS = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const FIREFOX_MAC = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0";
const EDGE = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.87";

const english = { on: (browser: string, os: string) => `${browser} on ${os}`, unknown: "Unknown device" };

describe("describeDevice", () => {
  it.each([
    [DESKTOP, { browser: "Latchkey desktop", version: "31", os: "Linux" }],
    [CHROME, { browser: "Chrome", version: "126", os: "Windows" }],
    [HEADLESS, { browser: "Chrome", version: "131", os: "Linux" }],
    [SAFARI_IOS, { browser: "Safari", version: "17", os: "iOS" }],
    [FIREFOX_MAC, { browser: "Firefox", version: "127", os: "macOS" }],
    [EDGE, { browser: "Edge", version: "126", os: "Windows" }],
    ["latchkey-cli", { browser: "Latchkey CLI", version: null, os: null }],
    ["node", { browser: "Node.js", version: null, os: null }],
    ["curl/8.5.0", { browser: "curl", version: "8", os: null }],
  ])("reads %s", (userAgent, expected) => {
    expect(describeDevice(userAgent)).toEqual(expected);
  });

  it("answers null for no header and for nothing it recognises", () => {
    expect(describeDevice(null)).toBeNull();
    expect(describeDevice("")).toBeNull();
    expect(describeDevice("TestBrowser/1.0")).toBeNull();
  });

  it("gives the console one label rule: browser on system, either alone, or the unknown word", () => {
    expect(deviceLabel(describeDevice(DESKTOP), english)).toBe("Latchkey desktop on Linux");
    expect(deviceLabel(describeDevice(HEADLESS), english)).toBe("Chrome on Linux");
    expect(deviceLabel(describeDevice("latchkey-cli"), english)).toBe("Latchkey CLI");
    expect(deviceLabel({ browser: null, version: null, os: "Android" }, english)).toBe("Android");
    expect(deviceLabel(describeDevice("TestBrowser/1.0"), english)).toBe("Unknown device");
  });
});

describe("session lists carry the parsed device", () => {
  let server: TestServer;
  let admin: { token: string; userId: string };

  beforeAll(async () => {
    server = await startTestServer();
    admin = await signUpAdmin(server);
  });
  afterAll(async () => {
    await server.close();
  });

  it("names the desktop app's session alike in the user's own list and in the admin's", async () => {
    const user = await server.signUp();
    const desktop = await server.request("POST", "/sign-in/email", { body: { email: user.email, password: user.password }, headers: { "user-agent": DESKTOP } });
    expect(desktop.status).toBe(200);
    const token = desktop.body.token as string;

    const own = await server.request("GET", "/list-sessions", { token });
    expect(own.status).toBe(200);
    const ownDesktop = (own.body as SessionInList[]).find((session) => session.userAgent === DESKTOP);
    expect(ownDesktop?.device).toEqual({ browser: "Latchkey desktop", version: "31", os: "Linux" });

    const listed = await server.request("POST", "/admin/list-user-sessions", { token: admin.token, body: { userId: user.userId } });
    expect(listed.status).toBe(200);
    const adminDesktop = (listed.body.sessions as SessionInList[]).find((session) => session.userAgent === DESKTOP);
    expect(adminDesktop?.device).toEqual(ownDesktop?.device);
    expect(deviceLabel(adminDesktop!.device, english)).toBe("Latchkey desktop on Linux");
  });

  it("answers device null for a session without a user agent it recognises", async () => {
    const user = await server.signUp();
    await server.request("POST", "/sign-in/email", { body: { email: user.email, password: user.password }, headers: { "user-agent": "TestBrowser/1.0" } });
    const listed = await server.request("POST", "/admin/list-user-sessions", { token: admin.token, body: { userId: user.userId } });
    const unknown = (listed.body.sessions as SessionInList[]).find((session) => session.userAgent === "TestBrowser/1.0");
    expect(unknown?.device).toBeNull();
  });
});
