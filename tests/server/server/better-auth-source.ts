/**
 * A real better-auth 1.7 server (the devDependency) on SQLite or PostgreSQL, with the plugins an
 * adopting team would run, listening on a loopback port and filled through better-auth's own
 * client: the source of the import tests (issue 22).
 */
import { createServer, type Server } from "node:http";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { betterAuth } from "better-auth";
import { toNodeHandler } from "better-auth/node";
import { getMigrations } from "better-auth/db/migration";
import { admin, bearer, jwt, multiSession, organization, twoFactor, username } from "better-auth/plugins";
import { passkey } from "@better-auth/passkey";
import { apiKey } from "@better-auth/api-key";
import { createAuthClient } from "better-auth/client";
import { adminClient, organizationClient, twoFactorClient, usernameClient } from "better-auth/client/plugins";
import { apiKeyClient } from "@better-auth/api-key/client";
import { generateSync } from "otplib";
import { createCookieFetch } from "../../helpers/cookie-fetch.js";
import { createPostgresDatabase } from "../../helpers/postgres.js";
import { freePort } from "../../helpers/run-cli.js";
import { createSoftAuthenticator } from "../passkey/soft-authenticator.js";

export const BETTER_AUTH_SECRET = "better-auth-secret-for-the-import-test-0123456789";

export interface BetterAuthSource {
  /** What `--from` takes: the SQLite file or the postgres:// URL. */
  from: string;
  url: string;
  /** Makes a user an administrator through better-auth's own adapter (it has no first-admin endpoint). */
  promote(userId: string): Promise<void>;
  close(): Promise<void>;
}

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
/** better-auth's `modelName` and `fields` options naming a core model's table and columns in snake_case. */
function snakeModel(table: string, fields: string[]) {
  return { modelName: table, fields: Object.fromEntries(fields.map((field) => [field, snake(field)])) };
}

/**
 * The core models as a team that asked better-auth for snake_case, plural tables gets them
 * (`users.email_verified`, `sessions.user_id` …), through better-auth's own schema options.
 */
const SNAKE_CASE_SCHEMA = {
  user: snakeModel("users", ["emailVerified", "createdAt", "updatedAt"]),
  session: snakeModel("sessions", ["expiresAt", "createdAt", "updatedAt", "ipAddress", "userAgent", "userId"]),
  account: snakeModel("accounts", ["accountId", "providerId", "userId", "accessToken", "refreshToken", "idToken", "accessTokenExpiresAt", "refreshTokenExpiresAt", "createdAt", "updatedAt"]),
  verification: snakeModel("verifications", ["expiresAt", "createdAt", "updatedAt"]),
};

/**
 * `snakeCase`: better-auth with only its core models (and the bearer plugin, which has no tables),
 * named snake_case and plural through its schema options.
 */
export async function startBetterAuth(kind: "sqlite" | "postgres", options: { snakeCase?: boolean } = {}): Promise<BetterAuthSource> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let from: string;
  let database: Database.Database | pg.Pool;
  let dropDatabase = async () => {};
  if (kind === "sqlite") {
    from = join(mkdtempSync(join(tmpdir(), "better-auth-")), "better-auth.db");
    database = new Database(from);
  } else {
    // The run's PostgreSQL, whichever pass this is (tests/helpers/postgres.ts).
    const scratch = await createPostgresDatabase("better_auth_source");
    from = scratch.url;
    database = new pg.Pool({ connectionString: from });
    dropDatabase = () => scratch.drop({ waitForClose: true });
  }
  const auth = betterAuth({
    database,
    secret: BETTER_AUTH_SECRET,
    baseURL: url,
    trustedOrigins: [url],
    rateLimit: { enabled: false },
    emailAndPassword: { enabled: true },
    ...(options.snakeCase
      ? { ...SNAKE_CASE_SCHEMA, plugins: [bearer()] }
      : {
          plugins: [
            admin(),
            organization({ teams: { enabled: true } }),
            username(),
            twoFactor(),
            passkey({ rpID: "127.0.0.1", origin: url }),
            apiKey(),
            jwt(),
            multiSession(),
            bearer(),
          ],
        }),
  });
  const { runMigrations } = await getMigrations(auth.options);
  await runMigrations();
  const server: Server = createServer(toNodeHandler(auth));
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    from,
    url,
    promote: async (userId) => {
      await (await auth.$context).internalAdapter.updateUser(userId, { role: "admin" });
    },
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (database instanceof pg.Pool) await database.end();
      else database.close();
      await dropDatabase();
    },
  };
}

export function betterAuthTab(url: string) {
  const jar = createCookieFetch(url);
  const client = createAuthClient({
    baseURL: url,
    plugins: [twoFactorClient(), adminClient(), organizationClient({ teams: { enabled: true } }), usernameClient(), apiKeyClient()],
    fetchOptions: { customFetchImpl: jar.fetch },
  });
  return { client, jar };
}

