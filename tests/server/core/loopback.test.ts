/**
 * The one loopback check (server/core/loopback.ts), used by the metrics exemption, the CLI's
 * loopback redirect, plain-http identity providers and the production warnings (#20).
 */
import { describe, expect, it } from "vitest";
import { isLoopbackHost, isLoopbackURL } from "../../../server/core/loopback.js";

describe("loopback", () => {
  it.each(["127.0.0.1", "127.8.9.10", "::1", "[::1]", "::ffff:127.0.0.1", "localhost", "LOCALHOST", "app.localhost"])("counts %s as this machine", (host) => {
    expect(isLoopbackHost(host)).toBe(true);
  });

  it.each(["128.0.0.1", "10.0.0.1", "::2", "::ffff:10.0.0.1", "localhost.example.com", "mylocalhost", "127.0.0.1.example.com", "0.0.0.0", ""])("does not count %s", (host) => {
    expect(isLoopbackHost(host)).toBe(false);
  });

  it("reads the host of a URL, brackets and all, and refuses what does not parse", () => {
    expect(isLoopbackURL("http://[::1]:4000/callback")).toBe(true);
    expect(isLoopbackURL("http://127.0.0.1:4000/callback")).toBe(true);
    expect(isLoopbackURL("https://idp.example.com/.well-known/openid-configuration")).toBe(false);
    expect(isLoopbackURL("http://127.0.0.1@evil.example/")).toBe(false);
    expect(isLoopbackURL("not a url")).toBe(false);
    expect(isLoopbackURL(undefined)).toBe(false);
  });
});
