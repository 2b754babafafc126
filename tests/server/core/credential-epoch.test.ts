/**
 * Sign-ins racing a change that must end them (issue 43): a ban, a password change that ends the
 * other sessions, a reset, an administrator's revoke-all, a demotion. Each racing sign-in's proof
 * is checked before the change commits and its session would be issued after: the sign-in core's
 * credential epoch (server/core/session/epoch.ts) must make it lose, so nothing outlives the change.
 *
 * Deterministic: the sign-ins' password checks are held once they ran (the proof is done, the
 * session not issued) until the change answered, which is the interleaving the issue found by
 * bursts. Then a burst with nothing held checks the invariant after everything settled. On
 * PostgreSQL the sign-ins go to a second server on the same database (scale-out), the changes to
 * the first; on SQLite both go to the one server.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LatchkeyApp } from "../../../server/app.js";
import { startSecondServer, type SecondServer } from "../../helpers/second-server.js";
import { startTestServer, testDialect, type TestServer } from "../../helpers/test-server.js";
import { signUpAdmin } from "../admin/admin-helpers.js";
import { browserTab, totpAt, userWithTotp } from "../two-factor/support.js";

let server: TestServer;
let second: SecondServer | undefined;
let admin: { token: string; userId: string };
/** Where sign-ins go: the second server on PostgreSQL, else the test server. */
let signInApp: LatchkeyApp;
let signInApi: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signUpAdmin(server);
  if (testDialect === "postgres") second = await startSecondServer(server.dbFile);
  signInApp = second?.app ?? server.app;
  signInApi = second?.api ?? server.api;
});
afterAll(async () => {
  await second?.close();
  await server.close();
});

const RACERS = 8;

interface Answer {
  status: number;
  body: any;
}

