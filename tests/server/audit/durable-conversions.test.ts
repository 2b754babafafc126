/**
 * Issue 38, "never lost": the actions moved from audit/durability.ts's after-the-fact list to
 * IN_CHANGE are written in the transaction of the change they record. For each, through the real
 * routes: a subscribed endpoint gets the event (its audit row and delivery are in the database
 * when the answer arrives), and when writing the event fails (a database trigger refuses that
 * action's audit row) the change rolls back with it: neither row, and the change itself undone.
 * On the old after-the-fact path the change committed first and a failing audit write lost only
 * the event. Runs on SQLite and (LATCHKEY_TEST_DIALECT=postgres) PostgreSQL.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AFTER_THE_FACT, IN_CHANGE } from "../../../server/audit/durability.js";
import type { AuditAction } from "../../../shared/audit-actions.js";
import { createCookieFetch, type CookieFetch } from "../../helpers/cookie-fetch.js";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";
import { signUpAdmin } from "../admin/admin-helpers.js";
import { desktopApp } from "../electron/support.js";
import { browserTab, secretOf, totpAt, totpOf, userWithTotp } from "../two-factor/support.js";

const CONVERTED: AuditAction[] = ["user.ban-expired", "user.sign-out", "user.desktop-hand-off", "user.import", "user.two-factor-enable", "user.two-factor-backup-code", "server.setting-reset"];

let server: TestServer;
let admin: { token: string; userId: string };

beforeAll(async () => {
  server = await startTestServer({ config: { oauthProvider: { enabled: true }, rateLimit: { enabled: false } } });
  admin = await signUpAdmin(server, { email: "conversions-admin@example.com" });
  const now = Date.now();
  await server.database.db
    .insertInto("webhookEndpoint")
    .values({ id: "ep_conversions", url: "http://127.0.0.1:9/never", description: null, events: JSON.stringify(CONVERTED), secretSealed: "unused", previousSecretSealed: null, previousUntil: null, disabled: 0, failedInARow: 0, createdBy: null, createdAt: now, updatedAt: now })
    .execute();
  server.app.context.audit.endpointsChanged();
});
afterAll(async () => {
  await server?.close();
});

const db = () => server.database.db;

/** The events of `action` about `targetId` (or by `actorId`), each with the endpoint's deliveries of it. */
async function written(action: AuditAction, who: { targetId?: string; actorId?: string }) {
  let query = db().selectFrom("auditEvent").select(["id"]).where("action", "=", action);
  if (who.targetId) query = query.where("targetId", "=", who.targetId);
  if (who.actorId) query = query.where("actorId", "=", who.actorId);
  const rows = await query.execute();
  return Promise.all(rows.map(async (row) => ({ deliveries: (await db().selectFrom("webhookDelivery").select(["endpointId", "eventType"]).where("auditEventId", "=", row.id).execute()).map((d) => `${d.endpointId} ${d.eventType}`) })));
}

/** The event and its delivery, there as the answer arrives (no flush of the asynchronous writer). */
async function expectDelivered(action: AuditAction, who: { targetId?: string; actorId?: string }) {
  expect(await written(action, who)).toEqual([{ deliveries: [`ep_conversions ${action}`] }]);
}

/** After the writer's queue is empty too: no row of the event at all. */
async function expectNoEvent(action: AuditAction, who: { targetId?: string; actorId?: string }) {
  await server.app.context.audit.flush();
  expect(await written(action, who)).toEqual([]);
}

/** Makes the database refuse `action`'s audit rows while `work` runs: a failure inside the change, after its own writes. */
async function whileAuditRefuses<T>(action: AuditAction, work: () => Promise<T>): Promise<T> {
  if (server.dialect === "sqlite") {
    await sql.raw(`create trigger refuse_audit before insert on "auditEvent" when new.action = '${action}' begin select raise(abort, 'refused by the test'); end`).execute(db());
  } else {
    await sql.raw(`create function refuse_audit() returns trigger language plpgsql as $$ begin if new.action = '${action}' then raise exception 'refused by the test'; end if; return new; end $$`).execute(db());
    await sql.raw(`create trigger refuse_audit before insert on "auditEvent" for each row execute function refuse_audit()`).execute(db());
  }
  try {
    return await work();
  } finally {
    if (server.dialect === "sqlite") await sql.raw("drop trigger refuse_audit").execute(db());
    else {
      await sql.raw(`drop trigger refuse_audit on "auditEvent"`).execute(db());
      await sql.raw("drop function refuse_audit()").execute(db());
    }
  }
}

describe("the converted actions are on the in-change list", () => {
  it("lists each of them as IN_CHANGE, none as after the fact", () => {
    for (const action of CONVERTED) {
      expect(IN_CHANGE.has(action), action).toBe(true);
      expect(Object.keys(AFTER_THE_FACT), action).not.toContain(action);
    }
  });
});

