/**
 * A user's mistake never prints a raw stack trace: every command is run with an unknown option
 * and with bad arguments against no server, and the file-taking commands with bad paths. Each
 * answers a line of explanation and a documented exit code (never 70, "a bug").
 * Also: `auth server backup` into a missing folder, `auth server check-config`, strict settings
 * at start, and the modes of the files a server creates.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildProgram } from "../../cli/program.js";
import { freePort, runCli, startCliServer, stopProcess, type CliResult } from "../helpers/run-cli.js";

const STACK = /^\s+at .+:\d+:\d+\)?$/m;
const USAGE = 2;

let dir: string;
let configHome: string;
let deadServer: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "latchkey-mistakes-"));
  configHome = join(dir, "config-home");
  mkdirSync(configHome);
  deadServer = `http://127.0.0.1:${await freePort()}`; // nothing listens there
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** Every leaf command, with its positional arguments. */
function leafCommands(): Array<{ path: string[]; args: Array<{ name: string; required: boolean }> }> {
  const out: Array<{ path: string[]; args: Array<{ name: string; required: boolean }> }> = [];
  const walk = (command: ReturnType<typeof buildProgram>, prefix: string[]) => {
    for (const sub of command.commands) {
      const path = [...prefix, sub.name()];
      if (sub.commands.length) walk(sub, path);
      else out.push({ path, args: sub.registeredArguments.map((arg) => ({ name: arg.name(), required: arg.required })) });
    }
  };
  walk(buildProgram(), []);
  return out;
}

function run(args: string[], env: Record<string, string | undefined> = {}, input = ""): Promise<CliResult> {
  return runCli(args, { cwd: dir, input, env: { XDG_CONFIG_HOME: configHome, AUTH_URL: deadServer, AUTH_TOKEN: "not-a-real-token", AUTH_PROFILE: undefined, AUTH_DB: undefined, AUTH_CONFIG: undefined, ...env } });
}

function expectClearFailure(result: CliResult, what: string, codes: number[] = [USAGE]) {
  expect(result.stderr, `${what}: no stack trace`).not.toMatch(STACK);
  expect(result.stderr, `${what}: says what went wrong`).toMatch(/\S/);
  expect(codes, `${what}: exit ${result.code}\n${result.stderr}`).toContain(result.code);
}

/** Runs `jobs` two at a time (the machine is shared). */
async function inPairs<T>(jobs: Array<() => Promise<T>>): Promise<T[]> {
  const results: T[] = [];
  for (let i = 0; i < jobs.length; i += 2) results.push(...(await Promise.all(jobs.slice(i, i + 2).map((job) => job()))));
  return results;
}

