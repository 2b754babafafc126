/**
 * The captcha from the command line (issue 40, item 2): `auth server check-config` says which bot
 * check is on — none, ALTCHA with its difficulty and lifetime, or a service and whether its answers
 * go to the public siteverify URL — and never prints a service's secret key.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.js";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "latchkey-captcha-cli-"));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

function configFile(name: string, settings: unknown): string {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(settings));
  return file;
}

const check = (file: string, ...extra: string[]) => runCli(["server", "check-config", "--config", file, ...extra], { env: { AUTH_SECRET: undefined } });

describe("auth server check-config: the captcha", () => {
  it("reports it off, ALTCHA with its difficulty, and a service with its siteverify URL and the secret masked", async () => {
    const off = await check(configFile("off.json", {}), "--json");
    expect(off.code, off.stderr).toBe(0);
    expect(JSON.parse(off.stdout).captcha).toEqual({ provider: null, maxNumber: null, expiresIn: null, siteVerify: null });

    const altcha = await check(configFile("altcha.json", { captcha: { provider: "altcha", maxNumber: 250000 } }), "--json");
    expect(JSON.parse(altcha.stdout).captcha).toEqual({ provider: "altcha", maxNumber: 250000, expiresIn: 300, siteVerify: null });

    const service = configFile("turnstile.json", { captcha: { provider: "turnstile", secretKey: "0x4AAA-very-secret", siteKey: "0x4AAA-site" } });
    const json = await check(service, "--json");
    const answer = JSON.parse(json.stdout);
    expect(answer.captcha).toEqual({ provider: "turnstile", maxNumber: null, expiresIn: null, siteVerify: "public" });
    expect(answer.settings.captcha).toMatchObject({ provider: "turnstile", secretKey: "*** (set)", siteKey: "0x4AAA-site" });
    expect(json.stdout).not.toContain("very-secret");
  });

  it("refuses a service without a secret key, naming the setting", async () => {
    const missing = await check(configFile("no-key.json", { captcha: { provider: "hcaptcha" } }));
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("captcha.secretKey: hcaptcha needs the service's secret key (or AUTH_CAPTCHA_SECRET_KEY)");
  });
});
