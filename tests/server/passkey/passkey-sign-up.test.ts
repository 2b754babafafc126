/**
 * Issue 37 item 3: passkey-first accounts, in better-auth 1.7's passkey-plugin wire format
 * (`generate-register-options?context=` with no session, then `verify-registration
 * {response, name, createSession: true}`), against the real @simplewebauthn/server checks with a
 * software authenticator (SQLite, and PostgreSQL with LATCHKEY_TEST_DIALECT=postgres).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";
import { latestMail, setRuntimeSetting } from "../../helpers/passwordless-client.js";
import { auditRows } from "../account/support.js";
import { browserTab } from "../two-factor/support.js";
import { createSoftAuthenticator } from "./soft-authenticator.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

type Tab = ReturnType<typeof browserTab>;
let counter = 0;
const address = (label: string) => `pkf-${label}-${(counter += 1)}@example.com`;

async function call(tab: Tab, method: "GET" | "POST", path: string, body?: unknown) {
  const response = await tab.jar.fetch(server.api + path, { method, headers: body === undefined ? {} : { "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as any };
}

const optionsFor = (tab: Tab, context: unknown, name?: string) => {
  const query = new URLSearchParams({ context: typeof context === "string" ? context : JSON.stringify(context), ...(name ? { name } : {}) });
  return call(tab, "GET", `/passkey/generate-register-options?${query.toString()}`);
};

const userByEmail = (email: string) => server.database.db.selectFrom("user").selectAll().where("email", "=", email).executeTakeFirst();
const passkeysOf = (userId: string) => server.database.db.selectFrom("passkey").selectAll().where("userId", "=", userId).execute();

/** The whole flow as better-auth's passkeyClient sends it: options with `context`, then the answer with createSession. */
async function signUpWithPasskey(email: string, extra: Record<string, unknown> = {}, body: Record<string, unknown> = { createSession: true }) {
  const tab = browserTab(server);
  const authenticator = createSoftAuthenticator(server.url);
  const options = await optionsFor(tab, { email, name: "Pat Passkey", ...extra }, email);
  expect(options.status, JSON.stringify(options.body)).toBe(200);
  const verified = await call(tab, "POST", "/passkey/verify-registration", { response: authenticator.register(options.body), name: "Laptop", ...body });
  return { tab, authenticator, options, verified };
}

