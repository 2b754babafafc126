/**
 * Issue 39: a clock you can move, as real processes. `auth server start --clock-offset 8d` on a
 * seeded `qa` database: the week's ban has lapsed and the pending invitation has expired, the log
 * says so loudly and /ok tells the console. `--dev` lets an administrator move a running server's
 * clock with `auth dev clock advance` (audited); nobody else, and no server without --dev.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, runCli, startCliServer, stopProcess } from "../helpers/run-cli.js";

const SECRET = "clock-test-secret-clock-test-secret-0001";
const DAY = 86_400_000;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "latchkey-clock-"));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

async function seeded(name: string): Promise<string> {
  const db = join(dir, `${name}.db`);
  const result = await runCli(["server", "seed", "--scenario", "qa", "--db", db, "--json"], { env: { AUTH_SECRET: SECRET }, timeoutMs: 60_000 });
  expect(result.code, result.stderr).toBe(0);
  return db;
}

async function start(db: string, flags: string[]) {
  const port = await freePort();
  const server = await startCliServer(["--db", db, "--port", String(port), ...flags], { env: { AUTH_SECRET: SECRET, NODE_ENV: "test", AUTH_LOG_FORMAT: "json" } });
  return { ...server, url: `http://127.0.0.1:${port}` };
}

async function call(url: string, method: string, path: string, init: { body?: unknown; token?: string } = {}) {
  const headers: Record<string, string> = { origin: url };
  if (init.body !== undefined) headers["content-type"] = "application/json";
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const response = await fetch(`${url}/api/auth${path}`, { method, headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
  return { status: response.status, body: (await response.json()) as any };
}

const signIn = (url: string, who: string, password: string) => call(url, "POST", "/sign-in/email", { body: { email: `${who}@qa.example.com`, password } });

describe("a clock you can move (issue 39)", () => {
  it("--clock-offset 8d: the 7-day ban has lapsed, the invitation has expired, the log warns and /ok tells the console", async () => {
    const db = await seeded("offset");
    const server = await start(db, ["--clock-offset", "8d"]);
    try {
      expect(server.stdout()).toContain("CLOCK SHIFTED by +8 days");
      expect((await call(server.url, "GET", "/ok")).body).toEqual({ ok: true, clockOffsetMs: 8 * DAY });

      expect((await signIn(server.url, "banned-7d", "qa-banned-7d-pass")).status).toBe(200);
      expect((await signIn(server.url, "banned", "qa-banned-pass")).body.code).toBe("BANNED_USER");

      const admin = await signIn(server.url, "admin", "qa-admin-pass");
      const organizations = await call(server.url, "GET", "/organization/list", { token: admin.body.token });
      const invitations = await call(server.url, "GET", `/organization/list-invitations?organizationId=${organizations.body[0].id}`, { token: admin.body.token });
      const pending = invitations.body.find((i: { email: string }) => i.email === "invited@qa.example.com");
      expect(pending.status).toBe("pending");
      const preview = await call(server.url, "GET", `/organization/invitation-preview?id=${pending.id}`);
      expect(preview.body.code).toBe("INVITATION_NOT_FOUND");

      // Not started with --dev: the running clock cannot be moved.
      const refused = await call(server.url, "POST", "/admin/dev/clock/advance", { token: admin.body.token, body: { ms: DAY } });
      expect(refused.status).toBe(404);
      expect(refused.body.code).toBe("DEV_MODE_ONLY");
    } finally {
      expect(await stopProcess(server.child)).toBe(0);
    }
  });

  it("--dev: an administrator moves the running clock with auth dev clock advance, audited; a member may not", async () => {
    const db = await seeded("dev");
    const server = await start(db, ["--dev"]);
    try {
      expect((await call(server.url, "GET", "/ok")).body).toEqual({ ok: true });
      expect((await signIn(server.url, "banned-7d", "qa-banned-7d-pass")).body.code).toBe("BANNED_USER");

      const member = await signIn(server.url, "member", "qa-member-pass");
      const memberTry = await call(server.url, "POST", "/admin/dev/clock/advance", { token: member.body.token, body: { ms: DAY } });
      expect(memberTry.status).toBe(403);

      const admin = await signIn(server.url, "admin", "qa-admin-pass");
      const env = { AUTH_URL: server.url, AUTH_TOKEN: admin.body.token, XDG_CONFIG_HOME: join(dir, "config") };
      const moved = await runCli(["dev", "clock", "advance", "8d", "--json"], { env });
      expect(moved.code, moved.stderr).toBe(0);
      expect(JSON.parse(moved.stdout).clockOffsetMs).toBe(8 * DAY);
      expect((await call(server.url, "GET", "/ok")).body.clockOffsetMs).toBe(8 * DAY);
      expect((await signIn(server.url, "banned-7d", "qa-banned-7d-pass")).status).toBe(200);

      // Eight days on, the administrator's 7-day session has expired with everything else: sign in again.
      expect((await runCli(["dev", "clock", "advance", "-1d"], { env })).code).toBe(3);
      const again = await signIn(server.url, "admin", "qa-admin-pass");
      const back = await runCli(["dev", "clock", "advance", "-1d", "--json"], { env: { ...env, AUTH_TOKEN: again.body.token } });
      expect(JSON.parse(back.stdout).clockOffsetMs).toBe(7 * DAY);

      let actions: string[] = [];
      for (let attempt = 0; attempt < 50 && !actions.includes("server.clock-advance"); attempt++) {
        actions = (await call(server.url, "GET", "/admin/list-audit-events?limit=100", { token: again.body.token })).body.events.map((e: { action: string }) => e.action);
        if (!actions.includes("server.clock-advance")) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(actions).toContain("server.clock-advance");
    } finally {
      expect(await stopProcess(server.child)).toBe(0);
    }
  });

  it("refuses --clock-offset and --dev with NODE_ENV=production", async () => {
    const result = await runCli(["server", "start", "--db", join(dir, "prod.db"), "--port", "0", "--clock-offset", "8d"], { env: { NODE_ENV: "production", AUTH_SECRET: SECRET } });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("NODE_ENV=production");
  });
});
