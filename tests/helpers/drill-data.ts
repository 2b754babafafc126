/**
 * Data that must survive a restore or a copy (issue 26), made and checked over HTTP against real
 * servers (server/main.ts startServer, the way `auth server start` runs): users with passwords,
 * TOTP and backup codes, an organization, an API key, a JWT signed with the stored JWKS key and
 * the audit log. seed() writes it; expectIntact() proves a server on another database serves it.
 */
import { createLocalJWKSet, jwtVerify } from "jose";
import { generateSync } from "otplib";
import { expect } from "vitest";
import { mergeConfig, resolveConfig } from "../../server/config.js";
import { startServer, type RunningServer } from "../../server/main.js";
import { createCookieFetch } from "./cookie-fetch.js";
import { freePort } from "./run-cli.js";

export const DRILL_PASSWORD = "password123";

/** The code an authenticator shows `stepsAhead` time steps from now (±1 step is accepted, each step once). */
export const totp = (seed: string, stepsAhead: number) => generateSync({ secret: seed, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30, period: 30, digits: 6, algorithm: "sha1" });

export interface DrillUser {
  email: string;
  userId: string;
  /** TOTP seed, for the users with two-factor sign-in. */
  seed?: string;
  backupCodes?: string[];
}

export interface Seeded {
  users: DrillUser[];
  /** The first user, an administrator (the audit log). */
  admin: DrillUser;
  organizationId: string;
  apiKey: string;
  /** A JWT issued before, and the key ids of the JWKS then. */
  jwt: string;
  kids: string[];
}

/** A server on `db`, on a free port (its own origin must be known before it listens: cookie requests are origin-checked). */
export async function startOn(db: string, secret: string): Promise<RunningServer> {
  const port = await freePort();
  const config = resolveConfig(
    mergeConfig({
      db,
      host: "127.0.0.1",
      port,
      logLevel: "silent",
      secret,
      rateLimit: { enabled: false },
      password: { memoryCost: 1024, timeCost: 1, parallelism: 1 },
      jwt: { enabled: true },
    }),
  );
  return startServer(config);
}

export async function call(server: { url: string }, method: string, path: string, init: { token?: string; apiKey?: string; body?: unknown; fetch?: typeof fetch } = {}) {
  const headers: Record<string, string> = { origin: server.url };
  if (init.body !== undefined) headers["content-type"] = "application/json";
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.apiKey) headers["x-api-key"] = init.apiKey;
  const response = await (init.fetch ?? fetch)(`${server.url}/api/auth${path}`, { method, headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as any };
}

/** `count` users: the first an administrator with an organization and an API key; every other one with TOTP. */
export async function seed(server: RunningServer, count: number, tag: string): Promise<Seeded> {
  const users: DrillUser[] = [];
  let adminToken = "";
  for (let i = 0; i < count; i++) {
    const email = `${tag}-${i}@example.com`;
    const signUp = await call(server, "POST", "/sign-up/email", { body: { email, password: DRILL_PASSWORD, name: `Drill ${i}` } });
    expect(signUp.status).toBe(200);
    const user: DrillUser = { email, userId: signUp.body.user.id };
    if (i === 0) adminToken = signUp.body.token;
    if (i % 2 === 1) {
      const enabled = await call(server, "POST", "/two-factor/enable", { token: signUp.body.token, body: { password: DRILL_PASSWORD } });
      expect(enabled.status).toBe(200);
      user.seed = new URL(enabled.body.totpURI).searchParams.get("secret")!;
      user.backupCodes = enabled.body.backupCodes;
      // One step back: later sign-ins use later steps (each step is accepted once).
      expect((await call(server, "POST", "/two-factor/verify-totp", { token: signUp.body.token, body: { code: totp(user.seed, -1) } })).status).toBe(200);
    }
    users.push(user);
  }
  const admin = users[0]!;
  await server.app.context.db.updateTable("user").set({ role: "admin" }).where("id", "=", admin.userId).execute();
  const organization = await call(server, "POST", "/organization/create", { token: adminToken, body: { name: `Drill ${tag}`, slug: `drill-${tag}` } });
  expect(organization.status).toBe(200);
  const key = await call(server, "POST", "/api-key/create", { token: adminToken, body: { name: `drill ${tag}` } });
  expect(key.status).toBe(200);
  const jwt = await call(server, "GET", "/token", { token: adminToken });
  expect(jwt.status).toBe(200);
  const kids = (await call(server, "GET", "/jwks")).body.keys.map((k: { kid: string }) => k.kid);
  expect(kids.length).toBeGreaterThan(0);
  await server.app.context.audit.flush();
  return { users, admin, organizationId: organization.body.id, apiKey: key.body.key, jwt: jwt.body.token, kids };
}

