/**
 * Breached passwords from the command line (issue 40, item 1): `auth server check-config` says
 * whether the check is on, from which kind of source and what a failure does (a range URL's
 * password masked), and `auth server create-admin --password-stdin` refuses a breached password
 * from a local range folder in the operator's language, creating nobody.
 */
import { createHash } from "node:crypto";
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { checkConfig, configFolder } from "../helpers/config-files.js";
import { runCli } from "../helpers/run-cli.js";

const BREACHED = "breached but long enough 1";
const digest = createHash("sha1").update(BREACHED).digest("hex").toUpperCase();

const configs = configFolder("latchkey-breach-cli-");
const { configFile } = configs;
beforeAll(() => {
  writeFileSync(join(configs.dir, `${digest.slice(0, 5)}.txt`), `${digest.slice(5)}:42\r\n0018A45C4D1DEF81644B54AB7F969B88D65:0\r\n`);
});

describe("auth server check-config: the breached-password check", () => {
  it("reports it off by default, on from a folder, and on from a service with its password masked", async () => {
    const off = await checkConfig(configFile("off.json", {}), "--json");
    expect(off.code, off.stderr).toBe(0);
    expect(JSON.parse(off.stdout).passwordBreach).toEqual({ enabled: false, source: null, failClosed: false });

    const folder = await checkConfig(configFile("folder.json", { passwordBreach: { rangeDir: configs.dir } }), "--json");
    expect(JSON.parse(folder.stdout).passwordBreach).toEqual({ enabled: true, source: "range-folder", failClosed: false });

    const service = await checkConfig(configFile("service.json", { passwordBreach: { rangeUrl: "https://ops:hunter2@ranges.example.test/range/", failClosed: true } }), "--json");
    const answer = JSON.parse(service.stdout);
    expect(answer.passwordBreach).toEqual({ enabled: true, source: "range-service", failClosed: true });
    expect(answer.settings.passwordBreach).toMatchObject({ rangeUrl: "https://ops:***@ranges.example.test/range/", timeoutMs: 2000 });
    expect(service.stdout).not.toContain("hunter2");
  });

  it("refuses a configuration with both sources, naming the setting", async () => {
    const both = await checkConfig(configFile("both.json", { passwordBreach: { rangeDir: configs.dir, rangeUrl: "https://ranges.example.test/range/" } }));
    expect(both.code).toBe(2);
    expect(both.stderr).toContain("passwordBreach: set exactly one of rangeUrl and rangeDir");
  });
});

describe("auth server create-admin: a breached password", () => {
  it("is refused with PASSWORD_COMPROMISED in the operator's language, and nobody is created", async () => {
    const db = join(configs.dir, "admins.db");
    const refused = await runCli(["server", "create-admin", "--db", db, "--email", "ops@example.com", "--password-stdin"], {
      input: `${BREACHED}\n`,
      env: { AUTH_CONFIG: configFile("admin.json", { passwordBreach: { rangeDir: configs.dir } }), LC_ALL: "fr_FR.UTF-8" },
    });
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain("Ce mot de passe figure dans des fuites de données connues");
    expect(refused.stderr).toContain("PASSWORD_COMPROMISED");
    const created = await runCli(["server", "create-admin", "--db", db, "--email", "ops@example.com", "--password-stdin", "--json"], {
      input: "a passphrase nobody leaked 3\n",
      env: { AUTH_CONFIG: join(configs.dir, "admin.json") },
    });
    expect(created.code, created.stderr).toBe(0);
    expect(JSON.parse(created.stdout)).toMatchObject({ created: true });
    expect(existsSync(db)).toBe(true);
  });
});
