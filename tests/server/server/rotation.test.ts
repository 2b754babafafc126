/**
 * Issue 26: the database knows its secret, and the secret rotates without downtime. Real servers
 * (server/main.ts startServer, the way `auth server start` runs) on one database in turn: made
 * under the old secret, run with the new one plus the old as previous, rotated with the CLI, then
 * run with the new secret alone; the old one alone then fails the key check.
 */
import { generateSync } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mergeConfig, resolveConfig } from "../../../server/config.js";
import { openSealed } from "../../../server/crypto/encrypt.js";
import { SEAL_PURPOSE } from "../../../server/features/two-factor/totp.js";
import { SECRET_MISMATCH_SENTENCE, SecretMismatchError } from "../../../server/key-check.js";
import { startServer, type RunningServer } from "../../../server/main.js";
import { createCookieFetch } from "../../helpers/cookie-fetch.js";
import { freePort, runCli } from "../../helpers/run-cli.js";
import { createTestDatabase, type TestDatabase } from "../../helpers/test-database.js";

const OLD = "old-secret-old-secret-old-secret-0026";
const NEW = "new-secret-new-secret-new-secret-0026";
const PASSWORD = "password123";

/** The code an authenticator shows `stepsAhead` time steps from now (±1 step is accepted). */
const totp = (seed: string, stepsAhead: number) => generateSync({ secret: seed, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30, period: 30, digits: 6, algorithm: "sha1" });

let db: TestDatabase;
let port: number;
beforeAll(async () => {
  db = await createTestDatabase();
  port = await freePort();
});
afterAll(async () => {
  await db.drop();
});

function start(secret: string, previousSecrets: string[] = []): Promise<RunningServer> {
  const config = resolveConfig(
    mergeConfig({
      db: db.target,
      host: "127.0.0.1",
      port,
      logLevel: "silent",
      secret,
      previousSecrets,
      rateLimit: { enabled: false },
      password: { memoryCost: 1024, timeCost: 1, parallelism: 1 },
      jwt: { enabled: true },
    }),
  );
  return startServer(config);
}