/**
 * Every seeded user signs in on `server`: by password, then by TOTP (`totpStep` steps from now),
 * or by their backup code number `backupCode` for the first two-factor user. The organization is
 * listed, the API key answers, the old JWT verifies against the JWKS served, and the audit log
 * holds the seeded events and this sign-in.
 */
export async function expectIntact(server: { url: string }, seeded: Seeded, options: { totpStep: number; backupCode: number; /** Sign-ins of the administrator the log must show by now (this one included). */ adminSignIns: number }): Promise<void> {
  let adminToken = "";
  let usedBackupCode = false;
  for (const user of seeded.users) {
    const browser = createCookieFetch(server.url);
    const signIn = await call(server, "POST", "/sign-in/email", { fetch: browser.fetch, body: { email: user.email, password: DRILL_PASSWORD } });
    expect(signIn.status, user.email).toBe(200);
    if (!user.seed) {
      expect(signIn.body.user.id).toBe(user.userId);
      if (user === seeded.admin) adminToken = signIn.body.token;
      continue;
    }
    expect(signIn.body).toMatchObject({ twoFactorRedirect: true });
    const second = usedBackupCode
      ? await call(server, "POST", "/two-factor/verify-totp", { fetch: browser.fetch, body: { code: totp(user.seed, options.totpStep) } })
      : await call(server, "POST", "/two-factor/verify-backup-code", { fetch: browser.fetch, body: { code: user.backupCodes![options.backupCode] } });
    usedBackupCode = true;
    expect(second.status, `${user.email}: ${JSON.stringify(second.body)}`).toBe(200);
    expect(second.body.user.id).toBe(user.userId);
  }
  expect(adminToken).not.toBe("");

  const organizations = await call(server, "GET", "/organization/list", { token: adminToken });
  expect(organizations.status).toBe(200);
  expect(organizations.body.map((o: { id: string }) => o.id)).toContain(seeded.organizationId);

  const byKey = await call(server, "GET", "/get-session", { apiKey: seeded.apiKey });
  expect(byKey.body?.user?.id).toBe(seeded.admin.userId);

  const jwks = (await call(server, "GET", "/jwks")).body;
  expect(jwks.keys.map((k: { kid: string }) => k.kid)).toEqual(seeded.kids);
  const verified = await jwtVerify(seeded.jwt, createLocalJWKSet(jwks));
  expect(verified.payload.sub).toBe(seeded.admin.userId);

  // The audit log is written on the next turn of the server's event loop: ask until it shows.
  // The sign-ins just now are written after the restored or copied rows (a PostgreSQL sequence
  // left behind would make those inserts fail, and the events would never show).
  let events: Array<{ action: string; actorId: string | null; targetId: string | null }> = [];
  for (let attempt = 0; attempt < 50; attempt++) {
    const audit = await call(server, "GET", "/admin/list-audit-events?limit=500", { token: adminToken });
    expect(audit.status).toBe(200);
    events = audit.body.events;
    if (events.filter((e) => e.action === "user.sign-in" && e.actorId === seeded.admin.userId).length >= options.adminSignIns) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  for (const user of seeded.users) expect(events.some((e) => e.action === "user.sign-up" && (e.actorId === user.userId || e.targetId === user.userId)), `${user.email} sign-up`).toBe(true);
  expect(events.filter((e) => e.action === "user.sign-in" && e.actorId === seeded.admin.userId).length).toBeGreaterThanOrEqual(options.adminSignIns);
}
