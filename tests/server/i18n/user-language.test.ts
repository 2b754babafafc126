import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";
import { signUpAdmin } from "../admin/admin-helpers.js";

let server: TestServer;
let admin: { token: string; userId: string };
let n = 0;
const fresh = (prefix: string) => `${prefix}-${n++}-${Math.random().toString(36).slice(2, 7)}@example.com`;

beforeAll(async () => {
  server = await startTestServer({ config: { user: { deleteRequiresConfirmation: true }, emailVerification: { sendOnSignUp: true } } });
  admin = await signUpAdmin(server);
});
afterAll(async () => {
  await server.close();
});

const signUp = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  server.request("POST", "/sign-up/email", { body: { password: "correct horse battery", name: "Ola", ...body }, headers });
const session = async (token: string) => (await server.request("GET", "/get-session", { token })).body.user;

describe("the user's language", () => {
  it("is set at sign-up, shown on the session and null when never chosen", async () => {
    const chosen = await signUp({ email: fresh("pl"), language: "pl" });
    expect(chosen.status).toBe(200);
    expect(chosen.body.user.language).toBe("pl");
    expect((await session(chosen.body.token)).language).toBe("pl");
    const unset = await signUp({ email: fresh("none") });
    expect(unset.body.user.language).toBeNull();
  });

  it("refuses a language outside the enumeration with 400 VALIDATION_ERROR", async () => {
    for (const language of ["pt", "PL", "pl-PL", 15, "constructor", ""]) {
      const response = await signUp({ email: fresh("bad"), language });
      expect(response.status, String(language)).toBe(400);
      expect(response.body.code).toBe("VALIDATION_ERROR");
    }
    const { token } = await server.signUp();
    const update = await server.request("POST", "/update-user", { token, body: { language: "xx" } });
    expect(update.status).toBe(400);
    expect(update.body.code).toBe("VALIDATION_ERROR");
  });

  it("changes with update-user, and null forgets it", async () => {
    const { token } = await server.signUp();
    expect((await server.request("POST", "/update-user", { token, body: { language: "tr" } })).status).toBe(200);
    expect((await session(token)).language).toBe("tr");
    expect((await server.request("POST", "/update-user", { token, body: { language: null } })).status).toBe(200);
    expect((await session(token)).language).toBeNull();
  });

  it("is set by administrators on create-user and update-user", async () => {
    const created = await server.request("POST", "/admin/create-user", { token: admin.token, body: { email: fresh("made"), name: "Made", password: "correct horse battery", data: { language: "uk" } } });
    expect(created.status).toBe(200);
    expect(created.body.user.language).toBe("uk");
    const id = created.body.user.id;
    const updated = await server.request("POST", "/admin/update-user", { token: admin.token, body: { userId: id, data: { language: "fr" } } });
    expect(updated.status).toBe(200);
    expect(updated.body.language).toBe("fr");
    expect((await server.request("GET", `/admin/get-user?id=${id}`, { token: admin.token })).body.language).toBe("fr");
    const refused = await server.request("POST", "/admin/update-user", { token: admin.token, body: { userId: id, data: { language: "klingon" } } });
    expect(refused.status).toBe(400);
  });

  it("travels through export-users and import-users", async () => {
    const email = fresh("export");
    await signUp({ email, language: "es" });
    const exported = await server.request("GET", "/admin/export-users?limit=1000", { token: admin.token });
    const row = exported.body.users.find((u: { email: string }) => u.email === email);
    expect(row.language).toBe("es");
    const copy = { email: fresh("import"), name: row.name, language: row.language, passwordHash: row.passwordHash };
    const imported = await server.request("POST", "/admin/import-users", { token: admin.token, body: { users: [copy, { email: fresh("import-bad"), name: "X", language: "zz" }] } });
    expect(imported.status).toBe(400);
    const good = await server.request("POST", "/admin/import-users", { token: admin.token, body: { users: [copy] } });
    expect(good.status).toBe(200);
    const id = good.body.results[0].id;
    expect((await server.request("GET", `/admin/get-user?id=${id}`, { token: admin.token })).body.language).toBe("es");
  });

  it("is in the OpenAPI document for sign-up, update-user and the user", async () => {
    const doc = (await server.request("GET", "/openapi.json")).body;
    const text = JSON.stringify(doc);
    expect(text).toContain('"language"');
    expect(text).toMatch(/"enum":\["ru","uk","en","es","de","pl","fr","tr"\]/);
  });
});

