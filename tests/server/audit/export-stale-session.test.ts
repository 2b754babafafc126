/**
 * Issue 39, loose end: does `auth admin audit export` (GET /admin/export-audit-log) need a fresh
 * session? Decided no (docs/security.md): it returns the rows `audit:list` already pages through
 * at any session age, with a signature added and no data beyond them, and a key narrowed to
 * `audit: ["export"]` — the way a scheduled export runs — never counts as fresh, so "fresh-session"
 * would shut out the designed use while protecting nothing. A stale session keeps its limits: the
 * permission, never an impersonation (chain.test.ts). What does need one is the Demo data seed
 * (settings/demo-data.test.ts): it makes an administrator whose password is public.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";
import { flushAudit, signUpAdmin } from "../admin/admin-helpers.js";

const DAY = 24 * 3600_000;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ config: { jwt: { enabled: true } } });
});
afterAll(async () => {
  await server?.close();
});

describe("audit export and the session's age", () => {
  it("exports with a session older than session.freshAge, as the audit list reads with one; a member still may not", async () => {
    const admin = await signUpAdmin(server, { email: "stale-auditor@example.com" });
    const member = await server.signUp({ email: "stale-member@example.com" });
    await flushAudit(server);
    const from = server.clock.now() - DAY;
    server.clock.advance(DAY + 60_000);
    // The account page's check says these sessions are stale now: a fresh-session endpoint refuses them.
    const stale = await server.request("POST", "/unlink-account", { token: admin.token, body: { providerId: "github" } });
    expect([stale.status, stale.body.code]).toEqual([403, "SESSION_NOT_FRESH"]);
    const range = new URLSearchParams({ from: String(from), to: String(server.clock.now() + 1) });
    const exported = await server.request("GET", `/admin/export-audit-log?${range}`, { token: admin.token });
    expect(exported.status, exported.text).toBe(200);
    expect(exported.body.count).toBeGreaterThan(0);
    expect(exported.body.jsonl).toContain(member.userId);
    expect((await server.request("GET", "/admin/list-audit-events", { token: admin.token })).status).toBe(200);
    const refused = await server.request("GET", `/admin/export-audit-log?${range}`, { token: member.token });
    expect([refused.status, refused.body.code]).toEqual([403, "YOU_ARE_NOT_ALLOWED_TO_EXPORT_AUDIT_LOG"]);
  });
});
