/**
 * Breached passwords from the command line (issue 40, item 1): `auth server check-config` says
 * whether the check is on, from which kind of source and what a failure does (a range URL's
 * password masked), and `auth server create-admin --password-stdin` refuses a breached password
 * from a local range folder in the operator's language, creating nobody.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.js";

const BREACHED = "breached but long enough 1";
const digest = createHash("sha1").update(BREACHED).digest("hex").toUpperCase();

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "latchkey-breach-cli-"));
  writeFileSync(join(dir, `${digest.slice(0, 5)}.txt`), `${digest.slice(5)}:42\r\n0018A45C4D1DEF81644B54AB7F969B88D65:0\r\n`);
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

function configFile(name: string, settings: unknown): string {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(settings));
  return file;
}

describe("auth server check-config: the breached-password check", () => {
  it("reports it off by default, on from a folder, and on from a service with its password masked", async () => {
    const off = await runCli(["server", "check-config", "--config", configFile("off.json", {}), "--json"], { env: { AUTH_SECRET: undefined } });
    expect(off.code, off.stderr).toBe(0);
    expect(JSON.parse(off.stdout).passwordBreach).toEqual({ enabled: false, source: null, failClosed: false });

    const folder = await runCli(["server", "check-config", "--config", configFile("folder.json", { passwordBreach: { rangeDir: dir } }), "--json"], { env: { AUTH_SECRET: undefined } });
    expect(JSON.parse(folder.stdout).passwordBreach).toEqual({ enabled: true, source: "range-folder", failClosed: false });

    const service = await runCli(["server", "check-config", "--config", configFile("service.json", { passwordBreach: { rangeUrl: "https://ops:hunter2@ranges.example.test/range/", failClosed: true } }), "--json"], { env: { AUTH_SECRET: undefined } });
    const answer = JSON.parse(service.stdout);
    expect(answer.passwordBreach).toEqual({ enabled: true, source: "range-service", failClosed: true });
    expect(answer.settings.passwordBreach).toMatchObject({ rangeUrl: "https://ops:***@ranges.example.test/range/", timeoutMs: 2000 });
    expect(service.stdout).not.toContain("hunter2");
  });

  it("refuses a configuration with both sources, naming the setting", async () => {
    const both = await runCli(["server", "check-config", "--config", configFile("both.json", { passwordBreach: { rangeDir: dir, rangeUrl: "https://ranges.example.test/range/" } })], { env: { AUTH_SECRET: undefined } });
    expect(both.code).toBe(2);
    expect(both.stderr).toContain("passwordBreach: set exactly one of rangeUrl and rangeDir");
  });
});

describe("auth server create-admin: a breached password", () => {
  it("is refused with PASSWORD_COMPROMISED in the operator's language, and nobody is created", async () => {
    const db = join(dir, "admins.db");
    const refused = await runCli(["server", "create-admin", "--db", db, "--email", "ops@example.com", "--password-stdin"], {
      input: `${BREACHED}\n`,
      env: { AUTH_CONFIG: configFile("admin.json", { passwordBreach: { rangeDir: dir } }), LC_ALL: "fr_FR.UTF-8" },
    });
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain("Ce mot de passe figure dans des fuites de données connues");
    expect(refused.stderr).toContain("PASSWORD_COMPROMISED");
    const created = await runCli(["server", "create-admin", "--db", db, "--email", "ops@example.com", "--password-stdin", "--json"], {
      input: "a passphrase nobody leaked 3\n",
      env: { AUTH_CONFIG: join(dir, "admin.json") },
    });
    expect(created.code, created.stderr).toBe(0);
    expect(JSON.parse(created.stdout)).toMatchObject({ created: true });
    expect(existsSync(db)).toBe(true);
  });
});
