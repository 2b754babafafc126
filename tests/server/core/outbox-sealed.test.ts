/**
 * The outbox without SMTP (issue 19 item 2): a copy of the database must not hold a usable link
 * or code. Mails are sealed under the server secret, opened for administrators, and deleted by
 * the sweep once their link or code has expired.
 */
import { existsSync, readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sweep } from "../../../server/maintenance/sweep.js";
import { insertOutboxMail, OUTBOX_RETENTION_SECONDS } from "../../../server/mail/outbox.js";
import { startTestServer, TEST_SECRET, type TestServer } from "../../helpers/test-server.js";
import { signUpAdmin } from "../admin/admin-helpers.js";
import { browserTab, userWithTotp } from "../two-factor/support.js";

let server: TestServer;
let admin: { token: string };
beforeAll(async () => {
  server = await startTestServer({ config: { emailVerification: { sendOnSignUp: true }, user: { deleteRequiresConfirmation: true } } });
  admin = await signUpAdmin(server);
});
afterAll(async () => {
  await server.close();
});

/**
 * Every text column of every outbox row, exactly as stored. (The millisecond columns are left
 * out: a six-digit code could appear inside a 13-digit time by coincidence.)
 */
async function rawRows(): Promise<string> {
  const rows = await server.database.db.selectFrom("outbox").select(["id", "kind", "to", "sealed"]).execute();
  return rows.map((row) => [row.id, row.kind, row.to, row.sealed].join("\n")).join("\n");
}

/** The SQLite database file and its write-ahead log, as bytes a copy would hold (SQLite only). */
function fileBytes(): string {
  if (server.dialect !== "sqlite") return "";
  return [server.dbFile, `${server.dbFile}-wal`].filter(existsSync).map((file) => readFileSync(file).toString("latin1")).join("");
}