describe("signing up with a passkey (#37 item 3)", () => {
  it("creates an account with no password, signed in at once through the sign-in core", async () => {
    const email = address("new");
    const { tab, options, verified } = await signUpWithPasskey(email);
    expect(options.body.user.name).toBe(email);
    expect(options.body.user.displayName).toBe("Pat Passkey");
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    // better-auth's answer: the passkey, with the session and the user beside it.
    expect(verified.body).toMatchObject({ name: "Laptop", transports: "internal", user: { email, name: "Pat Passkey", emailVerified: false } });
    expect(verified.body.userId).toBe(verified.body.user.id);
    expect(verified.body.session.userId).toBe(verified.body.user.id);
    const session = await tab.client.getSession();
    expect(session.data!.user.email).toBe(email);
    const user = (await userByEmail(email))!;
    expect(user.lastSignInMethod).toBe("passkey");
    const accounts = await server.database.db.selectFrom("account").select("providerId").where("userId", "=", user.id).execute();
    expect(accounts).toEqual([]);
    expect((await passkeysOf(user.id)).map((p) => p.credentialID)).toEqual([verified.body.credentialID]);
    const signUps = await auditRows(server, "user.sign-up");
    expect(signUps.some((e) => e.targetId === user.id && e.metadata?.method === "passkey")).toBe(true);
  });

  it("signs the new account in again with the same passkey", async () => {
    const email = address("again");
    const { authenticator, verified } = await signUpWithPasskey(email);
    const tab = browserTab(server);
    const options = await call(tab, "GET", "/passkey/generate-authenticate-options");
    const signedIn = await call(tab, "POST", "/passkey/verify-authentication", { response: authenticator.authenticate(options.body) });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user.id).toBe(verified.body.user.id);
  });

  it("ignores fields a stranger must not set in `context` (role, banned, emailVerified, id)", async () => {
    const email = address("fields");
    const { verified } = await signUpWithPasskey(email, { role: "admin", banned: true, emailVerified: true, id: "chosen-id", createdAt: 0 });
    expect(verified.status).toBe(200);
    const user = (await userByEmail(email))!;
    expect(user.role).toBe("user");
    expect(Number(user.banned)).toBe(0);
    expect(Number(user.emailVerified)).toBe(0);
    expect(user.id).not.toBe("chosen-id");
    expect(Number(user.createdAt)).toBeGreaterThan(0);
  });

  it("without createSession creates the account and the passkey but no session", async () => {
    const email = address("nosession");
    const { tab, verified } = await signUpWithPasskey(email, {}, {});
    expect(verified.status).toBe(200);
    expect(verified.body.session).toBeUndefined();
    expect((await tab.client.getSession()).data).toBeNull();
    const user = (await userByEmail(email))!;
    expect(await passkeysOf(user.id)).toHaveLength(1);
  });

  it("refuses an address that has an account, at the options and at the end, creating nothing (422 USER_ALREADY_EXISTS)", async () => {
    const taken = await server.signUp({ email: address("taken") });
    const tab = browserTab(server);
    const refused = await optionsFor(tab, { email: taken.email.toUpperCase() });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe("USER_ALREADY_EXISTS");

    // Taken during the ceremony: the account made meanwhile keeps no stranger's passkey.
    const email = address("raced");
    const authenticator = createSoftAuthenticator(server.url);
    const options = await optionsFor(tab, { email });
    expect(options.status).toBe(200);
    const other = await server.signUp({ email });
    const verified = await call(tab, "POST", "/passkey/verify-registration", { response: authenticator.register(options.body), createSession: true });
    expect(verified.status).toBe(422);
    expect(verified.body.code).toBe("USER_ALREADY_EXISTS");
    expect(await passkeysOf(other.userId)).toEqual([]);
    expect((await tab.client.getSession()).data).toBeNull();
  });

  it("answers a typed 400 for a context that names nobody, and 401 with neither session nor context", async () => {
    const tab = browserTab(server);
    for (const context of ["not json", "[]", JSON.stringify({ name: "No Address" }), JSON.stringify({ email: 42 })]) {
      const answer = await optionsFor(tab, context);
      expect(answer.status, context).toBe(400);
      expect(answer.body.code, context).toBe("RESOLVED_USER_INVALID");
    }
    const invalid = await optionsFor(tab, { email: "not-an-address" });
    expect(invalid.status).toBe(400);
    expect(invalid.body.code).toBe("INVALID_EMAIL");
    const bare = await call(tab, "GET", "/passkey/generate-register-options");
    expect(bare.status).toBe(401);
    // An answer with no ceremony behind it creates nothing either.
    const authenticator = createSoftAuthenticator(server.url);
    const orphan = await call(tab, "POST", "/passkey/verify-registration", { response: authenticator.register({ challenge: "AAAA", user: { id: "x" } }), createSession: true });
    expect(orphan.status).toBe(400);
    expect(orphan.body.code).toBe("CHALLENGE_NOT_FOUND");
  });

  it("a sign-up ceremony cannot end in a browser that signed in meanwhile", async () => {
    const tab = browserTab(server);
    const email = address("switched");
    const authenticator = createSoftAuthenticator(server.url);
    const options = await optionsFor(tab, { email });
    const other = address("signed-in");
    await tab.client.signUp.email({ email: other, password: "password123", name: "Other" });
    const verified = await call(tab, "POST", "/passkey/verify-registration", { response: authenticator.register(options.body), createSession: true });
    expect(verified.status).toBe(401);
    expect(verified.body.code).toBe("YOU_ARE_NOT_ALLOWED_TO_REGISTER_THIS_PASSKEY");
    expect(await userByEmail(email)).toBeUndefined();
  });

  it("passkey.allowSignUp off refuses sign-up (400 PASSKEY_SIGN_UP_DISABLED), also mid-ceremony, and /providers says so", async () => {
    const tab = browserTab(server);
    const email = address("off");
    const authenticator = createSoftAuthenticator(server.url);
    const started = await optionsFor(tab, { email });
    expect((await server.request("GET", "/providers")).body.passkeySignUp).toBe(true);
    await setRuntimeSetting(server, "passkey.allowSignUp", false);
    try {
      expect((await server.request("GET", "/providers")).body.passkeySignUp).toBe(false);
      const refused = await optionsFor(browserTab(server), { email });
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe("PASSKEY_SIGN_UP_DISABLED");
      const late = await call(tab, "POST", "/passkey/verify-registration", { response: authenticator.register(started.body), createSession: true });
      expect(late.status).toBe(400);
      expect(late.body.code).toBe("PASSKEY_SIGN_UP_DISABLED");
      expect(await userByEmail(email)).toBeUndefined();
      // A signed-in person still adds passkeys to their own account.
      const own = browserTab(server);
      await own.client.signUp.email({ email: address("own"), password: "password123", name: "Own" });
      const ownOptions = await call(own, "GET", "/passkey/generate-register-options");
      const added = await call(own, "POST", "/passkey/verify-registration", { response: createSoftAuthenticator(server.url).register(ownOptions.body) });
      expect(added.status).toBe(200);
    } finally {
      await setRuntimeSetting(server, "passkey.allowSignUp", undefined);
    }
  });

  it("with requireEmailVerification, mails a link and signs nobody in, as sign-up by password", async () => {
    await setRuntimeSetting(server, "emailAndPassword.requireEmailVerification", true);
    try {
      const email = address("verify");
      const { tab, verified } = await signUpWithPasskey(email);
      expect(verified.status).toBe(200);
      expect(verified.body.session).toBeUndefined();
      expect((await tab.client.getSession()).data).toBeNull();
      expect((await latestMail(server, email, "verify-email")).to).toBe(email);
    } finally {
      await setRuntimeSetting(server, "emailAndPassword.requireEmailVerification", undefined);
    }
  });

  it("the address's owner takes the account back: the first mailed proof removes a stranger's passkey", async () => {
    const email = address("takeover");
    const { authenticator, verified } = await signUpWithPasskey(email);
    const userId = verified.body.user.id;
    await server.request("POST", "/email-otp/send-verification-otp", { body: { email, type: "sign-in" } });
    const mail = await latestMail(server, email, "email-otp");
    const owner = browserTab(server);
    const proof = await call(owner, "POST", "/sign-in/email-otp", { email, otp: mail.token });
    expect(proof.status).toBe(200);
    expect(proof.body.user.id).toBe(userId);
    expect(await passkeysOf(userId)).toEqual([]);
    // The stranger's passkey no longer signs in, and the stranger's session is over.
    const tab = browserTab(server);
    const options = await call(tab, "GET", "/passkey/generate-authenticate-options");
    const refused = await call(tab, "POST", "/passkey/verify-authentication", { response: authenticator.authenticate(options.body) });
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe("PASSKEY_NOT_FOUND");
  });
});

describe("passkey sign-up is rate-limited like sign-up", () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ config: { rateLimit: { enabled: true } } });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it("answers 429 after the strict rule's count from one address", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const query = new URLSearchParams({ context: JSON.stringify({ email: `pkf-rate-${i}@example.com` }) });
      statuses.push((await limited.request("GET", `/passkey/generate-register-options?${query.toString()}`)).status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});
