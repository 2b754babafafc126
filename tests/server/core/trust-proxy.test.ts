/**
 * trustProxy (#19 item 3): a hop count or a list of proxy addresses, never "every hop". The
 * client IP keys the rate limits, so these tests watch the sign-in limit: requests that share a
 * client IP share one budget.
 */
import { afterEach, describe, expect, it } from "vitest";
import { configFromEnv, configWarnings, resolveConfig, type ConfigInput } from "../../../server/config.js";
import { describeTrustProxy, fastifyTrustProxy, isProxyAddress } from "../../../server/http/trust-proxy.js";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";

describe("the trustProxy setting", () => {
  it("reads AUTH_TRUST_PROXY as off, a hop count, the deprecated true, or a list of addresses (#19)", () => {
    expect(configFromEnv({ AUTH_TRUST_PROXY: "0" }).trustProxy).toBe(false);
    expect(configFromEnv({ AUTH_TRUST_PROXY: "off" }).trustProxy).toBe(false);
    expect(configFromEnv({ AUTH_TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(configFromEnv({ AUTH_TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(configFromEnv({ AUTH_TRUST_PROXY: "true" }).trustProxy).toBe(true);
    expect(configFromEnv({ AUTH_TRUST_PROXY: "10.0.0.1, 192.168.0.0/16,::1" }).trustProxy).toEqual(["10.0.0.1", "192.168.0.0/16", "::1"]);
    expect(resolveConfig(configFromEnv({ AUTH_TRUST_PROXY: "10.0.0.1,192.168.0.0/16" }) as ConfigInput).trustProxy).toEqual(["10.0.0.1", "192.168.0.0/16"]);
  });

  it("accepts addresses, CIDR ranges and proxy-addr's named ranges, and refuses anything else with the key named (#19)", () => {
    for (const good of ["10.0.0.1", "10.0.0.0/8", "fd00::/8", "::1", "loopback", "uniquelocal"]) expect(isProxyAddress(good), good).toBe(true);
    for (const bad of ["proxy.example.com", "10.0.0.0/33", "::/129", "10.0.0.1/8/8", "10.0.0.0/x", ""]) expect(isProxyAddress(bad), bad).toBe(false);
    expect(() => resolveConfig({ trustProxy: ["10.0.0.1", "proxy.example.com"] })).toThrow(/trustProxy\.1: expected an IP address/);
    expect(() => resolveConfig({ trustProxy: -1 })).toThrow(/trustProxy/);
    expect(() => resolveConfig({ trustProxy: [] })).toThrow(/trustProxy/);
  });

  it("maps the old true to one hop and warns once about it, and says each setting in words (#19)", () => {
    const old = resolveConfig({ trustProxy: true });
    const hop = fastifyTrustProxy(old.trustProxy) as (address: string, hop: number) => boolean;
    expect([hop("203.0.113.9", 0), hop("198.51.100.7", 1)]).toEqual([true, false]);
    expect(configWarnings(old)).toEqual([expect.stringContaining("trustProxy: true (AUTH_TRUST_PROXY=true) is read as 1 proxy hop")]);
    expect(configWarnings(resolveConfig({ trustProxy: 1 }))).toEqual([]);
    expect(fastifyTrustProxy(false)).toBe(false);
    expect(fastifyTrustProxy(0)).toBe(false);
    expect(describeTrustProxy(false)).toBe("off (X-Forwarded-For ignored)");
    expect(describeTrustProxy(true)).toBe("1 proxy hop");
    expect(describeTrustProxy(2)).toBe("2 proxy hops");
    expect(describeTrustProxy(["10.0.0.1", "192.168.0.0/16"])).toBe("proxies at 10.0.0.1, 192.168.0.0/16");
  });
});

describe("the client IP behind a proxy", () => {
  let server: TestServer;
  afterEach(async () => {
    await server.close();
  });

  /** One sign-in attempt under a strict limit of one per window, with this X-Forwarded-For. */
  const attempt = (forwardedFor: string) =>
    server.request("POST", "/sign-in/email", { body: { email: "nobody@example.com", password: "password123" }, headers: { "x-forwarded-for": forwardedFor } });
  const limited = (config: ConfigInput) => startTestServer({ config: { ...config, rateLimit: { enabled: true, window: 60, max: 100, strict: { window: 60, max: 1 } } } });

  it("with one hop, takes the right-most X-Forwarded-For entry: spoofed left-most entries share one budget (#19)", async () => {
    server = await limited({ trustProxy: 1 });
    expect((await attempt("198.51.100.1, 203.0.113.9")).status).toBe(401);
    const spoofed = await attempt("198.51.100.2, 203.0.113.9");
    expect(spoofed.status).toBe(429);
    expect(spoofed.body.code).toBe("TOO_MANY_REQUESTS");
    // Another client behind the same proxy has its own budget: the header is read.
    expect((await attempt("198.51.100.1, 203.0.113.10")).status).toBe(401);
  });

  it("reads the deprecated true as one hop, not every hop (#19)", async () => {
    server = await limited({ trustProxy: true });
    expect((await attempt("198.51.100.1, 203.0.113.9")).status).toBe(401);
    expect((await attempt("198.51.100.2, 203.0.113.9")).status).toBe(429);
  });

  it("with two hops, takes the second entry from the right (#19)", async () => {
    server = await limited({ trustProxy: 2 });
    expect((await attempt("198.51.100.1, 203.0.113.9, 10.0.0.5")).status).toBe(401);
    expect((await attempt("198.51.100.2, 203.0.113.9, 10.0.0.6")).status).toBe(429);
    expect((await attempt("198.51.100.1, 203.0.113.10, 10.0.0.5")).status).toBe(401);
  });

  it("ignores X-Forwarded-For from a peer outside the trusted list (#19)", async () => {
    server = await limited({ trustProxy: ["10.0.0.0/8", "192.168.0.1"] }); // the test's peer is 127.0.0.1
    expect((await attempt("203.0.113.9")).status).toBe(401);
    expect((await attempt("203.0.113.10")).status).toBe(429);
  });

  it("trusts a listed peer hop by hop, and stops at the first address it does not list (#19)", async () => {
    server = await limited({ trustProxy: ["127.0.0.1/32"] });
    expect((await attempt("198.51.100.1, 203.0.113.9")).status).toBe(401);
    expect((await attempt("198.51.100.2, 203.0.113.9")).status).toBe(429); // 203.0.113.9 is not a listed proxy: it is the client
    expect((await attempt("203.0.113.10")).status).toBe(401);
  });

  it("records the client the proxy names on the session (#19)", async () => {
    server = await startTestServer({ config: { trustProxy: 1 } });
    const response = await server.request("POST", "/sign-up/email", {
      body: { email: "proxied@example.com", password: "password123", name: "Proxied" },
      headers: { "x-forwarded-for": "198.51.100.1, 203.0.113.9" },
    });
    expect(response.status).toBe(200);
    const sessions = await server.request("GET", "/list-sessions", { token: response.body.token });
    expect(sessions.body.map((s: { ipAddress: string }) => s.ipAddress)).toEqual(["203.0.113.9"]);
  });
});