async function call(server: RunningServer, method: string, path: string, init: { token?: string; apiKey?: string; body?: unknown; fetch?: typeof fetch } = {}) {
  const headers: Record<string, string> = { origin: server.url };
  if (init.body !== undefined) headers["content-type"] = "application/json";
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.apiKey) headers["x-api-key"] = init.apiKey;
  const send = () => (init.fetch ?? fetch)(`${server.url}/api/auth${path}`, { method, headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
  const response = await send().catch((error: Error & { cause?: { code?: string } }) => {
    // Every server here listens on one port: a keep-alive connection pooled by the client for the
    // server stopped before may be handed out once more before its close is seen (a CI run under
    // load); it gets no answer, and a browser retries such a request on a new connection too.
    if (error.cause?.code === "UND_ERR_SOCKET") return send();
    throw error;
  });
  return { status: response.status, body: (await response.json()) as any };
}

describe("rotating the server secret (#26)", () => {
  const state = { email: "rotate@example.com", seed: "", backupCodes: [] as string[], token: "", apiKey: "", kids: [] as string[], userId: "" };
  // A browser that began its sign-in on the old server: its two-factor cookie is signed with the old secret.
  let browser: ReturnType<typeof createCookieFetch>;

  it("a server refuses a database sealed with another secret, in one sentence (#26)", async () => {
    const first = await start(OLD);
    const signUp = await call(first, "POST", "/sign-up/email", { body: { email: state.email, password: PASSWORD, name: "Rotating" } });
    expect(signUp.status).toBe(200);
    state.token = signUp.body.token;
    state.userId = signUp.body.user.id;
    const enabled = await call(first, "POST", "/two-factor/enable", { token: state.token, body: { password: PASSWORD } });
    state.seed = new URL(enabled.body.totpURI).searchParams.get("secret")!;
    state.backupCodes = enabled.body.backupCodes;
    // One step back: the later sign-ins then each use a later step (each step is accepted once).
    expect((await call(first, "POST", "/two-factor/verify-totp", { token: state.token, body: { code: totp(state.seed, -1) } })).status).toBe(200);
    const key = await call(first, "POST", "/api-key/create", { token: state.token, body: { name: "rotation" } });
    expect(key.status).toBe(200);
    state.apiKey = key.body.key;
    expect((await call(first, "GET", "/token", { token: state.token })).status).toBe(200);
    state.kids = (await call(first, "GET", "/jwks")).body.keys.map((k: { kid: string }) => k.kid);
    expect(state.kids).toHaveLength(1);
    browser = createCookieFetch(first.url);
    expect((await call(first, "POST", "/sign-in/email", { fetch: browser.fetch, body: { email: state.email, password: PASSWORD } })).body).toMatchObject({ twoFactorRedirect: true });
    await first.stop();

    const other = "another-secret-another-secret-0026";
    const refused = start(other);
    await expect(refused).rejects.toBeInstanceOf(SecretMismatchError);
    await expect(refused).rejects.toThrow(SECRET_MISMATCH_SENTENCE);
  });

  it("with the new secret and the old one as previous: TOTP, the old two-factor cookie and session, the API key and the JWT key all keep working (#26)", async () => {
    const server = await start(NEW, [OLD]);
    try {
      const verified = await call(server, "POST", "/two-factor/verify-totp", { fetch: browser.fetch, body: { code: totp(state.seed, 0) } });
      expect(verified.status).toBe(200);
      expect(verified.body.user.id).toBe(state.userId);
      // The seed was sealed again under the new secret when it was used.
      const row = await db.database.db.selectFrom("twoFactor").select("secret").where("userId", "=", state.userId).executeTakeFirstOrThrow();
      expect(openSealed(row.secret, NEW, SEAL_PURPOSE)).toMatchObject({ stale: false });
      expect((await call(server, "GET", "/get-session", { token: state.token })).body.user.id).toBe(state.userId);
      expect((await call(server, "GET", "/get-session", { apiKey: state.apiKey })).body.user.id).toBe(state.userId);
      expect((await call(server, "GET", "/jwks")).body.keys.map((k: { kid: string }) => k.kid)).toEqual(state.kids);
      const jwt = await call(server, "GET", "/token", { token: state.token });
      expect(JSON.parse(Buffer.from(jwt.body.token.split(".")[0], "base64url").toString()).kid).toBe(state.kids[0]);
    } finally {
      await server.stop();
    }
  });

  it("auth server rotate-secret re-seals the rest and marks the database; then the new secret alone works and the old alone is refused (#26)", async () => {
    const rotated = await runCli(["server", "rotate-secret", "--db", db.target, "--json"], { env: { AUTH_SECRET: NEW, AUTH_PREVIOUS_SECRETS: OLD, AUTH_DB: "" } });
    expect(rotated.stderr).toBe("");
    expect(rotated.code).toBe(0);
    const counts = JSON.parse(rotated.stdout);
    expect(counts.tables.jwks).toEqual({ rows: 1, resealed: 1, unreadable: 0 });
    // The TOTP seed was re-sealed on use already; the backup codes, never used, are re-sealed now.
    expect(counts.tables.twoFactor).toEqual({ rows: 1, resealed: 1, unreadable: 0 });
    expect(counts.unreadable).toBe(0);
    expect(rotated.stdout).not.toContain(OLD);

    const server = await start(NEW);
    try {
      const tab = createCookieFetch(server.url);
      expect((await call(server, "POST", "/sign-in/email", { fetch: tab.fetch, body: { email: state.email, password: PASSWORD } })).body).toMatchObject({ twoFactorRedirect: true });
      expect((await call(server, "POST", "/two-factor/verify-totp", { fetch: tab.fetch, body: { code: totp(state.seed, 1) } })).status).toBe(200);
      // A backup code made under the old secret works with the new secret alone.
      const other = createCookieFetch(server.url);
      expect((await call(server, "POST", "/sign-in/email", { fetch: other.fetch, body: { email: state.email, password: PASSWORD } })).body).toMatchObject({ twoFactorRedirect: true });
      const byCode = await call(server, "POST", "/two-factor/verify-backup-code", { fetch: other.fetch, body: { code: state.backupCodes[0] } });
      expect(byCode.status).toBe(200);
      expect(byCode.body.user.id).toBe(state.userId);
      expect((await call(server, "GET", "/get-session", { token: state.token })).body.user.id).toBe(state.userId);
      expect((await call(server, "GET", "/get-session", { apiKey: state.apiKey })).body.user.id).toBe(state.userId);
      expect((await call(server, "GET", "/jwks")).body.keys.map((k: { kid: string }) => k.kid)).toEqual(state.kids);
      expect((await call(server, "GET", "/token", { token: state.token })).status).toBe(200);
    } finally {
      await server.stop();
    }
    await expect(start(OLD)).rejects.toBeInstanceOf(SecretMismatchError);
  });

  it("auth server start, migrate and check-config refuse a database sealed with another secret with exit code 9 (#26)", async () => {
    const env = { AUTH_SECRET: OLD, AUTH_PREVIOUS_SECRETS: "", AUTH_DB: "" };
    for (const args of [
      ["server", "start", "--db", db.target, "--port", "0"],
      ["server", "migrate", "--db", db.target],
      ["server", "check-config", "--db", db.target],
    ]) {
      const result = await runCli(args, { env });
      expect(result.code, args.join(" ")).toBe(9);
      expect(result.stderr).toContain(SECRET_MISMATCH_SENTENCE);
    }
    expect((await runCli(["server", "check-config", "--db", db.target], { env: { ...env, AUTH_SECRET: NEW } })).code).toBe(0);
  });
});
