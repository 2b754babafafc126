/**
 * `auth server rotate-secret` in development (issue 33, item 4): with nothing set it says there is
 * nothing to rotate instead of a warning that does not apply; after a real rotation it offers to
 * update the development secret file (--update-secret-file or --yes; named when left stale); and
 * a start that refuses with exit 9 names where it read the secret. Real files, the real binary.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_BIN, freePort, runCli } from "../helpers/run-cli.js";
import { shellQuote, terminalDriver } from "./terminal-driver.js";

const OLD = "old-development-secret-0123456789abcdef";
const NEW = "new-rotated-secret-abcdef0123456789abcdef";
const driver = terminalDriver();
let dir: string;
let db: string;
const ENV = { LANG: "C", LC_ALL: undefined, LC_MESSAGES: undefined, AUTH_SECRET: undefined, AUTH_PREVIOUS_SECRETS: undefined, AUTH_DB: undefined, AUTH_CONFIG: undefined, NODE_ENV: "development" };

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "latchkey-rotate-dev-"));
  db = join(dir, "latchkey.db");
  // The file a development start keeps beside the database (server/secret.ts).
  writeFileSync(`${db}.secret`, `${OLD}\n`, { mode: 0o600 });
});
afterAll(() => {
  driver.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("rotate-secret in development", () => {
  it("with nothing set: nothing to rotate, naming the development file, and no backup-code warning", async () => {
    const term = driver.open(`cd ${shellQuote(dir)} && env -u AUTH_SECRET -u AUTH_PREVIOUS_SECRETS -u AUTH_CONFIG -u AUTH_DB LANG=C LC_ALL= NODE_ENV=development ${shellQuote(process.execPath)} ${shellQuote(AUTH_BIN)} server rotate-secret --db ${shellQuote(db)}; echo "EXIT=$?"`, { columns: 200, rows: 30 });
    await term.waitFor(/EXIT=\d+/, 30_000);
    const screen = term.scrollback();
    expect(screen).toContain("EXIT=0");
    expect(screen).toContain(`Nothing to rotate: no previous secret is set (AUTH_PREVIOUS_SECRETS)`);
    // The terminal wraps the long path: read the lines as one.
    expect(screen.replace(/\n/g, "")).toContain(`read from the development secret file ${db}.secret.`);
    expect(screen).not.toContain("Backup codes stored before");
  });

  it("after a real rotation the stale development file is named, start refuses naming it, and --update-secret-file writes the new secret", async () => {
    const rotated = await runCli(["server", "rotate-secret", "--db", db, "--json"], { env: { ...ENV, AUTH_SECRET: NEW, AUTH_PREVIOUS_SECRETS: OLD } });
    expect(rotated.code, rotated.stderr).toBe(0);
    // Off a terminal and without --yes nothing is written, but the answer says which file is stale.
    expect(JSON.parse(rotated.stdout)).toMatchObject({ secretFileUpdated: null, secretFileStale: `${db}.secret` });
    expect(readFileSync(`${db}.secret`, "utf8").trim()).toBe(OLD);

    const port = await freePort();
    const refused = await runCli(["server", "start", "--db", db, "--port", String(port)], { env: ENV, timeoutMs: 30_000 });
    expect(refused.code).toBe(9);
    expect(refused.stderr).toContain("This database was sealed with a different AUTH_SECRET");
    expect(refused.stderr).toContain(`The secret was read from the development secret file ${db}.secret.`);
    const wrongEnv = await runCli(["server", "start", "--db", db, "--port", String(port)], { env: { ...ENV, AUTH_SECRET: "some-other-secret-0123456789abcdefghij" }, timeoutMs: 30_000 });
    expect(wrongEnv.code).toBe(9);
    expect(wrongEnv.stderr).toContain("The secret was read from AUTH_SECRET.");

    const updated = await runCli(["server", "rotate-secret", "--db", db, "--update-secret-file", "--json"], { env: { ...ENV, AUTH_SECRET: NEW, AUTH_PREVIOUS_SECRETS: OLD } });
    expect(updated.code, updated.stderr).toBe(0);
    expect(JSON.parse(updated.stdout)).toMatchObject({ secretFileUpdated: `${db}.secret`, secretFileStale: null });
    expect(readFileSync(`${db}.secret`, "utf8").trim()).toBe(NEW);
  }, 90_000);

  it("on a terminal it asks, and yes writes the file", async () => {
    writeFileSync(`${db}.secret`, `${OLD}\n`, { mode: 0o600 });
    const term = driver.open(`env LANG=C LC_ALL= NODE_ENV=development AUTH_SECRET=${NEW} AUTH_PREVIOUS_SECRETS=${OLD} ${shellQuote(process.execPath)} ${shellQuote(AUTH_BIN)} server rotate-secret --db ${shellQuote(db)}; echo "EXIT=$?"`, { columns: 200, rows: 30 });
    await term.waitFor(/Write the new secret there\? \[y\/N\]/, 30_000);
    term.keys("y", "Enter");
    const screen = await term.waitFor(/EXIT=\d+/, 30_000);
    expect(screen).toContain("EXIT=0");
    expect(screen).toContain(`Wrote the new secret to ${db}.secret`);
    expect(readFileSync(`${db}.secret`, "utf8").trim()).toBe(NEW);
  }, 60_000);
});