describe("no stack traces for a user's mistake", () => {
  const commands = leafCommands();

  it("knows the commands", () => {
    expect(commands.length).toBeGreaterThan(50);
    expect(commands.map((c) => c.path.join(" "))).toContain("server check-config");
  });

  it("every command refuses an unknown option with a usage error", { timeout: 300_000 }, async () => {
    const results = await inPairs(commands.map((command) => () => run([...command.path, "--no-such-option"])));
    results.forEach((result, i) => expectClearFailure(result, `auth ${commands[i]!.path.join(" ")} --no-such-option`));
  });

  it("every command given bad arguments (and no reachable server) fails with one clear line", { timeout: 300_000 }, async () => {
    // `server start` would start a server: it is covered by bad paths below.
    const runnable = commands.filter((command) => command.path.join(" ") !== "server start");
    const argsFor = (command: (typeof runnable)[number]) => [
      ...command.path,
      ...command.args.map((arg) => (arg.name === "file" ? join(dir, "missing.csv") : arg.name === "shell" ? "tcsh" : "nope")),
      ...(command.path[0] === "server" || command.path[0] === "mail" ? ["--db", join(dir, "no-such-folder", "x.db")] : []),
    ];
    const results = await inPairs(runnable.map((command) => () => run(argsFor(command), {}, "")));
    results.forEach((result, i) => {
      const name = `auth ${argsFor(runnable[i]!).join(" ")}`;
      // 0 is fine where the bad value is harmless (e.g. a migrate that creates the database).
      expectClearFailure(result.code === 0 ? { ...result, stderr: result.stderr || "ok" } : result, name, [0, 1, 2, 3, 5, 7]);
    });
  });

  it("bad paths: a config file that is missing or not JSON, a database that is a folder or not a database", async () => {
    writeFileSync(join(dir, "not-json.json"), "{ nope");
    writeFileSync(join(dir, "not-a-db.db"), "hello, not SQLite");
    mkdirSync(join(dir, "a-folder"), { recursive: true });
    const cases: Array<[string[], number[]]> = [
      [["server", "start", "--config", join(dir, "missing.json"), "--port", "0"], [USAGE]],
      [["server", "start", "--config", join(dir, "not-json.json"), "--port", "0"], [USAGE]],
      [["server", "start", "--db", join(dir, "not-json.json", "x.db"), "--port", "0"], [USAGE]],
      [["server", "check-config", "--config", join(dir, "missing.json")], [USAGE]],
      [["server", "migrate", "--db", join(dir, "a-folder")], [USAGE]],
      [["server", "migrate", "--db", join(dir, "not-a-db.db")], [USAGE]],
      [["mail", "list", "--db", join(dir, "not-a-db.db")], [USAGE]],
      [["server", "create-admin", "--db", join(dir, "not-a-db.db"), "--email", "a@example.com", "--password-stdin"], [USAGE]],
      [["server", "backup", "--db", join(dir, "not-a-db.db"), "--out", join(dir, "copy.db")], [USAGE]],
      [["server", "backup", "--db", join(dir, "missing.db"), "--out", join(dir, "copy.db")], [5]],
      [["server", "backup", "--db", join(dir, "not-a-db.db"), "--out", join(dir, "a-folder")], [USAGE]],
      [["admin", "users", "import", join(dir, "missing.csv")], [USAGE]],
      [["admin", "users", "export", "--out", join(dir, "not-json.json", "out.csv")], [USAGE, 7]],
    ];
    const results = await inPairs(cases.map(([args]) => () => run(args, {}, "a-password-123\n")));
    results.forEach((result, i) => expectClearFailure(result, `auth ${cases[i]![0].join(" ")}`, cases[i]![1]));
    expect(existsSync(join(dir, "copy.db"))).toBe(false);
  });
});

describe("auth server backup", () => {
  it("creates a missing --out folder (0700) and leaves only the copy (0600) in it", async () => {
    const db = join(dir, "backup-source", "latchkey.db");
    expect((await run(["server", "migrate", "--db", db])).code).toBe(0);
    const out = join(dir, "backups", "nested", "latchkey-2030-01-01.db");
    const result = await run(["server", "backup", "--db", db, "--out", out, "--json"]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).not.toMatch(STACK);
    expect(JSON.parse(result.stdout)).toMatchObject({ out, integrity: "ok" });
    expect(readdirSync(join(dir, "backups", "nested"))).toEqual(["latchkey-2030-01-01.db"]);
    expect(statSync(join(dir, "backups")).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, "backups", "nested")).mode & 0o777).toBe(0o700);
    expect(statSync(out).mode & 0o777).toBe(0o600);
  });
});