describe("user.ban-expired: the ban is cleared with its event", () => {
  const expiredBan = async (email: string) => {
    const person = await server.signUp({ email });
    await db().updateTable("user").set({ banned: 1, banReason: "spam", banExpires: server.clock.now() - 1_000 }).where("id", "=", person.userId).execute();
    return person;
  };
  const signIn = (person: { email: string; password: string }) => server.request("POST", "/sign-in/email", { body: { email: person.email, password: person.password } });

  it("delivers the event of a ban that ran out at sign-in", async () => {
    const person = await expiredBan("ban-ran-out@example.com");
    expect((await signIn(person)).status).toBe(200);
    await expectDelivered("user.ban-expired", { targetId: person.userId });
  });

  it("keeps the ban when its event cannot be written", async () => {
    const person = await expiredBan("ban-kept@example.com");
    const refused = await whileAuditRefuses("user.ban-expired", () => signIn(person));
    expect(refused.status).toBe(500);
    expect((await db().selectFrom("user").select("banned").where("id", "=", person.userId).executeTakeFirstOrThrow()).banned).toBe(1);
    await expectNoEvent("user.ban-expired", { targetId: person.userId });
  });
});

describe("user.sign-out from the OpenID provider's end-session page", () => {
  const browser = async (person: { email: string; password: string }) => {
    const jar = createCookieFetch(server.url);
    const answer = await jar.fetch(`${server.api}/sign-in/email`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: person.email, password: person.password }) });
    expect(answer.status).toBe(200);
    return jar;
  };
  const confirmEnd = async (jar: CookieFetch) => {
    const request = new URL((await jar.fetch(`${server.api}/oauth2/end-session`)).headers.get("location") ?? "").searchParams.get("request");
    expect(request).toBeTruthy();
    return jar.fetch(`${server.api}/oauth2/end-session-confirm`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ request, accept: true }) });
  };
  const signedIn = async (jar: CookieFetch) => (await (await jar.fetch(`${server.api}/get-session`)).json()) !== null;

  it("delivers the event of a confirmed end-session", async () => {
    const person = await server.signUp({ email: "end-session-out@example.com" });
    const jar = await browser(person);
    expect((await confirmEnd(jar)).status).toBe(200);
    expect(await signedIn(jar)).toBe(false);
    await expectDelivered("user.sign-out", { actorId: person.userId });
  });

  it("keeps the session when its event cannot be written", async () => {
    const person = await server.signUp({ email: "end-session-kept@example.com" });
    const jar = await browser(person);
    const refused = await whileAuditRefuses("user.sign-out", () => confirmEnd(jar));
    expect(refused.status).toBe(500);
    expect(await signedIn(jar)).toBe(true);
    await expectNoEvent("user.sign-out", { actorId: person.userId });
  });
});

describe("user.desktop-hand-off: the code is stored with its event", () => {
  const transfer = async (person: { token: string }) => {
    const app = await desktopApp(server);
    const answer = await server.request("POST", `/electron/transfer-user?${new URLSearchParams(app.query).toString()}`, { token: person.token, body: {} });
    return { app, answer };
  };
  const codesOf = (userId: string) => db().selectFrom("verification").select("id").where("userId", "=", userId).where("identifier", "like", "desktop-hand-off%").execute();

  it("delivers the event of a hand-off, and the code it issued trades", async () => {
    const person = await server.signUp({ email: "hand-off-out@example.com" });
    const { app, answer } = await transfer(person);
    expect(answer.status, answer.text).toBe(200);
    await expectDelivered("user.desktop-hand-off", { targetId: person.userId });
    const traded = await app.trade(answer.body.electron_authorization_code as string);
    expect(traded.data?.user.id).toBe(person.userId);
  });

  it("stores no code when its event cannot be written", async () => {
    const person = await server.signUp({ email: "hand-off-kept@example.com" });
    const { answer } = await whileAuditRefuses("user.desktop-hand-off", () => transfer(person));
    expect(answer.status).toBe(500);
    expect(await codesOf(person.userId)).toEqual([]);
    await expectNoEvent("user.desktop-hand-off", { targetId: person.userId });
  });
});

describe("user.import: each imported user with its event", () => {
  const importOne = (email: string) => server.request("POST", "/admin/import-users", { token: admin.token, body: { users: [{ email, name: "Imported" }] } });
  const userIdOf = async (email: string) => (await db().selectFrom("user").select("id").where("email", "=", email).executeTakeFirst())?.id;

  it("delivers the event of each user imported", async () => {
    const answer = await importOne("imported-out@example.com");
    expect(answer.status, answer.text).toBe(200);
    const id = await userIdOf("imported-out@example.com");
    expect(answer.body.results).toEqual([{ email: "imported-out@example.com", ok: true, id }]);
    await expectDelivered("user.import", { targetId: id! });
  });

  it("imports no user whose event cannot be written, and says so in its result", async () => {
    const answer = await whileAuditRefuses("user.import", () => importOne("imported-kept@example.com"));
    expect(answer.status).toBe(200);
    expect(answer.body.results).toEqual([{ email: "imported-kept@example.com", ok: false, code: "FAILED_TO_CREATE_USER", message: "Failed to create user" }]);
    expect(await userIdOf("imported-kept@example.com")).toBeUndefined();
    await server.app.context.audit.flush();
    expect(await written("user.import", { actorId: admin.userId })).toHaveLength(1); // the first test's only
  });
});

