/**
 * The captcha from the command line (issue 40, item 2): `auth server check-config` says which bot
 * check is on — none, ALTCHA with its difficulty and lifetime, or a service and whether its answers
 * go to the public siteverify URL — and never prints a service's secret key. `auth login` against a
 * server with ALTCHA solves the challenge itself (a person at a terminal still signs in, by
 * password or by mailed code); against a service captcha it says to use `--device`, exit 2.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { altchaResponse } from "../helpers/altcha-solver.js";
import { checkConfig, configFolder } from "../helpers/config-files.js";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import { cliFor, type Cli } from "./harness.js";

const { configFile } = configFolder("latchkey-captcha-cli-");
const check = checkConfig;

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

describe("auth login with a captcha on the server", () => {
  const PASSWORD = "a long enough passphrase 9";
  const email = "cli-altcha@example.com";
  let altcha: TestServer;
  let turnstile: TestServer;
  const clis: Cli[] = [];

  beforeAll(async () => {
    altcha = await startTestServer({ config: { captcha: { provider: "altcha", maxNumber: 20_000 } } });
    altcha.clock.set(Date.now()); // the challenge's expiry is checked on the server's clock
    turnstile = await startTestServer({ config: { captcha: { provider: "turnstile", secretKey: "unused-in-this-test" } } });
    const signUp = await altcha.request("POST", "/sign-up/email", { body: { email, password: PASSWORD, name: "CLI Person" }, headers: { "x-captcha-response": await altchaResponse(altcha.api) } });
    expect(signUp.status).toBe(200);
  }, 60_000);
  afterAll(async () => {
    for (const cli of clis) cli.cleanup();
    await altcha?.close();
    await turnstile?.close();
  });

  it("solves ALTCHA for a password sign-in and saves the profile", async () => {
    const cli = cliFor(altcha);
    clis.push(cli);
    const login = await cli.run(["login", "--email", email, "--password-stdin"], { input: PASSWORD });
    expect(login.code, login.stderr).toBe(0);
    const whoami = await cli.run(["whoami", "--json"]);
    expect(JSON.parse(whoami.stdout)).toMatchObject({ user: { email } });
    const checks = await altcha.request("GET", "/captcha/settings");
    expect(checks.body.provider).toBe("altcha");
  });

  it("points to --device for a service captcha (exit 2)", async () => {
    const cli = cliFor(turnstile);
    clis.push(cli);
    const login = await cli.run(["login", "--email", email, "--password-stdin"], { input: PASSWORD });
    expect([login.code, login.stderr]).toEqual([2, expect.stringContaining("auth login --device")]);
  });
});
