/**
 * Backup, restore and copy on a real terminal (issue 26): the backup says the secret is needed to
 * restore (or where --with-secret put it), in the operator's language; restore prints its counts
 * per table; copy shows its progress bar and the count check.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, DRILL_PASSWORD, startOn } from "../helpers/drill-data.js";
import { AUTH_BIN } from "../helpers/run-cli.js";
import { shellQuote, terminalDriver } from "./terminal-driver.js";

const SECRET = "terminal-secret-terminal-secret-0026";
const driver = terminalDriver();
let dir: string;
let db: string;

function terminal(args: string[], env: Record<string, string> = {}) {
  const envs = Object.entries({ TERM: "xterm-256color", AUTH_SECRET: SECRET, LANG: "C.UTF-8", ...env }).map(([k, v]) => `${k}=${shellQuote(v)}`);
  return driver.open(`env -u AUTH_DB -u AUTH_CONFIG -u LC_ALL -u LC_MESSAGES ${envs.join(" ")} ${shellQuote(process.execPath)} ${shellQuote(AUTH_BIN)} ${args.map(shellQuote).join(" ")}; echo "EXIT=$?"`, { columns: 160, rows: 40 });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "latchkey-backup-term-"));
  db = join(dir, "latchkey.db");
  const server = await startOn(db, SECRET);
  for (const name of ["ada", "grace"]) expect((await call(server, "POST", "/sign-up/email", { body: { email: `${name}@example.com`, password: DRILL_PASSWORD, name } })).status).toBe(200);
  await server.stop();
}, 60_000);
afterAll(() => {
  driver.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("backup, restore and copy on a terminal (#26)", () => {
  it("backup says a restore needs the secret; with --with-secret, where it is, in German under LANG=de_DE", async () => {
    const plain = terminal(["server", "backup", "--db", db, "--out", join(dir, "b1.db")]);
    const screen = await plain.waitFor(/EXIT=\d+/, 30_000);
    expect(screen).toContain("EXIT=0");
    expect(screen.replace(/\s+/g, " ")).toContain("Restoring this backup needs the server secret it was sealed with (AUTH_SECRET)");

    const german = terminal(["server", "backup", "--db", db, "--out", join(dir, "b2.db"), "--with-secret"], { LANG: "de_DE.UTF-8" });
    const shown = (await german.waitFor(/EXIT=\d+/, 30_000)).replace(/\s+/g, " ");
    expect(shown).toContain("EXIT=0");
    expect(shown).toContain(`Das Server-Geheimnis steht in ${join(dir, "b2.db")}.secret (Modus 0600)`);
  }, 60_000);

  it("restore prints what it restored, table by table", async () => {
    const restore = terminal(["server", "restore", "--from", join(dir, "b1.db"), "--db", join(dir, "restored", "latchkey.db")]);
    const screen = await restore.waitFor(/EXIT=\d+/, 30_000);
    expect(screen).toContain("EXIT=0");
    expect(screen).toContain(`Restored ${join(dir, "b1.db")} into ${join(dir, "restored", "latchkey.db")}`);
    expect(screen).toMatch(/^ {2}user: 2$/m);
    expect(screen).toMatch(/^ {2}keyCheck: 1$/m);
  }, 60_000);

  it("copy shows a progress bar, then the count check", async () => {
    const copy = terminal(["server", "copy", "--from", db, "--to", join(dir, "copied.db"), "--batch-size", "1"]);
    const screen = await copy.waitFor(/EXIT=\d+/, 30_000);
    expect(screen).toContain("EXIT=0");
    expect(copy.scrollback()).toMatch(/Copying \w+ [█░]+ \d+\/\d+/);
    expect(screen).toMatch(/Copied \d+ rows from .* in [\d.]+ s; every table's count matches:/);
    expect(screen).toMatch(/^ {2}user: 2$/m);
  }, 60_000);
});
