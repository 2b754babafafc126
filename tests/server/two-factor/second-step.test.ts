/** The other second factors (mailed codes, backup codes), trusted devices, the lockout and the admin reset. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";
import { BACKUP_CODE_ALPHABET } from "../../../server/features/two-factor/backup-codes.js";
import { keyedHash } from "../../../server/crypto/encrypt.js";
import { auditRows } from "../account/support.js";
import { browserTab, totpAt, userWithTotp, type Tab } from "./support.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

async function mailedCode(to: string): Promise<string> {
  const mail = (await server.outbox(to)).find((m) => m.kind === "otp");
  expect(mail, `an otp mail to ${to}`).toBeDefined();
  expect(mail!.token).toMatch(/^\d{6}$/);
  expect(mail!.text).toContain(mail!.token!);
  return mail!.token!;
}

async function pendingSignIn(user: { email: string; password: string }): Promise<Tab> {
  const tab = browserTab(server);
  const answer = await tab.client.signIn.email({ email: user.email, password: user.password });
  expect(answer.data).toMatchObject({ twoFactorRedirect: true });
  return tab;
}

describe("codes by mail", () => {
  it("mails a 6-digit code that finishes the sign-in once", async () => {
    const user = await userWithTotp(server);
    const tab = await pendingSignIn(user);
    expect((await tab.client.twoFactor.sendOtp()).data).toEqual({ status: true });
    const code = await mailedCode(user.email);
    const verified = await tab.client.twoFactor.verifyOtp({ code });
    expect(verified.error).toBeNull();
    expect((await tab.client.getSession()).data!.user.id).toBe(user.userId);
    const again = await pendingSignIn(user);
    expect((await again.client.twoFactor.verifyOtp({ code })).error?.code).toBe("OTP_HAS_EXPIRED");
  });

  it("refuses the code after 3 minutes (OTP_HAS_EXPIRED)", async () => {
    const user = await userWithTotp(server);
    const tab = await pendingSignIn(user);
    await tab.client.twoFactor.sendOtp();
    const code = await mailedCode(user.email);
    server.clock.advance(3 * 60_000 + 1000);
    const late = await tab.client.twoFactor.verifyOtp({ code });
    expect(late.error?.status).toBe(400);
    expect(late.error?.code).toBe("OTP_HAS_EXPIRED");
  });

  it("allows 5 attempts, then asks for a new code even when the right one comes (TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE)", async () => {
    const user = await userWithTotp(server);
    const tab = await pendingSignIn(user);
    await tab.client.twoFactor.sendOtp();
    const code = await mailedCode(user.email);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 4; i++) expect((await tab.client.twoFactor.verifyOtp({ code: wrong })).error?.code).toBe("INVALID_CODE");
    // The pending sign-in allows 5 wrong codes in all; a new sign-in gets a fresh allowance.
    const fresh = await pendingSignIn(user);
    await fresh.client.twoFactor.sendOtp();
    const second = await mailedCode(user.email);
    const other = second === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++) expect((await fresh.client.twoFactor.verifyOtp({ code: other })).error?.code).toBe("INVALID_CODE");
    const sixth = await fresh.client.twoFactor.verifyOtp({ code: second });
    expect(sixth.error?.status).toBe(400);
    expect(sixth.error?.code).toBe("TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE");
  });
});

describe("backup codes", () => {
  it("finish a sign-in, each once", async () => {
    const user = await userWithTotp(server);
    const [first, second] = user.backupCodes;
    const tab = await pendingSignIn(user);
    expect((await tab.client.twoFactor.verifyBackupCode({ code: first! })).error).toBeNull();
    expect((await tab.client.getSession()).data!.user.id).toBe(user.userId);
    const again = await pendingSignIn(user);
    const reused = await again.client.twoFactor.verifyBackupCode({ code: first! });
    expect(reused.error?.status).toBe(401);
    expect(reused.error?.code).toBe("INVALID_BACKUP_CODE");
    expect((await again.client.twoFactor.verifyBackupCode({ code: second! })).error).toBeNull();
  });

  it("with disableSession, are checked and used up without starting a session", async () => {
    const user = await userWithTotp(server);
    const [code] = user.backupCodes;
    const tab = await pendingSignIn(user);
    const checked = await tab.client.twoFactor.verifyBackupCode({ code: code!, disableSession: true });
    expect(checked.error).toBeNull();
    expect(checked.data!.token).toBeUndefined();
    expect(checked.data!.user.id).toBe(user.userId);
    expect((await tab.client.getSession()).data).toBeNull();
    const again = await pendingSignIn(user);
    expect((await again.client.twoFactor.verifyBackupCode({ code: code! })).error?.code).toBe("INVALID_BACKUP_CODE");
  });

  it("are replaced by generate-backup-codes (the old ones stop working)", async () => {
    const user = await userWithTotp(server);
    const tab = await pendingSignIn(user);
    await tab.client.twoFactor.verifyTotp({ code: totpAt(user.secret, server.clock.now()) });
    const fresh = await tab.client.twoFactor.generateBackupCodes({ password: user.password });
    expect(fresh.data!.status).toBe(true);
    expect(fresh.data!.backupCodes).toHaveLength(10);
    const next = await pendingSignIn(user);
    expect((await next.client.twoFactor.verifyBackupCode({ code: user.backupCodes[0]! })).error?.code).toBe("INVALID_BACKUP_CODE");
    expect((await next.client.twoFactor.verifyBackupCode({ code: fresh.data!.backupCodes[0]! })).error).toBeNull();
  });
});

describe("backup codes that read unambiguously (issue 25)", () => {
  it("are made of digits and capitals without 0/O, 1/I/l, in three groups of four", async () => {
    const user = await userWithTotp(server);
    for (const code of user.backupCodes) {
      expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
      for (const character of code.replaceAll("-", "")) expect(BACKUP_CODE_ALPHABET).toContain(character);
      expect(code).not.toMatch(/[01IOLl]/);
    }
  });

  it("are accepted typed in lower case, without dashes or with spaces", async () => {
    const user = await userWithTotp(server);
    const [first, second] = user.backupCodes;
    const tab = await pendingSignIn(user);
    expect((await tab.client.twoFactor.verifyBackupCode({ code: first!.toLowerCase() })).error).toBeNull();
    const again = await pendingSignIn(user);
    expect((await again.client.twoFactor.verifyBackupCode({ code: second!.replaceAll("-", " ") })).error).toBeNull();
  });

  it("still accept a code of the older mixed-case kind, case-sensitively", async () => {
    const user = await userWithTotp(server);
    // A code as the previous generator made it: 10 characters of [A-Za-z0-9], "5-5".
    const old = "aB3dE-fGh1J";
    // Stored as lists were then: keyed hashes of the codes without their dash.
    const hashedList = JSON.stringify([keyedHash(old.replace("-", ""), server.app.context.secret, "two-factor-backup-code")]);
    await server.database.db.updateTable("twoFactor").set({ backupCodes: hashedList }).where("userId", "=", user.userId).execute();
    const tab = await pendingSignIn(user);
    expect((await tab.client.twoFactor.verifyBackupCode({ code: old.toLowerCase() })).error?.code).toBe("INVALID_BACKUP_CODE");
    const again = await pendingSignIn(user);
    expect((await again.client.twoFactor.verifyBackupCode({ code: old })).error).toBeNull();
  });
});

describe("trusted devices", () => {
  it("skip the second step for 30 days, with the cookie rotated at each sign-in", async () => {
    const user = await userWithTotp(server);
    const tab = await pendingSignIn(user);
    await tab.client.twoFactor.verifyTotp({ code: totpAt(user.secret, server.clock.now()), trustDevice: true });
    const trust1 = tab.jar.cookies.get("latchkey.trust_device");
    expect(trust1).toBeTruthy();
    await tab.client.signOut();

    const again = await tab.client.signIn.email({ email: user.email, password: user.password });
    expect(again.data).toMatchObject({ token: expect.any(String), user: { id: user.userId } });
    const trust2 = tab.jar.cookies.get("latchkey.trust_device");
    expect(trust2).toBeTruthy();
    expect(trust2).not.toBe(trust1);
    await tab.client.signOut();

    // The old cookie value was used up by the rotation: a copy of it no longer skips the step.
    const thief = browserTab(server);
    thief.jar.cookies.set("latchkey.trust_device", trust1!);
    expect((await thief.client.signIn.email({ email: user.email, password: user.password })).data).toMatchObject({ twoFactorRedirect: true });

    server.clock.advance(30 * 24 * 3600_000 + 1000);
    expect((await tab.client.signIn.email({ email: user.email, password: user.password })).data).toMatchObject({ twoFactorRedirect: true });
  });

  it("are forgotten when two-factor is reset by an administrator", async () => {
    const user = await userWithTotp(server);
    const tab = await pendingSignIn(user);
    await tab.client.twoFactor.verifyTotp({ code: totpAt(user.secret, server.clock.now()), trustDevice: true });
    await tab.client.signOut();
    const admin = await server.signUp();
    await server.database.db.updateTable("user").set({ role: "admin" }).where("id", "=", admin.userId).execute();
    const reset = await server.request("POST", "/admin/reset-two-factor", { token: admin.token, body: { userId: user.userId } });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ success: true });
    expect((await auditRows(server, "admin.reset-two-factor")).some((e) => e.targetId === user.userId && e.actorId === admin.userId)).toBe(true);
    const listed = await server.request("GET", `/admin/get-user?id=${user.userId}`, { token: admin.token });
    expect(listed.body.twoFactorEnabled).toBe(false);
    const rows = await server.database.db.selectFrom("verification").select("identifier").where("userId", "=", user.userId).execute();
    expect(rows.filter((r) => r.identifier.startsWith("trust-device:"))).toEqual([]);
    // Two-factor is off now: a plain sign-in again.
    expect((await tab.client.signIn.email({ email: user.email, password: user.password })).data).toMatchObject({ token: expect.any(String) });
  });

  it("are forgotten when the user ends their other sessions (revoke-other-sessions)", async () => {
    const user = await userWithTotp(server);
    const laptop = await pendingSignIn(user);
    await laptop.client.twoFactor.verifyTotp({ code: totpAt(user.secret, server.clock.now()), trustDevice: true });
    await laptop.client.signOut();
    server.clock.advance(30_000);
    const phone = await pendingSignIn(user);
    await phone.client.twoFactor.verifyTotp({ code: totpAt(user.secret, server.clock.now()) });
    expect((await phone.client.revokeOtherSessions()).error).toBeNull();
    expect((await laptop.client.signIn.email({ email: user.email, password: user.password })).data).toMatchObject({ twoFactorRedirect: true });
  });

  it("lets only holders of user:update reset two-factor", async () => {
    const user = await userWithTotp(server);
    const other = await server.signUp();
    const refused = await server.request("POST", "/admin/reset-two-factor", { token: other.token, body: { userId: user.userId } });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("YOU_ARE_NOT_ALLOWED_TO_UPDATE_USERS");
  });
});

describe("wrong codes and the account lockout", () => {
  it("count toward the account lockout, which then refuses the password sign-in itself", async () => {
    const locked = await startTestServer({ config: { rateLimit: { enabled: true, max: 10_000, strict: { window: 60, max: 10_000 } }, lockout: { freeAttempts: 3, maxAttempts: 4, lockDuration: 900 } } as never });
    try {
      const user = await userWithTotp(locked);
      for (let round = 0; round < 4; round++) {
        const tab = browserTab(locked);
        await tab.client.signIn.email({ email: user.email, password: user.password });
        const answer = await tab.client.twoFactor.verifyTotp({ code: "000000" });
        expect(answer.error).not.toBeNull();
      }
      const row = await locked.database.db.selectFrom("user").select(["failedSignInCount", "lockedUntil"]).where("id", "=", user.userId).executeTakeFirstOrThrow();
      expect(Number(row.failedSignInCount)).toBeGreaterThanOrEqual(4);
      expect(Number(row.lockedUntil)).toBeGreaterThan(locked.clock.now());
      const refused = await browserTab(locked).client.signIn.email({ email: user.email, password: user.password });
      expect(refused.error?.status).toBe(429);
      expect(refused.error?.code).toBe("TOO_MANY_SIGN_IN_ATTEMPTS");
    } finally {
      await locked.close();
    }
  });
});

describe("a copy of the database", () => {
  it("holds no usable TOTP secret or backup code", async () => {
    const user = await userWithTotp(server);
    const row = await server.database.db.selectFrom("twoFactor").selectAll().where("userId", "=", user.userId).executeTakeFirstOrThrow();
    expect(row.secret).not.toContain(user.secret);
    expect(row.secret).toMatch(/^v1\./);
    for (const code of user.backupCodes) {
      expect(row.backupCodes).not.toContain(code);
      expect(row.backupCodes).not.toContain(code.replaceAll("-", ""));
    }
    const verification = await server.database.db.selectFrom("verification").select("value").execute();
    expect(verification.some((v) => v.value.includes(user.secret))).toBe(false);
  });
});
