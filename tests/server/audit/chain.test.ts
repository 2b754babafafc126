/**
 * The tamper-evident audit log (issue 38 item 5) on a real database (SQLite, or PostgreSQL with
 * LATCHKEY_TEST_DIALECT=postgres): rows edited, deleted or swapped in the database are named by
 * verify; pruning keeps the chain checkable from its checkpoint; a signed export verifies with
 * jose against the server's published /jwks and fails after one byte changes.
 */
import { createRemoteJWKSet, flattenedVerify, base64url } from "jose";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sweep } from "../../../server/maintenance/sweep.js";
import { sealAuditChain } from "../../../server/audit/chain.js";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";
import { flushAudit, signUpAdmin } from "../admin/admin-helpers.js";

const DAY = 24 * 3600_000;
let server: TestServer;
let admin: { token: string; userId: string };
let user: { token: string; userId: string };
let run = 0;

const row = (id: string, createdAt: number, action = "user.sign-in") => ({
  id,
  action,
  actorId: "actor",
  targetId: null,
  targetType: null,
  organizationId: null,
  reason: null,
  ipAddress: "203.0.113.9",
  userAgent: "Agent",
  metadata: JSON.stringify({ n: id }),
  success: 1,
  createdAt,
});

/** Ten known rows, a minute apart, ids unique to this test: returns them with their seq. */
async function seedTen(): Promise<Array<{ id: string; seq: number }>> {
  run++;
  const now = server.clock.now();
  const ids = Array.from({ length: 10 }, (_, i) => `c${run}-${i}`);
  await server.database.db.insertInto("auditEvent").values(ids.map((id, i) => row(id, now - (10 - i) * 60_000))).execute();
  return server.database.db.selectFrom("auditEvent").select(["id", "seq"]).where("id", "in", ids).orderBy("seq").execute();
}

const verify = (token = admin.token) => server.request("GET", "/admin/verify-audit-chain", { token });

beforeAll(async () => {
  server = await startTestServer({ config: { audit: { retentionDays: 30 }, jwt: { enabled: true } } });
  admin = await signUpAdmin(server);
  user = await server.signUp();
});
afterAll(async () => {
  await server.close();
});
beforeEach(async () => {
  // Each case starts from an empty, intact chain.
  await flushAudit(server);
  await server.database.db.deleteFrom("auditEvent").execute();
  await server.database.db.deleteFrom("auditChain").execute();
});