async function post(api: string, path: string, body: unknown, token?: string): Promise<Answer> {
  const response = await fetch(api + path, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

const signIn = (email: string, password: string) => post(signInApi, "/sign-in/email", { email, password });

/**
 * Holds the next `count` password checks on `app` once they ran, until `release()`: each racing
 * sign-in has proved the password and not yet issued its session. Checks after those pass through
 * (change-password's own check of the current password).
 */
function holdPasswordChecks(app: LatchkeyApp, count: number) {
  const passwords = app.context.passwords;
  const original = passwords.verify;
  let held = 0;
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let arrived!: () => void;
  const allHeld = new Promise<void>((resolve) => (arrived = resolve));
  passwords.verify = async (stored, password) => {
    const ok = await original.call(passwords, stored, password);
    if (held >= count) return ok;
    if (++held === count) arrived();
    await gate;
    return ok;
  };
  return {
    allHeld,
    release() {
      passwords.verify = original;
      open();
    },
  };
}

/**
 * Starts RACERS sign-ins with the right password, runs `change` once every one of them proved it,
 * then lets them finish. Answers the sign-ins' answers and the change's.
 */
async function raceSignIns(email: string, password: string, change: () => Promise<Answer>): Promise<{ signIns: Answer[]; change: Answer }> {
  const hold = holdPasswordChecks(signInApp, RACERS);
  const racing = Promise.all(Array.from({ length: RACERS }, () => signIn(email, password)));
  await hold.allHeld;
  let changed: Answer;
  try {
    changed = await change();
  } finally {
    hold.release();
  }
  return { signIns: await racing, change: changed };
}

async function sessionsOf(userId: string): Promise<Array<{ id: string }>> {
  return server.database.db.selectFrom("session").select("id").where("userId", "=", userId).execute();
}

/** No token a sign-in answered still opens a session, on either server. */
async function expectAllDead(tokens: string[]): Promise<void> {
  for (const api of new Set([server.api, signInApi])) {
    for (const token of tokens) {
      const response = await fetch(`${api}/get-session`, { headers: { authorization: `Bearer ${token}` } });
      expect(await response.json()).toBeNull();
    }
  }
}

const tokensOf = (answers: Answer[]) => answers.filter((a) => a.status === 200).map((a) => a.body.token as string);

describe("sign-ins racing a change that ends sessions (#43)", () => {
  it("a ban committed after the sign-ins proved the password: every one of them gets BANNED_USER and no session lives", async () => {
    const user = await server.signUp();
    const race = await raceSignIns(user.email, user.password, () => post(server.api, "/admin/ban-user", { userId: user.userId, banReason: "raced" }, admin.token));
    expect(race.change.status).toBe(200);
    expect(race.signIns.map((a) => a.body.code)).toEqual(Array(RACERS).fill("BANNED_USER"));
    expect(race.signIns[0]!.body.message).toContain("raced");
    expect(await sessionsOf(user.userId)).toEqual([]);
    const listed = await fetch(`${server.api}/admin/list-user-sessions`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${admin.token}` },
      body: JSON.stringify({ userId: user.userId }),
    });
    expect((await listed.json()).sessions).toEqual([]);
  });

  it("a password change ending the other sessions: old-password sign-ins in flight lose with 409 and only the changer's new session lives", async () => {
    const user = await server.signUp();
    const race = await raceSignIns(user.email, user.password, () =>
      post(server.api, "/change-password", { currentPassword: user.password, newPassword: "a brand new secret", revokeOtherSessions: true }, user.token),
    );
    expect(race.change.status).toBe(200);
    expect(race.signIns.map((a) => [a.status, a.body.code])).toEqual(Array(RACERS).fill([409, "CREDENTIALS_CHANGED_DURING_SIGN_IN"]));
    const left = await sessionsOf(user.userId);
    expect(left).toHaveLength(1);
    const changer = await fetch(`${signInApi}/get-session`, { headers: { authorization: `Bearer ${race.change.body.token}` } });
    expect((await changer.json()).session.id).toBe(left[0]!.id);
    // The answer says what to do: sign in again, and that works with the new password.
    expect((await signIn(user.email, "a brand new secret")).status).toBe(200);
  });

  it("a password reset: old-password sign-ins in flight lose and the user has no session", async () => {
    const user = await server.signUp();
    await post(server.api, "/request-password-reset", { email: user.email });
    const [mail] = await server.outbox(user.email);
    const token = (mail as { token?: string }).token;
    expect(token).toMatch(/^[A-Za-z0-9]{24}$/);
    const race = await raceSignIns(user.email, user.password, () => post(server.api, "/reset-password", { token, newPassword: "reset to something else" }));
    expect(race.change.status).toBe(200);
    expect(race.signIns.map((a) => a.body.code)).toEqual(Array(RACERS).fill("CREDENTIALS_CHANGED_DURING_SIGN_IN"));
    expect(await sessionsOf(user.userId)).toEqual([]);
  });

  it("an administrator's revoke-user-sessions: sign-ins in flight lose and none of their sessions appears after it", async () => {
    const user = await server.signUp();
    const race = await raceSignIns(user.email, user.password, () => post(server.api, "/admin/revoke-user-sessions", { userId: user.userId }, admin.token));
    expect(race.change.status).toBe(200);
    expect(race.signIns.map((a) => a.body.code)).toEqual(Array(RACERS).fill("CREDENTIALS_CHANGED_DURING_SIGN_IN"));
    expect(await sessionsOf(user.userId)).toEqual([]);
  });

  it("a demotion that takes away impersonation: the administrator's sign-ins in flight lose", async () => {
    const other = await signUpAdmin(server);
    const race = await raceSignIns(other.email, other.password, () => post(server.api, "/admin/set-role", { userId: other.userId, role: "user" }, admin.token));
    expect(race.change.status).toBe(200);
    expect(race.signIns.map((a) => a.body.code)).toEqual(Array(RACERS).fill("CREDENTIALS_CHANGED_DURING_SIGN_IN"));
    expect(await sessionsOf(other.userId)).toEqual([]);
  });

  it("a sign-out everywhere by the user: sign-ins in flight lose", async () => {
    const user = await server.signUp();
    const race = await raceSignIns(user.email, user.password, () => post(server.api, "/revoke-sessions", {}, user.token));
    expect(race.change.status).toBe(200);
    expect(race.signIns.map((a) => a.body.code)).toEqual(Array(RACERS).fill("CREDENTIALS_CHANGED_DURING_SIGN_IN"));
    expect(await sessionsOf(user.userId)).toEqual([]);
  });

  it("a burst of sign-ins with a ban in the middle: after all settle, no session of the banned user lives anywhere", async () => {
    for (let round = 0; round < 3; round++) {
      const user = await server.signUp();
      const before = (await sessionsOf(user.userId)).length;
      expect(before).toBe(1);
      // The ban starts as soon as the first sign-in has proved the password; nothing is held.
      const passwords = signInApp.context.passwords;
      const original = passwords.verify;
      let firstProved!: () => void;
      const proved = new Promise<void>((resolve) => (firstProved = resolve));
      passwords.verify = async (stored, password) => {
        const ok = await original.call(passwords, stored, password);
        firstProved();
        return ok;
      };
      let signIns: Answer[];
      let ban: Answer;
      try {
        [signIns, ban] = await Promise.all([
          Promise.all(Array.from({ length: 3 * RACERS }, () => signIn(user.email, user.password))),
          proved.then(() => post(server.api, "/admin/ban-user", { userId: user.userId }, admin.token)),
        ]);
      } finally {
        passwords.verify = original;
      }
      expect(ban.status).toBe(200);
      for (const answer of signIns) expect([200, 403]).toContain(answer.status);
      expect(await sessionsOf(user.userId)).toEqual([]);
      await expectAllDead([user.token, ...tokensOf(signIns)]);
    }
  });
});

describe("a sign-in held at the second step (#43)", () => {
  it("loses when the password is reset before the second factor is given: the first factor was proved under the old epoch", async () => {
    const user = await userWithTotp(server);
    const tab = browserTab(server);
    expect((await tab.client.signIn.email({ email: user.email, password: user.password })).data).toMatchObject({ twoFactorRedirect: true });
    await post(server.api, "/request-password-reset", { email: user.email });
    const [mail] = await server.outbox(user.email);
    expect((await post(server.api, "/reset-password", { token: mail!.token, newPassword: "reset while held" })).status).toBe(200);
    const verified = await tab.client.twoFactor.verifyTotp({ code: totpAt(user.secret, server.clock.now()) });
    expect(verified.error).toMatchObject({ status: 409, code: "CREDENTIALS_CHANGED_DURING_SIGN_IN" });
    expect(await sessionsOf(user.userId)).toEqual([]);
  });
});
