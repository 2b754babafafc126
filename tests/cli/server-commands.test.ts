/** The foundation's CLI commands as real processes: server start, migrate, create-admin, mail list. */
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, runCli, startCliServer, stopProcess } from "../helpers/run-cli.js";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "latchkey-cli-"));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe("auth server start", () => {
  it("serves the API, keeps a generated secret beside the database, and stops cleanly on SIGTERM", async () => {
    const db = join(dir, "start.db");
    const port = await freePort();
    const { child, stderr } = await startCliServer(["--port", String(port), "--db", db, "--no-rate-limit"], { env: { AUTH_SECRET: "" } });
    try {
      expect(stderr()).toContain(`http://127.0.0.1:${port}`);
      expect(stderr()).toContain("rate limiting OFF");
      const ok = await fetch(`http://127.0.0.1:${port}/api/auth/ok`);
      expect(await ok.json()).toEqual({ ok: true });
      const signUp = await fetch(`http://127.0.0.1:${port}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "cli@example.com", password: "password123", name: "CLI" }),
      });
      expect(signUp.status).toBe(200);
      expect(existsSync(`${db}.secret`)).toBe(true);
      expect(statSync(`${db}.secret`).mode & 0o777).toBe(0o600);
    } finally {
      expect(await stopProcess(child)).toBe(0);
    }
  });

  it("refuses to start in production without a secret", async () => {
    const result = await runCli(["server", "start", "--db", join(dir, "prod.db"), "--port", "0"], { env: { NODE_ENV: "production", AUTH_SECRET: "" } });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/AUTH_SECRET/);
  });

  it("refuses a bad port with a usage error", async () => {
    const result = await runCli(["server", "start", "--port", "http"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("--port");
  });
});

describe("auth server migrate", () => {
  it("applies migrations once and reports the database up to date after", async () => {
    const db = join(dir, "migrate.db");
    const first = await runCli(["server", "migrate", "--db", db, "--json"]);
    expect(first.code).toBe(0);
    expect(JSON.parse(first.stdout).applied.length).toBeGreaterThan(0);
    const second = await runCli(["server", "migrate", "--db", db, "--json"]);
    expect(JSON.parse(second.stdout).applied).toEqual([]);
  });
});

describe("auth server create-admin", () => {
  it("creates an admin with a password from stdin who can then sign in", async () => {
    const db = join(dir, "admin.db");
    const created = await runCli(["server", "create-admin", "--db", db, "--email", "Ops@Example.com", "--name", "Ops", "--password-stdin", "--json"], { input: "admin-password-1\n" });
    expect(created.code).toBe(0);
    const out = JSON.parse(created.stdout);
    expect(out).toMatchObject({ created: true, user: { email: "ops@example.com", role: "admin", name: "Ops" } });
    expect(out.password).toBeUndefined();

    const port = await freePort();
    const { child } = await startCliServer(["--port", String(port), "--db", db, "--no-rate-limit"]);
    try {
      const signIn = await fetch(`http://127.0.0.1:${port}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "ops@example.com", password: "admin-password-1" }),
      });
      expect(signIn.status).toBe(200);
      expect((await signIn.json()).user.role).toBe("admin");
    } finally {
      await stopProcess(child);
    }
  });

  it("generates and prints a strong password once when none is given", async () => {
    const db = join(dir, "generated.db");
    const result = await runCli(["server", "create-admin", "--db", db, "--email", "gen@example.com", "--json"]);
    expect(result.code).toBe(0);
    const out = JSON.parse(result.stdout);
    expect(out.password).toMatch(/^[A-Za-z0-9]{24}$/);
  });

  it("gives an existing user the admin role", async () => {
    const db = join(dir, "promote.db");
    await runCli(["server", "create-admin", "--db", db, "--email", "first@example.com", "--json"]);
    const again = await runCli(["server", "create-admin", "--db", db, "--email", "first@example.com", "--json"]);
    expect(JSON.parse(again.stdout)).toMatchObject({ created: false, user: { role: "admin" } });
  });

  it("refuses an invalid email and a too-short password", async () => {
    const db = join(dir, "bad.db");
    const badEmail = await runCli(["server", "create-admin", "--db", db, "--email", "nope", "--json"]);
    expect(badEmail.code).not.toBe(0);
    expect(badEmail.stderr).toContain("INVALID_EMAIL");
    const short = await runCli(["server", "create-admin", "--db", db, "--email", "short@example.com", "--password-stdin"], { input: "short\n" });
    expect(short.code).not.toBe(0);
    expect(short.stderr).toContain("PASSWORD_TOO_SHORT");
  });
});

describe("auth mail list", () => {
  it("lists outbox mail newest first with kind, to, subject, url, token and createdAt", async () => {
    const db = join(dir, "mail.db");
    const port = await freePort();
    writeFileSync(join(dir, "mail.json"), JSON.stringify({ emailVerification: { sendOnSignUp: true } }));
    const { child } = await startCliServer(["--port", String(port), "--db", db, "--no-rate-limit", "--config", join(dir, "mail.json")]);
    try {
      for (const email of ["one@example.com", "two@example.com"]) {
        await fetch(`http://127.0.0.1:${port}/api/auth/sign-up/email`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email, password: "password123", name: "M" }),
        });
      }
    } finally {
      await stopProcess(child);
    }
    const all = await runCli(["mail", "list", "--db", db, "--json"]);
    expect(all.code).toBe(0);
    const mails = JSON.parse(all.stdout);
    expect(mails.map((m: { to: string }) => m.to)).toEqual(["two@example.com", "one@example.com"]);
    expect(mails[0]).toMatchObject({ kind: "verify-email", subject: expect.stringContaining("Verify") });
    expect(mails[0].url).toContain(mails[0].token);
    expect(Object.keys(mails[0]).sort()).toEqual(["createdAt", "expiresAt", "id", "kind", "subject", "to", "token", "url"]);
    // Kept until the link expires (emailVerification.expiresIn, one hour by default).
    expect(Date.parse(mails[0].expiresAt) - Date.parse(mails[0].createdAt)).toBe(3600_000);

    const filtered = await runCli(["mail", "list", "--db", db, "--to", "ONE@example.com", "--json"]);
    expect(JSON.parse(filtered.stdout).map((m: { to: string }) => m.to)).toEqual(["one@example.com"]);
  });

  it("says clearly when the database does not exist", async () => {
    const result = await runCli(["mail", "list", "--db", join(dir, "missing.db")]);
    expect(result.code).toBe(5);
    expect(result.stderr).toContain("No database");
  });
});
