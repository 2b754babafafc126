/** GET /admin/list-outbox: the offline outbox over HTTP for the console's mail viewer. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertOutboxMail } from "../../../server/mail/outbox.js";
import { startTestServer, TEST_SECRET, type TestServer } from "../../helpers/test-server.js";
import { signUpAdmin } from "./admin-helpers.js";

let server: TestServer;
let admin: { token: string; userId: string };
const T0 = Date.UTC(2026, 4, 1);
const STILL_VALID = Date.now() + 30 * 24 * 3600_000;

/** 7 mails: kinds cycling, to a@ and b@ alternately, two pairs sharing a millisecond. */
const kinds = ["verify-email", "reset-password", "invitation"] as const;
const times = [0, 1, 1, 2, 3, 3, 4];

beforeAll(async () => {
  server = await startTestServer({ config: { admin: { roles: { lister: { user: ["list"] }, viewer: { user: ["get"] } } } } });
  admin = await signUpAdmin(server);
  await server.database.db.deleteFrom("outbox").execute();
  for (const [i, t] of times.entries()) {
    await insertOutboxMail(
      server.database.db,
      TEST_SECRET,
      {
        kind: kinds[i % 3]!,
        to: i % 2 === 0 ? "a@outbox.test" : "b@outbox.test",
        subject: `Subject ${i}`,
        text: `Text ${i} https://app.test/x?token=tok${i}`,
        html: `<p>Html ${i}</p>`,
        url: `https://app.test/x?token=tok${i}`,
        token: kinds[i % 3] === "invitation" ? null : `tok${i}`,
        validFor: null,
      },
      // Still unexpired on the server's clock (which starts at the real time).
      { id: `mail${i}`, createdAt: T0 + t * 60_000, expiresAt: STILL_VALID },
    );
  }
});
afterAll(async () => {
  await server.close();
});

async function list(query: Record<string, string | number> = {}, token = admin.token) {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  return server.request("GET", `/admin/list-outbox?${search}`, { token });
}
const ids = (body: { mails: Array<{ id: string }> }) => body.mails.map((m) => m.id);

describe("admin/list-outbox", () => {
  it("answers every mail newest first with its text, html, link and token", async () => {
    const response = await list();
    expect(response.status).toBe(200);
    expect(response.body.enabled).toBe(true);
    expect(ids(response.body)).toEqual(["mail6", "mail5", "mail4", "mail3", "mail2", "mail1", "mail0"]);
    expect(response.body.nextCursor).toBeNull();
    expect(response.body.mails[2]).toEqual({
      id: "mail4",
      to: "a@outbox.test",
      subject: "Subject 4",
      kind: "reset-password",
      text: "Text 4 https://app.test/x?token=tok4",
      html: "<p>Html 4</p>",
      url: "https://app.test/x?token=tok4",
      token: "tok4",
      createdAt: new Date(T0 + 3 * 60_000).toISOString(),
      expiresAt: new Date(STILL_VALID).toISOString(),
    });
  });

  it("pages with nextCursor without skipping or repeating mails sent in the same millisecond", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const response = await list(cursor ? { limit: 2, cursor } : { limit: 2 });
      expect(response.status).toBe(200);
      seen.push(...ids(response.body));
      cursor = response.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual(["mail6", "mail5", "mail4", "mail3", "mail2", "mail1", "mail0"]);
  });

  it("filters by recipient (any case) and by kind", async () => {
    expect(ids((await list({ to: " B@Outbox.TEST " })).body)).toEqual(["mail5", "mail3", "mail1"]);
    expect(ids((await list({ kind: "invitation" })).body)).toEqual(["mail5", "mail2"]);
    expect(ids((await list({ to: "a@outbox.test", kind: "verify-email" })).body)).toEqual(["mail6", "mail0"]);
    expect((await list({ to: "nobody@outbox.test" })).body).toEqual({ enabled: true, mails: [], nextCursor: null });
  });

  it("shows mail the server really sent, such as a password reset", async () => {
    const user = await server.signUp();
    expect((await server.request("POST", "/request-password-reset", { body: { email: user.email } })).status).toBe(200);
    const [mail] = (await list({ to: user.email, kind: "reset-password" })).body.mails;
    expect(mail.url).toContain(mail.token);
    expect(mail.html).toContain(mail.url.replace(/&/g, "&amp;"));
  });

  it("refuses bad input with VALIDATION_ERROR", async () => {
    const bad: Array<Record<string, string | number>> = [{ limit: 0 }, { limit: 101 }, { limit: "x" }, { cursor: "abc" }, { cursor: "12_" }, { kind: "spam" }, { to: "" }];
    for (const query of bad) {
      const response = await list(query);
      expect(response.status, JSON.stringify(query)).toBe(400);
      expect(response.body.code).toBe("VALIDATION_ERROR");
    }
  });

  it("needs user:list: refuses a plain user and a role with only user:get", async () => {
    const plain = await server.signUp();
    const refused = await list({}, plain.token);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ code: "YOU_ARE_NOT_ALLOWED_TO_LIST_OUTBOX", message: "You are not allowed to read the mail outbox" });
    const viewer = await server.signUp();
    await server.database.db.updateTable("user").set({ role: "viewer" }).where("id", "=", viewer.userId).execute();
    expect((await list({}, viewer.token)).status).toBe(403);
    const lister = await server.signUp();
    await server.database.db.updateTable("user").set({ role: "lister" }).where("id", "=", lister.userId).execute();
    expect((await list({}, lister.token)).status).toBe(200);
    expect((await server.request("GET", "/admin/list-outbox")).status).toBe(401);
  });

  it("answers enabled: false and no mails when mail goes out by SMTP", async () => {
    const sent: unknown[] = [];
    const smtp = await startTestServer({ mailer: { transport: "smtp", send: async (mail) => void sent.push(mail) } });
    try {
      const smtpAdmin = await signUpAdmin(smtp);
      await insertOutboxMail(smtp.database.db, TEST_SECRET, { kind: "verify-email", to: "x@y.test", subject: "s", text: "t", html: "h", url: "u", token: "t", validFor: 3600 }, { id: "old", createdAt: T0, expiresAt: STILL_VALID });
      const response = await smtp.request("GET", "/admin/list-outbox", { token: smtpAdmin.token });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ enabled: false, mails: [], nextCursor: null });
    } finally {
      await smtp.close();
    }
  });
});