describe("the outbox at rest (#19)", () => {
  it("keeps no reset, verification, change-email or deletion link, nor a two-factor code, readable in the database (#19)", async () => {
    const user = await server.signUp({ email: "sealed-19@example.com" });
    expect((await server.request("POST", "/request-password-reset", { body: { email: user.email } })).status).toBe(200);
    expect((await server.request("POST", "/delete-user", { token: user.token, body: {} })).status).toBe(200);
    await server.verifyEmail(user.email);
    expect((await server.request("POST", "/change-email", { token: user.token, body: { newEmail: "sealed-19-new@example.com" } })).status).toBe(200);
    const totp = await userWithTotp(server);
    const tab = browserTab(server);
    expect((await tab.client.signIn.email({ email: totp.email, password: totp.password })).data).toMatchObject({ twoFactorRedirect: true });
    expect((await tab.client.twoFactor.sendOtp()).error).toBeNull();

    const mails = [...(await server.outbox(user.email)), ...(await server.outbox("sealed-19-new@example.com")), ...(await server.outbox(totp.email))];
    expect(new Set(mails.map((mail) => mail.kind))).toEqual(new Set(["verify-email", "reset-password", "delete-account", "change-email", "otp"]));
    const raw = await rawRows();
    const bytes = fileBytes();
    for (const mail of mails) {
      expect(mail.token, mail.kind).toBeTruthy();
      // Neither the token nor the code, nor the words around them, are in any column...
      expect(raw, mail.kind).not.toContain(mail.token!);
      expect(raw, mail.kind).not.toContain(mail.subject);
      // ...nor anywhere in the file a copy of the database would be.
      // (Long tokens only: six digits could occur by chance among a file's bytes.)
      if (server.dialect === "sqlite" && mail.token!.length >= 24) expect(bytes.includes(mail.token!), `${mail.kind} token in the database file`).toBe(false);
    }
  });

  it("shows administrators the mail with its working link (#19)", async () => {
    const user = await server.signUp({ email: "listed-19@example.com" });
    await server.request("POST", "/request-password-reset", { body: { email: user.email } });
    const listed = await server.request("GET", `/admin/list-outbox?to=${encodeURIComponent(user.email)}&kind=reset-password`, { token: admin.token });
    expect(listed.status).toBe(200);
    const [mail] = listed.body.mails;
    expect(mail.url).toContain(`/reset-password/${mail.token}`);
    expect(mail.html).toContain(mail.url.replace(/&/g, "&amp;"));
    // The link works: it leads to the reset form with the token still valid.
    const opened = await server.request("GET", mail.url.slice(server.api.length));
    expect(opened.status).toBe(302);
    expect(opened.headers.get("location")).toContain(`token=${mail.token}`);
  });

  it("deletes a mail once its link has expired, and keeps the ones still valid (#19)", async () => {
    const user = await server.signUp({ email: "swept-19@example.com" });
    await server.request("POST", "/request-password-reset", { body: { email: user.email } });
    await server.request("POST", "/delete-user", { token: user.token, body: {} });
    const rows = () => server.database.db.selectFrom("outbox").select(["kind", "createdAt", "expiresAt"]).where("to", "=", user.email).execute();
    const before = await rows();
    const lifetime = Object.fromEntries(before.map((row) => [row.kind, Number(row.expiresAt) - Number(row.createdAt)]));
    // Each mail is kept as long as its longest-lived secret works.
    expect(lifetime).toEqual({ "verify-email": 3600_000, "reset-password": 3600_000, "delete-account": 24 * 3600_000 });

    server.clock.advance(3600_000 + 1);
    // Expired but not yet swept: no longer listed to administrators either.
    const listed = await server.request("GET", `/admin/list-outbox?to=${encodeURIComponent(user.email)}`, { token: admin.token });
    expect(listed.body.mails.map((mail: { kind: string }) => mail.kind)).toEqual(["delete-account"]);
    const result = await sweep(server.app.context);
    expect(result.outbox).toBeGreaterThanOrEqual(2);
    expect((await rows()).map((row) => row.kind)).toEqual(["delete-account"]);

    server.clock.advance(24 * 3600_000);
    await sweep(server.app.context);
    expect(await rows()).toEqual([]);
  });

  it("keeps an invitation for as long as it can be accepted, and a mail without a secret for the retention (#19)", async () => {
    const boss = await server.signUp({ email: "boss-19@example.com" });
    await server.verifyEmail(boss.email);
    const org = await server.request("POST", "/organization/create", { token: boss.token, body: { name: "Kept", slug: "kept-19" } });
    await server.request("POST", "/organization/invite-member", { token: boss.token, body: { email: "invitee-19@example.com", role: "member", organizationId: org.body.id } });
    const [invitation] = await server.database.db.selectFrom("outbox").select(["createdAt", "expiresAt"]).where("to", "=", "invitee-19@example.com").execute();
    expect(Number(invitation!.expiresAt) - Number(invitation!.createdAt)).toBe(48 * 3600_000);

    const at = server.clock.now();
    await insertOutboxMail(server.database.db, TEST_SECRET, { kind: "verify-email", to: "plain-19@example.com", subject: "s", text: "t", html: "h", url: "u", token: null, validFor: null }, { id: "plain-19", createdAt: at });
    const [plain] = await server.database.db.selectFrom("outbox").select("expiresAt").where("id", "=", "plain-19").execute();
    expect(Number(plain!.expiresAt)).toBe(at + OUTBOX_RETENTION_SECONDS * 1000);
  });

  it("opens nothing under another server secret (#19)", async () => {
    const user = await server.signUp({ email: "other-secret-19@example.com" });
    const { listOutbox } = await import("../../../server/mail/outbox.js");
    const [mail] = await listOutbox(server.database.db, "another-secret-another-secret-another", { to: user.email });
    expect(mail).toMatchObject({ kind: "verify-email", to: user.email, opened: false, url: "", token: null, text: "" });
  });
});