export function totpNow(secret: string, ms: number): string {
  return generateSync({ secret, epoch: Math.floor(ms / 1000), period: 30, digits: 6, algorithm: "sha1" });
}

/** What the fill made, for the checks after the import. */
export interface Filled {
  password: string;
  admin: { id: string; email: string };
  twoFactorUser: { id: string; email: string; totpSecret: string; backupCodes: string[] };
  banned: { id: string; email: string; reason: string };
  bearer: { id: string; email: string; token: string };
  organization: { id: string; teamId: string; invitationId: string; invitee: string };
  apiKey: { id: string; key: string };
  passkeyUser: { id: string; email: string; credentials: ReturnType<typeof createSoftAuthenticator>["credentials"] };
}

async function ok<T>(answer: Promise<{ data: T | null; error: unknown }>): Promise<T> {
  const { data, error } = await answer;
  if (error || data === null) throw new Error(`better-auth answered ${JSON.stringify(error)}`);
  return data;
}

export async function fillBetterAuth(source: BetterAuthSource): Promise<Filled> {
  const password = "correct horse battery staple";
  // The administrator: signs up, is made admin (better-auth has no first-admin endpoint).
  const adminTab = betterAuthTab(source.url);
  const adminUser = await ok(adminTab.client.signUp.email({ email: "ada@example.com", password, name: "Ada Admin", username: "ada" }));
  await source.promote(adminUser.user.id);
  await ok(adminTab.client.signIn.email({ email: "ada@example.com", password }));

  // A user with TOTP on, set up through better-auth's two-factor plugin.
  const tfTab = betterAuthTab(source.url);
  const tf = await ok(tfTab.client.signUp.email({ email: "tess@example.com", password, name: "Tess Two-Factor" }));
  const enabled = (await ok(tfTab.client.twoFactor.enable({ password }))) as { totpURI: string; backupCodes: string[] };
  const totpSecret = new URL(enabled.totpURI).searchParams.get("secret")!;
  await ok(tfTab.client.twoFactor.verifyTotp({ code: totpNow(totpSecret, Date.now()) }));

  // A banned user, with a reason.
  const bannedTab = betterAuthTab(source.url);
  const banned = await ok(bannedTab.client.signUp.email({ email: "bart@example.com", password, name: "Bart Banned" }));
  const reason = "Sent spam to the whole organization";
  await ok(adminTab.client.admin.banUser({ userId: banned.user.id, banReason: reason }));

  // A user signed in with a bearer token (the bearer plugin answers it in set-auth-token).
  const bearerTab = betterAuthTab(source.url);
  const bearerUser = await ok(bearerTab.client.signUp.email({ email: "bea@example.com", password, name: "Bea Bearer" }));
  const token = bearerUser.token!;

  // An organization with a team and a pending invitation into it.
  const org = await ok(adminTab.client.organization.create({ name: "Acme Corp", slug: "acme" }));
  const teamAnswer = (await ok(adminTab.client.organization.createTeam({ name: "Platform", organizationId: org.id }))) as { id: string };
  const invitation = (await ok(adminTab.client.organization.inviteMember({ email: "ivy@example.com", role: "member", organizationId: org.id, teamId: teamAnswer.id }))) as { id: string };
  // The two-factor user joins with two roles (better-auth stores them comma-separated).
  await ok(adminTab.client.organization.inviteMember({ email: "tess@example.com", role: ["admin", "member"], organizationId: org.id }));

  // An API key of the administrator's.
  const key = (await ok(adminTab.client.apiKey.create({ name: "deploy bot" }))) as { id: string; key: string };

  // A passkey, registered through better-auth's passkey plugin with a software authenticator.
  const authenticator = createSoftAuthenticator(source.url);
  const options = await (await bearerTab.jar.fetch(`${source.url}/api/auth/passkey/generate-register-options`)).json();
  const registered = await bearerTab.jar.fetch(`${source.url}/api/auth/passkey/verify-registration`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ response: authenticator.register(options as { challenge: string; user: { id: string } }), name: "Laptop" }),
  });
  if (registered.status !== 200) throw new Error(`passkey registration answered ${registered.status}: ${await registered.text()}`);

  // A JWT signing key (the jwt plugin makes one at the first /token).
  await bearerTab.jar.fetch(`${source.url}/api/auth/token`);

  return {
    password,
    admin: { id: adminUser.user.id, email: "ada@example.com" },
    twoFactorUser: { id: tf.user.id, email: "tess@example.com", totpSecret, backupCodes: enabled.backupCodes },
    banned: { id: banned.user.id, email: "bart@example.com", reason },
    bearer: { id: bearerUser.user.id, email: "bea@example.com", token },
    organization: { id: org.id, teamId: teamAnswer.id, invitationId: invitation.id, invitee: "ivy@example.com" },
    apiKey: { id: key.id, key: key.key },
    passkeyUser: { id: bearerUser.user.id, email: "bea@example.com", credentials: authenticator.credentials },
  };
}