describe("strict settings at start, and auth server check-config", () => {
  it("refuses to start with a misspelled key, naming the closest known one", async () => {
    const file = join(dir, "typo.json");
    writeFileSync(file, JSON.stringify({ emailAndPassword: { requireEmailVerificaton: true } }));
    const result = await run(["server", "start", "--config", file, "--db", join(dir, "typo.db"), "--port", "0"]);
    expectClearFailure(result, "start with a typo");
    expect(result.stderr).toContain("emailAndPassword.requireEmailVerificaton");
    expect(result.stderr).toContain("did you mean requireEmailVerification?");
    expect(existsSync(join(dir, "typo.db"))).toBe(false);
  });

  it("refuses an unknown AUTH_* variable, naming the closest known one", async () => {
    const result = await run(["server", "start", "--db", join(dir, "env.db"), "--port", "0"], { AUTH_SMPT_URL: "smtp://mail:25" });
    expectClearFailure(result, "start with AUTH_SMPT_URL");
    expect(result.stderr).toContain("AUTH_SMPT_URL");
    expect(result.stderr).toContain("did you mean AUTH_SMTP_URL?");
  });

  it("check-config: 0 and the resolved settings with secrets masked when valid, 2 and the problem otherwise", async () => {
    const file = join(dir, "good.json");
    writeFileSync(file, JSON.stringify({ password: { minLength: 12 } }));
    const secret = "s3cret-".repeat(6);
    const ok = await run(["server", "check-config", "--config", file, "--db", "postgres://latchkey:db-password@db.internal/latchkey", "--json"], {
      AUTH_SECRET: secret,
      AUTH_SMTP_URL: "smtp://mailer:smtp-password@mail.internal:587",
      NODE_ENV: "production",
    });
    expect(ok.code, ok.stderr).toBe(0);
    const document = JSON.parse(ok.stdout);
    expect(document).toMatchObject({ valid: true, settings: { production: true, password: { minLength: 12 }, secret: "*** (set)" } });
    expect(ok.stdout).not.toContain(secret);
    expect(ok.stdout).not.toContain("db-password");
    expect(ok.stdout).not.toContain("smtp-password");
    // The database password came as a flag (#27): said first, without the password.
    expect(document.warnings).toEqual([expect.stringMatching(/^A secret was given on the command line \(--db\)/), expect.stringMatching(/loopback/)]);

    const typo = join(dir, "bad.json");
    writeFileSync(typo, JSON.stringify({ sesion: { expiresIn: 60 } }));
    const bad = await run(["server", "check-config", "--config", typo]);
    expectClearFailure(bad, "check-config with a typo");
    expect(bad.stderr).toContain("sesion: unknown setting; did you mean session?");
    expect(bad.stdout).toBe("");
  });
});

describe("files at rest are private", () => {
  it("a new database, its -wal/-shm, its folder and the secret are 0600/0700; production warns about outbox mail and a loopback URL", async () => {
    const folder = join(dir, "private-data");
    const db = join(folder, "latchkey.db");
    const port = await freePort();
    const { child, stdout: logged } = await startCliServer(["--port", String(port), "--db", db], {
      cwd: dir,
      env: { NODE_ENV: "production", AUTH_SECRET: "x".repeat(40), AUTH_SMTP_URL: "", AUTH_BASE_URL: "", AUTH_LOG_LEVEL: "warn" },
    });
    try {
      // One write, so the WAL is in use while we look.
      const signUp = await fetch(`http://127.0.0.1:${port}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: `http://127.0.0.1:${port}` },
        body: JSON.stringify({ email: "modes@example.com", password: "password123", name: "Modes" }),
      });
      expect(signUp.status).toBe(200);
      expect(statSync(folder).mode & 0o777).toBe(0o700);
      expect(statSync(db).mode & 0o777).toBe(0o600);
      for (const suffix of ["-wal", "-shm"]) {
        expect(existsSync(db + suffix), `${suffix} exists while the server runs`).toBe(true);
        expect(statSync(db + suffix).mode & 0o777, suffix).toBe(0o600);
      }
      await expect.poll(logged).toMatch(/outbox/);
      expect(logged()).toMatch(/loopback address/);
      expect(logged().match(/loopback address/g)).toHaveLength(1);
    } finally {
      expect(await stopProcess(child)).toBe(0);
    }

    // Development: the generated secret beside the database too.
    const devFolder = join(dir, "dev-data");
    const devPort = await freePort();
    const dev = await startCliServer(["--port", String(devPort), "--db", join(devFolder, "latchkey.db")], { cwd: dir, env: { NODE_ENV: "development", AUTH_SECRET: "" } });
    try {
      expect(statSync(devFolder).mode & 0o777).toBe(0o700);
      expect(statSync(join(devFolder, "latchkey.db")).mode & 0o777).toBe(0o600);
      expect(statSync(join(devFolder, "latchkey.db.secret")).mode & 0o777).toBe(0o600);
    } finally {
      expect(await stopProcess(dev.child)).toBe(0);
    }
  });
});
