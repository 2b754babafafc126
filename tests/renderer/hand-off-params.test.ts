/**
 * The desktop hand-off page's address rule (renderer/features/auth/hand-off-params.ts): a code
 * goes only to a loopback port or the app's scheme, and a link missing a parameter is refused.
 */
import { describe, expect, it } from "vitest";
import { handOffTarget, isAllowedRedirect, readHandOff } from "../../renderer/features/auth/hand-off-params.js";

describe("desktop hand-off redirect rule", () => {
  it("accepts the app's loopback listener and its scheme", () => {
    for (const uri of ["http://127.0.0.1:49152/callback", "http://[::1]:8080/cb", "latchkey://auth/callback", "latchkey:/callback"]) expect(isAllowedRedirect(uri), uri).toBe(true);
  });

  it("refuses every other address", () => {
    const refused = [
      "https://attacker.example/callback",
      "http://localhost:4000/callback",
      "http://127.0.0.1/callback", // no port: not a listener the app chose
      "https://127.0.0.1:4000/callback",
      "http://127.0.0.1.attacker.example:80/cb",
      "http://user:pw@127.0.0.1:4000/cb",
      "http://127.0.0.1:4000/cb#fragment",
      "http://10.0.0.1:4000/cb",
      "javascript:alert(1)",
      "//127.0.0.1:4000/cb",
      "not a url",
    ];
    for (const uri of refused) expect(isAllowedRedirect(uri), uri).toBe(false);
  });

  it("reads a complete link, refuses an incomplete one, ignores an ordinary sign-in", () => {
    const base = { client_id: "electron", state: "abcDEF0123456789", code_challenge: "x".repeat(43), redirect_uri: "http://127.0.0.1:5000/cb" };
    expect(readHandOff({})).toEqual({ kind: "none" });
    expect(readHandOff(base)).toEqual({ kind: "valid", params: { clientId: "electron", state: base.state, codeChallenge: base.code_challenge, redirectUri: base.redirect_uri } });
    expect(readHandOff({ ...base, state: undefined })).toEqual({ kind: "invalid", reason: "missing" });
    expect(readHandOff({ ...base, redirect_uri: undefined })).toEqual({ kind: "invalid", reason: "missing" });
    expect(readHandOff({ ...base, state: "has space" })).toEqual({ kind: "invalid", reason: "missing" });
    expect(readHandOff({ ...base, redirect_uri: "https://attacker.example/cb" })).toEqual({ kind: "invalid", reason: "redirect" });
  });

  it("adds the code and state to the app's address, keeping its own query", () => {
    expect(handOffTarget("http://127.0.0.1:5000/cb?app=1", "CODE123", "st&ate")).toBe("http://127.0.0.1:5000/cb?app=1&code=CODE123&state=st%26ate");
  });
});
