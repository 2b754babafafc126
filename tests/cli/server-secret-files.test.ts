/**
 * Issue 42: secrets from files (AUTH_SECRET_FILE, AUTH_DB_FILE…) for Docker/Podman secrets and
 * systemd credentials, through the real `auth` process.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, runCli, startCliServer, stopProcess } from "../helpers/run-cli.js";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "latchkey-secret-files-"));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe("auth server start with _FILE variables", () => {
  it("reads the secret and the database from files in production, and a later start with another secret file names that file", async () => {
    const db = join(dir, "files.db");
    const secretFile = join(dir, "auth_secret");
    const dbFile = join(dir, "database_url");
    writeFileSync(secretFile, `${"f".repeat(44)}\n`, { mode: 0o600 });
    writeFileSync(dbFile, `${db}\n`);
    const env = { NODE_ENV: "production", AUTH_SECRET: "", AUTH_DB: "", AUTH_SECRET_FILE: secretFile, AUTH_DB_FILE: dbFile, AUTH_LOG_FORMAT: "json" };
    const port = await freePort();
    const server = await startCliServer(["--port", String(port), "--no-rate-limit"], { env });
    try {
      const ready = await fetch(`http://127.0.0.1:${port}/api/auth/ready`);
      expect(ready.status).toBe(200);
      // The database named in the file was created; no development secret was generated beside it.
      expect(existsSync(db)).toBe(true);
      expect(existsSync(`${db}.secret`)).toBe(false);
    } finally {
      expect(await stopProcess(server.child)).toBe(0);
    }

    const otherSecret = join(dir, "other_secret");
    writeFileSync(otherSecret, "o".repeat(44));
    const refused = await runCli(["server", "start", "--port", "0"], { env: { ...env, AUTH_SECRET_FILE: otherSecret } });
    expect(refused.code).toBe(9);
    expect(refused.stderr).toContain(`AUTH_SECRET_FILE (${otherSecret})`);
  });

  it("refuses a secret given both directly and as a file, with a usage error naming both", async () => {
    const secretFile = join(dir, "both_secret");
    writeFileSync(secretFile, "b".repeat(44));
    const result = await runCli(["server", "start", "--db", join(dir, "both.db"), "--port", "0"], { env: { AUTH_SECRET: "a".repeat(44), AUTH_SECRET_FILE: secretFile } });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("AUTH_SECRET and AUTH_SECRET_FILE are both set: keep one");
    expect(existsSync(join(dir, "both.db"))).toBe(false);
  });

  it("refuses a missing secret file before touching the database", async () => {
    const missing = join(dir, "no-such-secret");
    const result = await runCli(["server", "check-config"], { env: { AUTH_SECRET: "", AUTH_SECRET_FILE: missing } });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`AUTH_SECRET_FILE: cannot read ${missing} (ENOENT)`);
  });
});