describe("audit chain: verify", () => {
  it("seals rows in seq order and an untouched log verifies", async () => {
    const rows = await seedTen();
    const response = await verify();
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ ok: true, firstBreak: null, checkpoint: null });
    expect(response.body.checked).toBe(response.body.headIndex);
    const sealed = await server.database.db.selectFrom("auditEvent").select(["seq", "chainIndex"]).where("id", "in", rows.map((r) => r.id)).orderBy("seq").execute();
    const indexes = sealed.map((r) => Number(r.chainIndex));
    expect(indexes).toEqual([...indexes].sort((a, b) => a - b));
    // Rows written later are appended, and the chain still holds.
    await server.database.db.insertInto("auditEvent").values(row(`late-${run}`, server.clock.now())).execute();
    expect((await verify()).body).toMatchObject({ ok: true, checked: response.body.checked + 1 });
  });

  it("names a row edited in the database", async () => {
    const rows = await seedTen();
    await sealAuditChain(server.database.db);
    const victim = rows[4]!;
    await server.database.db.updateTable("auditEvent").set({ actorId: "someone-else" }).where("id", "=", victim.id).execute();
    const response = await verify();
    expect(response.status).toBe(200);
    expect(response.body.ok).toBe(false);
    expect(response.body.firstBreak).toMatchObject({ problem: "altered", id: victim.id, seq: victim.seq });
    // Its action and time, so the console can name it in words.
    const stored = await server.database.db.selectFrom("auditEvent").select(["action", "createdAt"]).where("id", "=", victim.id).executeTakeFirstOrThrow();
    expect(response.body.firstBreak).toMatchObject({ action: stored.action, createdAt: new Date(Number(stored.createdAt)).toISOString() });
  });

  it("still answers when an edited row's time is no date at all", async () => {
    const rows = await seedTen();
    await sealAuditChain(server.database.db);
    await server.database.db.updateTable("auditEvent").set({ createdAt: 9e15 }).where("id", "=", rows[2]!.id).execute();
    const response = await verify();
    expect(response.status, response.text).toBe(200);
    expect(response.body.firstBreak).toMatchObject({ problem: "altered", id: rows[2]!.id, createdAt: null });
  });

  it("names the row after a deleted one, and a truncated tail", async () => {
    const rows = await seedTen();
    await sealAuditChain(server.database.db);
    await server.database.db.deleteFrom("auditEvent").where("id", "=", rows[6]!.id).execute();
    expect((await verify()).body.firstBreak).toMatchObject({ problem: "missing", id: rows[7]!.id });

    await server.database.db.deleteFrom("auditEvent").where("id", "in", [rows[7]!.id, rows[8]!.id, rows[9]!.id]).execute();
    const after = await server.database.db.selectFrom("auditEvent").select("chainIndex").where("id", "=", rows[5]!.id).executeTakeFirstOrThrow();
    expect((await verify()).body.firstBreak).toMatchObject({ problem: "truncated", chainIndex: Number(after.chainIndex) + 1, id: null, action: null, createdAt: null });
  });

  it("names the first of two rows that swapped places", async () => {
    const rows = await seedTen();
    await sealAuditChain(server.database.db);
    const [a, b] = [rows[2]!, rows[3]!];
    const db = server.database.db;
    const chainOf = async (id: string) => db.selectFrom("auditEvent").select(["chainIndex", "chainHash"]).where("id", "=", id).executeTakeFirstOrThrow();
    const [ca, cb] = [await chainOf(a.id), await chainOf(b.id)];
    // Reordering: each row takes the other's place in the chain, hashes and all.
    await db.updateTable("auditEvent").set({ chainIndex: -1 }).where("id", "=", a.id).execute();
    await db.updateTable("auditEvent").set({ chainIndex: ca.chainIndex, chainHash: ca.chainHash }).where("id", "=", b.id).execute();
    await db.updateTable("auditEvent").set({ chainIndex: cb.chainIndex, chainHash: cb.chainHash }).where("id", "=", a.id).execute();
    expect((await verify()).body.firstBreak).toMatchObject({ problem: "altered", id: b.id });
  });

  it("is for administrators: a plain user is refused and nothing is sealed", async () => {
    await seedTen();
    const response = await verify(user.token);
    expect(response.status).toBe(403);
    expect(response.body.code).toBe("YOU_ARE_NOT_ALLOWED_TO_VERIFY_AUDIT_LOG");
    const unsealed = await server.database.db.selectFrom("auditEvent").select("id").where("chainHash", "is", null).execute();
    expect(unsealed).toHaveLength(10);
  });
});

describe("audit chain: who may", () => {
  it("an API key only when its permissions name the action; an impersonation never", async () => {
    const keyOf = async (body: Record<string, unknown>) => {
      const created = await server.request("POST", "/api-key/create", { token: admin.token, body });
      expect(created.status, created.text).toBe(200);
      return created.body.key as string;
    };
    const withKey = (key: string, path: string) => server.request("GET", path, { headers: { "x-api-key": key } });
    const range = "/admin/export-audit-log?from=1000&to=2000";
    const full = await keyOf({ name: `chain-full-${run}` });
    const lister = await keyOf({ name: `chain-list-${run}`, permissions: { audit: ["list"] } });
    const verifier = await keyOf({ name: `chain-verify-${run}`, permissions: { audit: ["verify"] } });
    for (const key of [full, lister]) {
      for (const path of ["/admin/verify-audit-chain", range]) {
        const refused = await withKey(key, path);
        expect([refused.status, refused.body.code], path).toEqual([403, "API_KEY_NOT_ALLOWED"]);
      }
    }
    expect((await withKey(verifier, "/admin/verify-audit-chain")).body).toMatchObject({ ok: true });
    expect((await withKey(verifier, range)).body.code).toBe("API_KEY_NOT_ALLOWED");

    const impersonation = await server.request("POST", "/admin/impersonate-user", { token: admin.token, body: { userId: user.userId } });
    expect(impersonation.status, impersonation.text).toBe(200);
    const token = impersonation.body.session.token as string;
    for (const path of ["/admin/verify-audit-chain", range]) {
      const refused = await server.request("GET", path, { token });
      expect([refused.status, refused.body.code], path).toEqual([403, "NOT_ALLOWED_WHILE_IMPERSONATING"]);
    }
  });
});

