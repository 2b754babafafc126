/**
 * `auth server check-config` reports the sign-up throttles (issue 40, item 3): the limits in force
 * (JSON; the terminal's line comes from the same summary), and off when either `signUpThrottle.enabled` or `rateLimit.enabled` is false.
 */
import { describe, expect, it } from "vitest";
import { checkConfig, configFolder } from "../helpers/config-files.js";

const { configFile } = configFolder("latchkey-throttle-cli-");
const check = checkConfig;

describe("auth server check-config: sign-up throttles", () => {
  it("reports the defaults, a raised limit, and off", async () => {
    const defaults = await check(configFile("defaults.json", {}), "--json");
    expect(defaults.code, defaults.stderr).toBe(0);
    expect(JSON.parse(defaults.stdout).signUpThrottle).toEqual({ enabled: true, perIp: { window: 3600, max: 20 }, perIpv6Prefix64: { window: 3600, max: 60 }, verificationMail: { window: 3600, max: 20 } });

    const raised = await check(configFile("raised.json", { signUpThrottle: { perIp: { window: 86_400, max: 500 } } }), "--json");
    expect(raised.code, raised.stderr).toBe(0);
    expect(JSON.parse(raised.stdout).signUpThrottle).toMatchObject({ enabled: true, perIp: { window: 86_400, max: 500 }, perIpv6Prefix64: { window: 3600, max: 60 } });

    const off = await check(configFile("off.json", { signUpThrottle: { enabled: false } }), "--json");
    expect(JSON.parse(off.stdout).signUpThrottle).toEqual({ enabled: false, perIp: null, perIpv6Prefix64: null, verificationMail: null });
    const noLimiter = await check(configFile("no-limiter.json", { rateLimit: { enabled: false } }), "--json");
    expect(JSON.parse(noLimiter.stdout).signUpThrottle.enabled).toBe(false);
  });

  it("refuses a limit that is not a positive whole number, naming the setting", async () => {
    const bad = await check(configFile("bad.json", { signUpThrottle: { perIpv6Prefix64: { window: 3600, max: 0 } } }));
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("signUpThrottle.perIpv6Prefix64.max");
  });
});