describe("mail follows the language", () => {
  it("sends a Polish user a Polish reset mail whatever the request asks for", async () => {
    const email = fresh("polka");
    await signUp({ email, language: "pl" });
    await server.request("POST", "/request-password-reset", { body: { email }, headers: { "accept-language": "de" } });
    const [mail] = await server.outbox(email);
    expect(mail!.kind).toBe("reset-password");
    expect(mail!.subject).toBe("Resetowanie hasła w Latchkey");
    expect(mail!.text).toContain("Link jest ważny przez 1 godzinę.");
  });

  it("uses the request's Accept-Language for a user who chose no language", async () => {
    const email = fresh("accept");
    await signUp({ email }, { "accept-language": "uk-UA,uk;q=0.9,en;q=0.5" });
    const [verify] = await server.outbox(email);
    expect(verify!.kind).toBe("verify-email");
    expect(verify!.subject).toBe("Підтвердьте адресу електронної пошти для Latchkey");
    await server.request("POST", "/request-password-reset", { body: { email }, headers: { "accept-language": "tr-TR" } });
    const [reset] = await server.outbox(email);
    expect(reset!.subject).toBe("Latchkey parolanızı sıfırlayın");
  });

  it("falls back to English without a usable Accept-Language", async () => {
    const email = fresh("plain");
    await signUp({ email }, { "accept-language": "ja-JP" });
    await server.request("POST", "/request-password-reset", { body: { email } });
    const [reset] = await server.outbox(email);
    expect(reset!.subject).toBe("Reset your Latchkey password");
  });

  it("writes change-email and delete-account mails in the user's language", async () => {
    const email = fresh("de");
    const { body } = await signUp({ email, language: "de" });
    await server.database.db.updateTable("user").set({ emailVerified: 1 }).where("id", "=", body.user.id).execute();
    const newEmail = fresh("de-new");
    expect((await server.request("POST", "/change-email", { token: body.token, body: { newEmail } })).status).toBe(200);
    expect((await server.outbox(newEmail))[0]!.subject).toBe("Bestätigen Sie Ihre neue E-Mail-Adresse für Latchkey");
    expect((await server.request("POST", "/delete-user", { token: body.token, body: {} })).status).toBe(200);
    const [deletion] = await server.outbox(email);
    expect(deletion!.kind).toBe("delete-account");
    expect(deletion!.subject).toBe("Bestätigen Sie die Löschung Ihres Kontos bei Latchkey");
    expect(deletion!.text).toContain("24 Stunden gültig");
  });

  it("writes an invitation in the invitee's language, else the inviter's", async () => {
    const inviterEmail = fresh("boss");
    const inviter = await signUp({ email: inviterEmail, language: "fr" });
    await server.verifyEmail(inviterEmail); // only verified accounts invite
    const org = await server.request("POST", "/organization/create", { token: inviter.body.token, body: { name: "Acme", slug: `acme-${n++}` } });
    expect(org.status).toBe(200);
    const invitee = fresh("ru-invitee");
    await signUp({ email: invitee, language: "ru" });
    await server.request("POST", "/organization/invite-member", { token: inviter.body.token, body: { organizationId: org.body.id, email: invitee, role: "member" } });
    const [toInvitee] = (await server.outbox(invitee)).filter((mail) => mail.kind === "invitation");
    expect(toInvitee!.subject).toBe("Приглашение в организацию «Acme» в Latchkey");
    expect(toInvitee!.text).toContain("«Ola» приглашает Вас присоединиться к организации «Acme»");
    const stranger = fresh("stranger");
    await server.request("POST", "/organization/invite-member", { token: inviter.body.token, body: { organizationId: org.body.id, email: stranger, role: "member" } });
    const [invitation] = await server.outbox(stranger);
    expect(invitation!.subject).toBe("Invitation à rejoindre l’organisation «\u00a0Acme\u00a0» sur Latchkey");
    expect(invitation!.text).toContain("«\u00a0Ola\u00a0» vous invite à rejoindre l’organisation «\u00a0Acme\u00a0»");
    expect(invitation!.text).toContain("«\u00a0membre\u00a0»");
  });
});

describe("the default language", () => {
  it("comes from defaultLanguage (AUTH_DEFAULT_LANGUAGE) when nothing else decides", async () => {
    const turkish = await startTestServer({ config: { defaultLanguage: "tr" } });
    try {
      const { email } = await turkish.signUp();
      await turkish.request("POST", "/request-password-reset", { body: { email } });
      expect((await turkish.outbox(email))[0]!.subject).toBe("Latchkey parolanızı sıfırlayın");
    } finally {
      await turkish.close();
    }
  });
});