describe("user.two-factor-enable: TOTP turned on by its first code, with its event", () => {
  const startTotp = async (email: string) => {
    const tab = browserTab(server);
    const signUp = await tab.client.signUp.email({ email, password: "password123", name: "Two Factor" });
    expect(signUp.error).toBeNull();
    const enabled = await tab.client.twoFactor.enable({ password: "password123" });
    expect(enabled.error).toBeNull();
    return { tab, userId: signUp.data!.user.id, secret: secretOf(totpOf(enabled.data).totpURI) };
  };
  const enabledOf = async (userId: string) => Number((await db().selectFrom("user").select("twoFactorEnabled").where("id", "=", userId).executeTakeFirstOrThrow()).twoFactorEnabled);

  it("delivers the event when the first code turns two-factor on", async () => {
    const { tab, userId, secret } = await startTotp("totp-on@example.com");
    const verified = await tab.client.twoFactor.verifyTotp({ code: totpAt(secret, server.clock.now()) });
    expect(verified.error).toBeNull();
    expect(await enabledOf(userId)).toBe(1);
    await expectDelivered("user.two-factor-enable", { targetId: userId });
  });

  it("leaves two-factor off when its event cannot be written", async () => {
    const { tab, userId, secret } = await startTotp("totp-kept-off@example.com");
    const verified = await whileAuditRefuses("user.two-factor-enable", () => tab.client.twoFactor.verifyTotp({ code: totpAt(secret, server.clock.now()) }));
    expect(verified.error?.status).toBe(500);
    expect(await enabledOf(userId)).toBe(0);
    await expectNoEvent("user.two-factor-enable", { targetId: userId });
  });
});

describe("user.two-factor-backup-code: the code spent with its event", () => {
  const secondStep = async (person: { email: string; password: string }) => {
    const tab = browserTab(server);
    const first = await tab.client.signIn.email({ email: person.email, password: person.password });
    expect(first.data).toMatchObject({ twoFactorRedirect: true });
    return tab;
  };

  it("delivers the event of a backup code used at the second step", async () => {
    const person = await userWithTotp(server);
    const tab = await secondStep(person);
    const used = await tab.client.twoFactor.verifyBackupCode({ code: person.backupCodes[0]! });
    expect(used.error).toBeNull();
    await expectDelivered("user.two-factor-backup-code", { targetId: person.userId });
  });

  it("leaves the code unspent when its event cannot be written: it still works afterwards", async () => {
    const person = await userWithTotp(server);
    const tab = await secondStep(person);
    const refused = await whileAuditRefuses("user.two-factor-backup-code", () => tab.client.twoFactor.verifyBackupCode({ code: person.backupCodes[0]! }));
    expect(refused.error?.status).toBe(500);
    await expectNoEvent("user.two-factor-backup-code", { targetId: person.userId });
    const again = await tab.client.twoFactor.verifyBackupCode({ code: person.backupCodes[0]! });
    expect(again.error).toBeNull();
    await expectDelivered("user.two-factor-backup-code", { targetId: person.userId });
  });
});

describe("server.setting-reset: the stored value removed with its event", () => {
  const KEY = "password.minLength";
  const stored = async () => (await db().selectFrom("runtimeSetting").select("key").where("key", "=", KEY).execute()).length;
  const set = () => server.request("POST", "/admin/settings/set", { token: admin.token, body: { key: KEY, value: 14 } });
  const reset = () => server.request("POST", "/admin/settings/reset", { token: admin.token, body: { key: KEY } });

  it("delivers the event of a reset, naming the configuration's value as the one now in force", async () => {
    expect((await set()).status).toBe(200);
    const answer = await reset();
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.wasSet).toBe(true);
    expect(await stored()).toBe(0);
    await expectDelivered("server.setting-reset", { actorId: admin.userId });
    const event = await db().selectFrom("auditEvent").select("metadata").where("action", "=", "server.setting-reset").executeTakeFirstOrThrow();
    expect(JSON.parse(event.metadata!)).toEqual({ key: KEY, from: 14, to: answer.body.setting.value });
  });

  it("keeps the stored value when its event cannot be written", async () => {
    expect((await set()).status).toBe(200);
    const refused = await whileAuditRefuses("server.setting-reset", reset);
    expect(refused.status).toBe(500);
    expect(await stored()).toBe(1);
    await server.app.context.audit.flush();
    expect(await written("server.setting-reset", { actorId: admin.userId })).toHaveLength(1); // the first test's only
  });
});