describe("audit chain: retention", () => {
  it("pruning keeps a checkpoint, the rest still verifies from it, and a later edit is still named", async () => {
    const now = server.clock.now();
    const ids = Array.from({ length: 6 }, (_, i) => `p${i}`);
    // Four past retention, two within it.
    await server.database.db.insertInto("auditEvent").values(ids.map((id, i) => row(id, i < 4 ? now - 40 * DAY + i * 60_000 : now - DAY + i))).execute();
    const pruned4 = await server.database.db.selectFrom("auditEvent").select("seq").where("id", "=", "p3").executeTakeFirstOrThrow();
    const result = await sweep(server.app.context);
    expect(result.auditEvents).toBe(4);
    const left = await server.database.db.selectFrom("auditEvent").select(["id", "seq"]).orderBy("seq").execute();
    expect(left.map((r) => r.id)).toEqual(["p4", "p5"]);
    const response = await verify();
    expect(response.body).toMatchObject({ ok: true, checked: 2, checkpoint: { chainIndex: 4, seq: Number(pruned4.seq) } });
    await server.database.db.updateTable("auditEvent").set({ success: 0 }).where("id", "=", "p5").execute();
    expect((await verify()).body.firstBreak).toMatchObject({ problem: "altered", id: "p5" });
  });
});

describe("audit chain: signed export", () => {
  it("signs JSON lines with the published JWKS key: jose verifies them, one changed byte fails", async () => {
    const rows = await seedTen();
    const now = server.clock.now();
    const query = new URLSearchParams({ from: String(now - DAY), to: new Date(now + 1).toISOString() });
    const response = await server.request("GET", `/admin/export-audit-log?${query}`, { token: admin.token });
    expect(response.status).toBe(200);
    const { jsonl, signature, count } = response.body as { jsonl: string; signature: string; count: number };
    expect(count).toBe(10);
    const lines = jsonl.trimEnd().split("\n").map((line) => JSON.parse(line) as { id: string; chainIndex: number; chainHash: string });
    expect(lines.map((l) => l.id)).toEqual(rows.map((r) => r.id));
    const [header, empty, sig] = signature.split(".");
    expect(empty).toBe("");
    const jwks = createRemoteJWKSet(new URL(`${server.api}/jwks`));
    const check = (payload: string) => flattenedVerify({ protected: header!, payload: base64url.encode(payload), signature: sig! }, jwks);
    const verified = await check(jsonl);
    expect(new TextDecoder().decode(verified.payload)).toBe(jsonl);
    // One byte changed anywhere in the export: the signature no longer holds.
    const at = jsonl.indexOf("203.0.113.9");
    const tampered = jsonl.slice(0, at) + "3" + jsonl.slice(at + 1);
    await expect(check(tampered)).rejects.toThrow(/signature verification failed/);
  });

  it("refuses a reversed range and a plain user, typed, and a missing bound is a validation error", async () => {
    const reversed = await server.request("GET", "/admin/export-audit-log?from=2000&to=1000", { token: admin.token });
    expect(reversed.status).toBe(400);
    expect(reversed.body.code).toBe("INVALID_AUDIT_EXPORT_RANGE");
    const plain = await server.request("GET", "/admin/export-audit-log?from=1000&to=2000", { token: user.token });
    expect(plain.status).toBe(403);
    expect(plain.body.code).toBe("YOU_ARE_NOT_ALLOWED_TO_EXPORT_AUDIT_LOG");
    const missing = await server.request("GET", "/admin/export-audit-log?from=1000", { token: admin.token });
    expect(missing.status).toBe(400);
    expect(typeof missing.body.code).toBe("string");
  });

  it("refuses to sign when no /jwks is published (jwt and the OpenID provider off)", async () => {
    const bare = await startTestServer();
    try {
      const owner = await signUpAdmin(bare);
      const response = await bare.request("GET", "/admin/export-audit-log?from=1000&to=2000", { token: owner.token });
      expect(response.status).toBe(404);
      expect(response.body.code).toBe("JWT_DISABLED");
    } finally {
      await bare.close();
    }
  });
});
