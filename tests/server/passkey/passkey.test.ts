/** Passkeys against the real @simplewebauthn/server checks, with a software authenticator (Chromium's virtual one runs in the console e2e). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";
import { auditRows } from "../account/support.js";
import { browserTab } from "../two-factor/support.js";
import { createSoftAuthenticator } from "./soft-authenticator.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

type Tab = ReturnType<typeof browserTab>;

async function call(tab: Tab, method: "GET" | "POST", path: string, body?: unknown) {
  const response = await tab.jar.fetch(server.api + path, { method, headers: body === undefined ? {} : { "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as any };
}

async function signedInWithPasskey(name = "Laptop") {
  const tab = browserTab(server);
  const email = `pk-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const signUp = await tab.client.signUp.email({ email, password: "password123", name: "Passkey User" });
  const authenticator = createSoftAuthenticator(server.url);
  const options = await call(tab, "GET", "/passkey/generate-register-options");
  expect(options.status).toBe(200);
  // A server on 127.0.0.1 is the relying party "localhost": browsers refuse an IP address (#33).
  expect(options.body.rp.id).toBe("localhost");
  expect(options.body.authenticatorSelection.residentKey).toBe("preferred");
  const registered = await call(tab, "POST", "/passkey/verify-registration", { response: authenticator.register(options.body), name });
  expect(registered.status).toBe(200);
  return { tab, email, userId: signUp.data!.user.id, authenticator, passkey: registered.body };
}

describe("registering a passkey", () => {
  it("stores the credential for the signed-in user and lists it", async () => {
    const { tab, userId, passkey } = await signedInWithPasskey();
    expect(passkey).toMatchObject({ userId, name: "Laptop", deviceType: "singleDevice", backedUp: false, transports: "internal", counter: 0 });
    const listed = await call(tab, "GET", "/passkey/list-user-passkeys");
    expect(listed.body.map((p: { id: string }) => p.id)).toEqual([passkey.id]);
    expect((await auditRows(server, "user.passkey-add")).some((e) => e.targetId === userId)).toBe(true);
  });

  it("refuses an answer from an untrusted origin, and a challenge used twice", async () => {
    const tab = browserTab(server);
    await tab.client.signUp.email({ email: "pk-origin@example.com", password: "password123", name: "O" });
    const authenticator = createSoftAuthenticator(server.url);
    const options = await call(tab, "GET", "/passkey/generate-register-options");
    const evil = await call(tab, "POST", "/passkey/verify-registration", { response: authenticator.register(options.body, "https://evil.example") });
    expect(evil.status).toBe(400);
    expect(evil.body.code).toBe("FAILED_TO_VERIFY_REGISTRATION");
    const reused = await call(tab, "POST", "/passkey/verify-registration", { response: authenticator.register(options.body) });
    expect(reused.status).toBe(400);
    expect(reused.body.code).toBe("CHALLENGE_NOT_FOUND");
  });

  it("requires a session", async () => {
    const response = await server.request("GET", "/passkey/generate-register-options");
    expect(response.status).toBe(401);
  });
});

describe("signing in with a passkey", () => {
  it("creates a session from a discoverable credential with no user named first", async () => {
    const { email, userId, authenticator } = await signedInWithPasskey();
    const tab = browserTab(server);
    const options = await call(tab, "GET", "/passkey/generate-authenticate-options");
    expect(options.status).toBe(200);
    expect(options.body.allowCredentials ?? []).toEqual([]);
    const signedIn = await call(tab, "POST", "/passkey/verify-authentication", { response: authenticator.authenticate(options.body) });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user).toMatchObject({ id: userId, email });
    expect((await tab.client.getSession()).data!.user.id).toBe(userId);
    const [row] = await server.database.db.selectFrom("passkey").select("counter").where("userId", "=", userId).execute();
    expect(Number(row!.counter)).toBe(1);
    const signIns = await auditRows(server, "user.sign-in");
    expect(signIns.some((e) => e.targetId === userId && e.metadata?.method === "passkey")).toBe(true);
  });

  it("refuses a replayed assertion (the challenge is used once) and an unknown credential", async () => {
    const { authenticator } = await signedInWithPasskey();
    const tab = browserTab(server);
    const options = await call(tab, "GET", "/passkey/generate-authenticate-options");
    const assertion = authenticator.authenticate(options.body);
    expect((await call(tab, "POST", "/passkey/verify-authentication", { response: assertion })).status).toBe(200);
    const replay = await call(tab, "POST", "/passkey/verify-authentication", { response: assertion });
    expect(replay.body.code).toBe("CHALLENGE_NOT_FOUND");
    const stranger = createSoftAuthenticator(server.url);
    stranger.register({ challenge: "x", user: { id: "nobody" } });
    const fresh = await call(tab, "GET", "/passkey/generate-authenticate-options");
    const unknown = await call(tab, "POST", "/passkey/verify-authentication", { response: stranger.authenticate(fresh.body) });
    expect(unknown.status).toBe(401);
    expect(unknown.body.code).toBe("PASSKEY_NOT_FOUND");
  });

  it("lets the challenge expire after 5 minutes", async () => {
    const { authenticator } = await signedInWithPasskey();
    const tab = browserTab(server);
    const options = await call(tab, "GET", "/passkey/generate-authenticate-options");
    server.clock.advance(5 * 60_000 + 1000);
    const late = await call(tab, "POST", "/passkey/verify-authentication", { response: authenticator.authenticate(options.body) });
    expect(late.body.code).toBe("CHALLENGE_NOT_FOUND");
  });
});

describe("managing passkeys", () => {
  it("renames and deletes only the owner's passkeys", async () => {
    const owner = await signedInWithPasskey("Phone");
    const other = await signedInWithPasskey("Other");
    const renamed = await call(owner.tab, "POST", "/passkey/update-passkey", { id: owner.passkey.id, name: "Work phone" });
    expect(renamed.body.passkey.name).toBe("Work phone");
    const foreign = await call(other.tab, "POST", "/passkey/update-passkey", { id: owner.passkey.id, name: "Mine now" });
    expect(foreign.status).toBe(401);
    expect(foreign.body.code).toBe("PASSKEY_NOT_FOUND");
    expect((await call(other.tab, "POST", "/passkey/delete-passkey", { id: owner.passkey.id })).status).toBe(401);
    expect((await call(owner.tab, "POST", "/passkey/delete-passkey", { id: owner.passkey.id })).body).toEqual({ status: true });
    expect((await call(owner.tab, "GET", "/passkey/list-user-passkeys")).body).toEqual([]);
  });
});

describe("better-auth's passkeyClient()", () => {
  it("lists, renames and deletes passkeys unchanged", async () => {
    const { createAuthClient } = await import("better-auth/client");
    const { passkeyClient } = await import("@better-auth/passkey/client");
    const owner = await signedInWithPasskey("Key");
    const client = createAuthClient({ baseURL: server.url, plugins: [passkeyClient()], fetchOptions: { customFetchImpl: owner.tab.jar.fetch } });
    const listed = await client.passkey.listUserPasskeys();
    expect(listed.error).toBeNull();
    expect(listed.data!.map((p) => p.name)).toEqual(["Key"]);
    const renamed = await client.passkey.updatePasskey({ id: owner.passkey.id, name: "Yubikey" });
    expect(renamed.data!.passkey.name).toBe("Yubikey");
    expect((await client.passkey.deletePasskey({ id: owner.passkey.id })).data).toEqual({ status: true });
    expect((await client.passkey.listUserPasskeys()).data).toEqual([]);
  });
});

describe("a server on a loopback address (#33)", () => {
  it("is one server under 127.0.0.1 and localhost: a passkey made on http://localhost:PORT registers and signs in", async () => {
    const local = server.url.replace("127.0.0.1", "localhost");
    const tab = browserTab(server);
    const email = `pk-local-${Math.random().toString(36).slice(2, 8)}@example.com`;
    await tab.client.signUp.email({ email, password: "password123", name: "Local User" });
    const authenticator = createSoftAuthenticator(local);
    const options = await call(tab, "GET", "/passkey/generate-register-options");
    expect(options.body.rp.id).toBe("localhost");
    const registered = await call(tab, "POST", "/passkey/verify-registration", { response: authenticator.register(options.body), name: "Local" });
    expect(registered.status).toBe(200);

    const fresh = browserTab(server);
    const asked = await call(fresh, "GET", "/passkey/generate-authenticate-options");
    expect(asked.body.rpId).toBe("localhost");
    const signedIn = await call(fresh, "POST", "/passkey/verify-authentication", { response: authenticator.authenticate(asked.body) });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user.email).toBe(email);
  });

  it("trusts only the loopback names of its own port, never another port or host", async () => {
    const tab = browserTab(server);
    await tab.client.signUp.email({ email: "pk-port@example.com", password: "password123", name: "P" });
    const port = Number(new URL(server.url).port);
    for (const origin of [`http://localhost:${port + 1}`, `https://localhost:${port}`, `http://localhost.evil.example:${port}`]) {
      const options = await call(tab, "GET", "/passkey/generate-register-options");
      const refused = await call(tab, "POST", "/passkey/verify-registration", { response: createSoftAuthenticator(server.url.replace("127.0.0.1", "localhost")).register(options.body, origin) });
      expect(refused.status, origin).toBe(400);
      expect(refused.body.code).toBe("FAILED_TO_VERIFY_REGISTRATION");
    }
  });
});
