/**
 * The restore drill of issue 26: a server under write load is backed up with `--with-secret`, the
 * backup is restored into a new folder by another process, and a new server process on it lets
 * every user sign in — password, TOTP and backup code — with its JWKS key (a JWT signed before
 * verifies after) and API key intact. The same backup under a wrong secret refuses, with the
 * sentence a start gives. Plus restore's own refusals: a running server, a damaged backup, a
 * backup from a newer build; each leaves the database as it was.
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, readSync, rmSync, statSync, writeFileSync, writeSync, closeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "../../server/main.js";
import { SECRET_MISMATCH_SENTENCE } from "../../server/key-check.js";
import { call, DRILL_PASSWORD, expectIntact, seed, startOn, type Seeded } from "../helpers/drill-data.js";
import { freePort, runCli, startCliServer, type CliServer } from "../helpers/run-cli.js";

const SECRET = "drill-secret-drill-secret-drill-secret-26";
const WRONG = "wrong-secret-wrong-secret-wrong-secret-26";
// The drill's processes find the secret where the operator keeps it, never in the test's environment.
const NO_SECRET = { AUTH_SECRET: undefined, AUTH_PREVIOUS_SECRETS: undefined, AUTH_DB: undefined, AUTH_CONFIG: undefined };

let dir: string;
let live: string;
let backup: string;
let server: RunningServer | undefined;
let seeded: Seeded;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "latchkey-drill-"));
  live = join(dir, "live", "latchkey.db");
  backup = join(dir, "backups", "latchkey.db");
  server = await startOn(live, SECRET);
  seeded = await seed(server, 5, "drill");
}, 60_000);
afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe("backup and restore drill (#26)", () => {
  it("backs up under write load with --with-secret: the secret beside the backup, mode 0600, and --json says a restore needs it", async () => {
    let writing = true;
    const load = (async () => {
      let n = 0;
      while (writing) {
        await call(server!, "POST", "/sign-up/email", { body: { email: `load-${n++}@example.com`, password: DRILL_PASSWORD, name: "Load" } });
        await call(server!, "POST", "/sign-in/email", { body: { email: seeded.users[0]!.email, password: DRILL_PASSWORD } });
      }
      return n;
    })();
    const result = await runCli(["server", "backup", "--db", live, "--out", backup, "--with-secret", "--json"], { env: { ...NO_SECRET, AUTH_SECRET: SECRET }, timeoutMs: 60_000 });
    writing = false;
    expect(await load).toBeGreaterThan(0);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(report).toMatchObject({ out: backup, integrity: "ok", secretNeeded: true, secretFile: `${backup}.secret` });
    expect(statSync(`${backup}.secret`).mode & 0o777).toBe(0o600);
    expect(readFileSync(`${backup}.secret`, "utf8").trim()).toBe(SECRET);
    expect(result.stdout).not.toContain(SECRET);
    await server!.stop();
    server = undefined;
  }, 90_000);

  it("restores into a new folder; a new server process on it lets every user sign in with password, TOTP and backup code, with JWKS and API key intact", async () => {
    const restored = join(dir, "new-machine", "latchkey.db");
    const result = await runCli(["server", "restore", "--from", backup, "--db", restored, "--json"], { env: NO_SECRET, timeoutMs: 60_000 });
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(report).toMatchObject({ db: restored, integrity: "ok", keptAs: [], secretInstalled: `${restored}.secret` });
    expect(report.tables.user).toBeGreaterThanOrEqual(seeded.users.length);
    expect(report.tables.twoFactor).toBe(seeded.users.filter((u) => u.seed).length);
    expect(report.tables.jwks).toBe(seeded.kids.length);
    expect(report.tables.apikey).toBe(1);
    expect(report.tables.keyCheck).toBe(1);
    expect(statSync(restored).mode & 0o777).toBe(0o600);
    expect(statSync(`${restored}.secret`).mode & 0o777).toBe(0o600);

    const port = await freePort();
    const config = join(dir, "new-machine", "settings.json");
    writeFileSync(config, JSON.stringify({ jwt: { enabled: true }, rateLimit: { enabled: false } }));
    const started: CliServer = await startCliServer(["--db", restored, "--port", String(port), "--config", config], { env: { NODE_ENV: "test" } });
    try {
      await expectIntact({ url: `http://127.0.0.1:${port}` }, seeded, { totpStep: 0, backupCode: 0, adminSignIns: 1 });
    } finally {
      started.child.kill("SIGTERM");
      await new Promise((resolve) => started.child.once("exit", resolve));
    }
  }, 120_000);

  it("with a wrong secret: restore refuses (exit 9), and a server on the backup refuses to start, with the same sentence", async () => {
    const target = join(dir, "wrong", "latchkey.db");
    const refused = await runCli(["server", "restore", "--from", backup, "--db", target, "--json"], { env: { ...NO_SECRET, AUTH_SECRET: WRONG } });
    expect(refused.code).toBe(9);
    expect(refused.stderr).toContain(SECRET_MISMATCH_SENTENCE);
    expect(existsSync(target)).toBe(false);

    // The backup restored by hand (a plain file copy) and started with the wrong secret.
    mkdirSync(join(dir, "by-hand"), { recursive: true });
    const copied = join(dir, "by-hand", "latchkey.db");
    copyFileSync(backup, copied);
    const start = await runCli(["server", "start", "--db", copied, "--port", "0"], { env: { ...NO_SECRET, AUTH_SECRET: WRONG } });
    expect(start.code).toBe(9);
    expect(start.stderr).toContain(SECRET_MISMATCH_SENTENCE);
  }, 60_000);
});

describe("auth server restore refuses, leaving the database as it was (#26)", () => {
  const env = { ...NO_SECRET, AUTH_SECRET: SECRET };
  let target: string;
  let before: Buffer;

  beforeAll(async () => {
    target = join(dir, "existing", "latchkey.db");
    const first = await startOn(target, SECRET);
    await call(first, "POST", "/sign-up/email", { body: { email: "existing@example.com", password: DRILL_PASSWORD, name: "Existing" } });
    await first.stop();
    before = readFileSync(target);
  }, 60_000);

  it("while a server has the database open (exit 6)", async () => {
    const running = await startOn(target, SECRET);
    try {
      const refused = await runCli(["server", "restore", "--from", backup, "--db", target, "--yes", "--json"], { env });
      expect(refused.code).toBe(6);
      expect(refused.stderr).toContain("A server has");
      expect(existsSync(target + ".before-restore")).toBe(false);
    } finally {
      await running.stop();
    }
    expect(readFileSync(target).equals(before)).toBe(true);
  }, 60_000);

  it("a backup that fails PRAGMA integrity_check", async () => {
    const damaged = join(dir, "damaged.db");
    copyFileSync(backup, damaged);
    // Page 2 is a b-tree page (never all zeros): zeroed, its page type is invalid.
    const probe = new Database(damaged, { readonly: true });
    const pageSize = probe.pragma("page_size", { simple: true }) as number;
    probe.close();
    const page = Buffer.alloc(pageSize);
    const fd = openSync(damaged, "r+");
    readSync(fd, page, 0, pageSize, pageSize);
    expect(page.some((byte) => byte !== 0)).toBe(true);
    writeSync(fd, Buffer.alloc(pageSize), 0, pageSize, pageSize);
    closeSync(fd);
    const refused = await runCli(["server", "restore", "--from", damaged, "--db", target, "--yes", "--json"], { env });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/integrity check/);
    expect(readFileSync(target).equals(before)).toBe(true);
  });

  it("a backup from a newer build (a migration this build does not know), exit 2", async () => {
    const newer = join(dir, "newer.db");
    copyFileSync(backup, newer);
    const handle = new Database(newer);
    handle.prepare("insert into latchkey_migration (name, timestamp) values (?, ?)").run("9999-from-the-future", new Date().toISOString());
    handle.close();
    const refused = await runCli(["server", "restore", "--from", newer, "--db", target, "--yes", "--json"], { env });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("9999-from-the-future");
    expect(readFileSync(target).equals(before)).toBe(true);
  });

  it("asks before replacing (exit 2 without --yes off a terminal); with --yes keeps the replaced database as *.before-restore and prints the counts", async () => {
    const asked = await runCli(["server", "restore", "--from", backup, "--db", target, "--json"], { env });
    expect(asked.code).toBe(2);
    expect(asked.stderr).toContain("--yes");
    expect(readFileSync(target).equals(before)).toBe(true);

    const done = await runCli(["server", "restore", "--from", backup, "--db", target, "--yes", "--json"], { env });
    expect(done.stderr).toBe("");
    expect(done.code).toBe(0);
    const report = JSON.parse(done.stdout);
    expect(report.keptAs).toEqual([target + ".before-restore"]);
    expect(report.secretInstalled).toBeNull(); // AUTH_SECRET is configured: nothing to install
    const kept = new Database(target + ".before-restore", { readonly: true });
    const restored = new Database(target, { readonly: true });
    try {
      expect(kept.prepare("select email from user").pluck().all()).toEqual(["existing@example.com"]);
      expect(restored.prepare("select count(*) from user").pluck().get()).toBe(report.tables.user);
      expect(restored.prepare("select count(*) from user where email = 'existing@example.com'").pluck().get()).toBe(0);
    } finally {
      kept.close();
      restored.close();
    }
  });
});
