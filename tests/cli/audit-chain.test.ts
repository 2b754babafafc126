/**
 * `auth admin audit verify | export` against a real server (issue 38 item 5): exit codes, the
 * named row, and a signed export checked with jose against the server's /jwks, as a stranger would.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { base64url, createRemoteJWKSet, flattenedVerify } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import { flushAudit } from "../server/admin/admin-helpers.js";
import { cliFor, makeAdmin, type Cli } from "./harness.js";

let server: TestServer;
let cli: Cli;
let dir: string;

beforeAll(async () => {
  server = await startTestServer({ config: { jwt: { enabled: true } } });
  const admin = await makeAdmin(server, "chain-root@example.com");
  cli = cliFor(server, { token: admin.token });
  dir = mkdtempSync(join(tmpdir(), "latchkey-audit-export-"));
  await flushAudit(server);
  const now = server.clock.now();
  await server.database.db
    .insertInto("auditEvent")
    .values(Array.from({ length: 5 }, (_, i) => ({ id: `cli-chain-${i}`, action: "user.ban", actorId: admin.userId, targetId: null, targetType: null, organizationId: null, reason: "spam", ipAddress: null, userAgent: null, metadata: null, success: 1, createdAt: now - 60_000 + i })))
    .execute();
});
afterAll(async () => {
  cli.cleanup();
  rmSync(dir, { recursive: true, force: true });
  await server.close();
});

describe("auth admin audit export --signed", () => {
  it("writes JSON lines and a detached JWS that verifies with the published JWKS, and not after a byte changes", async () => {
    const out = join(dir, "audit.jsonl");
    const from = new Date(server.clock.now() - 3_600_000).toISOString();
    const to = new Date(server.clock.now() + 3_600_000).toISOString();
    const run = await cli.run(["admin", "audit", "export", "--signed", "--from", from, "--to", to, "--out", out, "--json"]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.json()).toMatchObject({ out, signature: `${out}.jws` });
    const jsonl = readFileSync(out, "utf8");
    expect(jsonl.trimEnd().split("\n").map((line) => JSON.parse(line).id)).toEqual(expect.arrayContaining(["cli-chain-0", "cli-chain-4"]));
    expect(statSync(out).mode & 0o777).toBe(0o600);
    const [header, , signature] = readFileSync(`${out}.jws`, "utf8").trim().split(".");
    const jwks = createRemoteJWKSet(new URL(`${server.api}/jwks`));
    const check = (bytes: Buffer) => flattenedVerify({ protected: header!, payload: base64url.encode(bytes), signature: signature! }, jwks);
    await expect(check(readFileSync(out))).resolves.toMatchObject({ protectedHeader: { typ: "latchkey-audit-export" } });
    const changed = readFileSync(out);
    changed[10] = changed[10]! ^ 1;
    await expect(check(changed)).rejects.toThrow(/signature verification failed/);
  });
});

describe("auth admin audit verify", () => {
  it("exits 0 on an intact chain and 1 naming the row edited in the database", async () => {
    const intact = await cli.run(["admin", "audit", "verify", "--json"]);
    expect(intact.code, intact.stderr).toBe(0);
    expect(intact.json()).toMatchObject({ ok: true, firstBreak: null });
    const victim = await server.database.db.selectFrom("auditEvent").select(["seq", "chainIndex", "createdAt"]).where("id", "=", "cli-chain-2").executeTakeFirstOrThrow();
    const createdAt = new Date(Number(victim.createdAt)).toISOString();
    await server.database.db.updateTable("auditEvent").set({ reason: "nothing to see" }).where("id", "=", "cli-chain-2").execute();
    const broken = await cli.run(["admin", "audit", "verify"]);
    expect(broken.code).toBe(1);
    // The row is named by position, id, action and time, so a person can find it in the log.
    expect(broken.stderr).toContain(`Row ${victim.seq} (cli-chain-2) was changed: the chain breaks at position ${victim.chainIndex}. It records user.ban at ${createdAt}.`);
    const json = await cli.run(["admin", "audit", "verify", "--json"]);
    expect(json.code).toBe(1);
    expect(json.json().firstBreak).toEqual({ problem: "altered", chainIndex: Number(victim.chainIndex), id: "cli-chain-2", seq: Number(victim.seq), action: "user.ban", createdAt });
    await server.database.db.updateTable("auditEvent").set({ reason: "spam" }).where("id", "=", "cli-chain-2").execute();
  });

  it("names a row whose predecessors were deleted, with its action and time, and says so when its time is no date", async () => {
    const after = await server.database.db.selectFrom("auditEvent").select(["seq", "chainIndex", "createdAt"]).where("id", "=", "cli-chain-4").executeTakeFirstOrThrow();
    await server.database.db.deleteFrom("auditEvent").where("id", "=", "cli-chain-3").execute();
    const createdAt = new Date(Number(after.createdAt)).toISOString();
    const json = await cli.run(["admin", "audit", "verify", "--json"]);
    expect(json.code).toBe(1);
    expect(json.json().firstBreak).toEqual({ problem: "missing", chainIndex: Number(after.chainIndex), id: "cli-chain-4", seq: Number(after.seq), action: "user.ban", createdAt });
    const words = await cli.run(["admin", "audit", "verify"]);
    expect(words.stderr).toContain(`Rows before row ${after.seq} (cli-chain-4) were deleted: the chain breaks at position ${after.chainIndex}. It records user.ban at ${createdAt}.`);
    // A time someone overwrote with what no date has: the row is still named, its time said to be unreadable.
    await server.database.db.updateTable("auditEvent").set({ createdAt: 8.64e15 + 1 }).where("id", "=", "cli-chain-4").execute();
    const odd = await cli.run(["admin", "audit", "verify"]);
    expect(odd.code).toBe(1);
    expect(odd.stderr).toContain(`Rows before row ${after.seq} (cli-chain-4) were deleted: the chain breaks at position ${after.chainIndex}. It records user.ban; its time is not a date.`);
  });
});
