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
    const { child, stdout } = await startCliServer(["--port", String(port), "--db", db, "--no-rate-limit"], { env: { AUTH_SECRET: "" } });
    try {
      expect(stdout()).toContain(`http://127.0.0.1:${port}`);
      expect(stdout()).toContain("rate limiting OFF");
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

describe("secrets given as flags (#27)", () => {
  it("each secret-bearing flag's help says to prefer the environment variable or the config file", async () => {
    for (const command of [["server", "start"], ["server", "check-config"]]) {
      const help = (await runCli([...command, "--help"])).stdout.replace(/\s+/g, " ");
      expect(help).toContain("(AUTH_SECRET; prefer AUTH_SECRET or the config file: arguments are visible to other users (ps))");
      expect(help).toContain("a URL with a password: prefer AUTH_DB or the config file, arguments are visible to other users (ps)");
      expect(help).toContain("with a password: prefer AUTH_SMTP_URL or the config file");
      expect(help).toContain("with a password: prefer AUTH_REDIS_URL or the config file");
    }
    for (const command of [["server", "migrate"], ["server", "create-admin"], ["mail", "list"]]) {
      const help = (await runCli([...command, "--help"])).stdout.replace(/\s+/g, " ");
      expect(help, command.join(" ")).toContain("prefer AUTH_DB or the config file");
    }
  });

  it("the server warns once at start naming the flags that carried a secret, never the secret itself", async () => {
    const secret = "flag-secret-flag-secret-flag-secret-0001";
    const smtpPassword = "smtp-password-0002";
    const port = await freePort();
    const server = await startCliServer(["--port", String(port), "--db", join(dir, "flags.db"), "--no-rate-limit", "--secret", secret, "--smtp-url", `smtp://mailer:${smtpPassword}@127.0.0.1:1`], { env: { AUTH_SECRET: "" } });
    try {
      const deadline = Date.now() + 10_000;
      while (!server.stdout().includes("A secret was given on the command line") && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      const warnings = server
        .stdout()
        .split("\n")
        .filter((line) => line.includes("A secret was given on the command line"));
      expect(warnings).toHaveLength(1);
      const entry = JSON.parse(warnings[0]!) as { level: number; msg: string };
      expect(entry.level).toBe(40); // pino's warn
      expect(entry.msg).toBe("A secret was given on the command line (--secret, --smtp-url), where other users of this machine can read it (ps). Use AUTH_SECRET, AUTH_SMTP_URL or the config file instead.");
      expect(server.stdout() + server.stderr()).not.toContain(secret);
      expect(server.stdout() + server.stderr()).not.toContain(smtpPassword);
    } finally {
      expect(await stopProcess(server.child)).toBe(0);
    }
  });

  it("says nothing when the secrets came from the environment, or a URL flag carries no password", async () => {
    const port = await freePort();
    const server = await startCliServer(["--port", String(port), "--db", join(dir, "env.db"), "--no-rate-limit", "--smtp-url", "smtp://127.0.0.1:1"], { env: { AUTH_SECRET: "env-secret-env-secret-env-secret-0003" } });
    try {
      const ok = await fetch(`http://127.0.0.1:${port}/api/auth/ok`);
      expect(ok.status).toBe(200);
      expect(server.stdout()).not.toContain("A secret was given on the command line");
    } finally {
      expect(await stopProcess(server.child)).toBe(0);
    }
  });

  it("check-config lists the same warning", async () => {
    const result = await runCli(["server", "check-config", "--db", "postgres://latchkey:db-password-0004@127.0.0.1:1/latchkey", "--json"], { env: { AUTH_SECRET: "" } });
    expect(result.code).toBe(0);
    const out = JSON.parse(result.stdout);
    expect(out.warnings).toContain("A secret was given on the command line (--db), where other users of this machine can read it (ps). Use AUTH_DB or the config file instead.");
    expect(result.stdout).not.toContain("db-password-0004");
  });

  it("check-config says where the client IP comes from, and warns about the deprecated trustProxy true (#19)", async () => {
    const hops = JSON.parse((await runCli(["server", "check-config", "--json"], { env: { AUTH_TRUST_PROXY: "2", AUTH_SECRET: "" } })).stdout);
    expect(hops.clientIp).toBe("from X-Forwarded-For: 2 proxy hops");
    expect(hops.settings.trustProxy).toBe(2);
    const list = JSON.parse((await runCli(["server", "check-config", "--json"], { env: { AUTH_TRUST_PROXY: "10.0.0.1,192.168.0.0/16", AUTH_SECRET: "" } })).stdout);
    expect(list.clientIp).toBe("from X-Forwarded-For: proxies at 10.0.0.1, 192.168.0.0/16");
    const old = JSON.parse((await runCli(["server", "check-config", "--json"], { env: { AUTH_TRUST_PROXY: "true", AUTH_SECRET: "" } })).stdout);
    expect(old.clientIp).toBe("from X-Forwarded-For: 1 proxy hop");
    expect(old.warnings).toEqual([expect.stringContaining("trustProxy: true (AUTH_TRUST_PROXY=true) is read as 1 proxy hop")]);
    const bad = await runCli(["server", "check-config"], { env: { AUTH_TRUST_PROXY: "10.0.0.1,proxy.example.com", AUTH_SECRET: "" } });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("trustProxy.1: expected an IP address");
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
