/** auth login | logout | whoami | profile, AUTH_URL / AUTH_TOKEN, and the exit codes of each failure. */
import { readFileSync, statSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import { cliFor, type Cli } from "./harness.js";

let server: TestServer;
let cli: Cli;
const email = "ops@example.com";
const password = "correct horse battery";

beforeAll(async () => {
  server = await startTestServer();
  await server.signUp({ email, password, name: "Ops" });
  cli = cliFor(null);
});
afterAll(async () => {
  cli.cleanup();
  await server.close();
});

describe("auth login", () => {
  it("signs in with --password-stdin and saves the token in a profile file only its owner can read", async () => {
    const result = await cli.run(["login", "--url", server.url, "--email", email, "--password-stdin"], { input: password + "\n" });
    expect(result.code).toBe(0);
    const out = result.json();
    expect(out).toMatchObject({ profile: "default", url: server.url, user: { email } });
    expect(result.stdout).not.toContain("token");
    const file = join(cli.configHome, "latchkey", "profiles.json");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(cli.configHome, "latchkey")).mode & 0o777).toBe(0o700);
    const saved = JSON.parse(readFileSync(file, "utf8"));
    expect(saved.current).toBe("default");
    expect(saved.profiles.default.token).toEqual(expect.any(String));
  });

  it("signing in again ends the session it replaces", async () => {
    const file = join(cli.configHome, "latchkey", "profiles.json");
    const first = JSON.parse(readFileSync(file, "utf8")).profiles.default.token as string;
    const again = await cli.run(["login", "--email", email, "--password-stdin"], { input: password });
    expect(again.code).toBe(0);
    const second = JSON.parse(readFileSync(file, "utf8")).profiles.default.token as string;
    expect(second).not.toBe(first);
    expect(await server.client(first).getSession()).toBeNull();
    expect(await server.client(second).getSession()).not.toBeNull();
  });

  it("refuses a password given as an argument, before contacting anything", async () => {
    for (const flag of ["--password", "-p"]) {
      const result = await cli.run(["login", "--url", server.url, "--email", email, flag, password]);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain("other users of this machine can read it");
    }
  });

  it("exits 3 with the server's code for a wrong password and 2 with nothing on stdin", async () => {
    const wrong = await cli.run(["login", "--url", server.url, "--email", email, "--password-stdin", "--profile", "wrong"], { input: "nope-nope-nope\n" });
    expect(wrong.code).toBe(3);
    expect(wrong.stderr).toContain("INVALID_EMAIL_OR_PASSWORD");
    const empty = await cli.run(["login", "--url", server.url, "--email", email, "--password-stdin", "--profile", "wrong"], { input: "" });
    expect(empty.code).toBe(2);
    const noEmail = await cli.run(["login", "--url", server.url, "--password-stdin"], { input: password });
    expect(noEmail.code).toBe(2);
  });
});

describe("auth whoami", () => {
  it("shows the user and session as JSON without the bearer token", async () => {
    const result = await cli.run(["whoami", "--json"]);
    expect(result.code).toBe(0);
    const out = result.json();
    expect(out.user.email).toBe(email);
    expect(out.profile).toBe("default");
    expect(out.session).toMatchObject({ userId: out.user.id, expiresAt: expect.any(String) });
    expect(out.session.token).toBeUndefined();
  });

  it("uses AUTH_URL and AUTH_TOKEN over any profile", async () => {
    const other = await server.signUp({ name: "Scripted" });
    const scripted = cliFor(server, { token: other.token });
    try {
      const result = await scripted.run(["whoami", "--json"]);
      expect(result.code).toBe(0);
      expect(result.json().user.email).toBe(other.email);
    } finally {
      scripted.cleanup();
    }
  });

  it("says to run auth login (exit 3) when the token was revoked and when there is none", async () => {
    const victim = await server.signUp({ name: "Revoked" });
    await server.client(victim.token).signOut({});
    const revoked = await cli.run(["whoami"], { env: { AUTH_URL: server.url, AUTH_TOKEN: victim.token } });
    expect(revoked.code).toBe(3);
    expect(revoked.stderr).toContain("auth login");
    const admin = await cli.run(["admin", "users", "list"], { env: { AUTH_URL: server.url, AUTH_TOKEN: victim.token } });
    expect(admin.code).toBe(3);
    expect(admin.stderr).toContain("UNAUTHORIZED");
    expect(admin.stderr).toContain("run `auth login`");
    const fresh = cliFor(server);
    try {
      const none = await fresh.run(["whoami"]);
      expect(none.code).toBe(3);
      expect(none.stderr).toContain("auth login");
    } finally {
      fresh.cleanup();
    }
  });

  it("exits 7 when the server cannot be reached and 2 for a malformed URL", async () => {
    const down = await cli.run(["whoami"], { env: { AUTH_URL: "http://127.0.0.1:9", AUTH_TOKEN: "x" } });
    expect(down.code).toBe(7);
    expect(down.stderr).toContain("NETWORK_ERROR");
    const bad = await cli.run(["whoami", "--url", "not a url"], { env: { AUTH_TOKEN: "x" } });
    expect(bad.code).toBe(2);
  });

  it("never sends a profile's token to a different --url", async () => {
    const elsewhere = await cli.run(["whoami", "--url", "http://127.0.0.1:9"]);
    expect(elsewhere.code).toBe(3);
    expect(elsewhere.stderr).toContain("Not signed in to http://127.0.0.1:9");
  });
});

describe("AUTH_TOKEN and AUTH_API_KEY are pinned to AUTH_URL or the profile's URL (#27)", () => {
  it("refuses a --url naming another server before anything is sent, naming both ways out (exit 2)", async () => {
    const seen: string[] = [];
    const trap = createServer((request, response) => {
      seen.push(`${request.method} ${request.url} ${request.headers.authorization ?? ""} ${request.headers["x-api-key"] ?? ""}`);
      response.end("{}");
    });
    await new Promise<void>((resolve) => trap.listen(0, "127.0.0.1", resolve));
    const trapUrl = `http://127.0.0.1:${(trap.address() as AddressInfo).port}`;
    const account = await server.signUp({ name: "Pinned" });
    const fresh = cliFor(null);
    try {
      const refused = await cli.run(["whoami", "--url", trapUrl], { env: { AUTH_URL: server.url, AUTH_TOKEN: account.token } });
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain(`AUTH_TOKEN belongs to ${server.url} (AUTH_URL), but --url names ${trapUrl}: not sent.`);
      expect(refused.stderr).toContain(`set AUTH_URL=${trapUrl} too (and drop --url); otherwise unset AUTH_TOKEN.`);

      // Without AUTH_URL the token is pinned to the profile's URL (this config home's default profile is signed in to the server).
      const viaProfile = await cli.run(["whoami", "--url", trapUrl], { env: { AUTH_TOKEN: account.token } });
      expect(viaProfile.code).toBe(2);
      expect(viaProfile.stderr).toContain(`AUTH_TOKEN belongs to ${server.url} (the profile's URL)`);

      const unpinned = await fresh.run(["whoami", "--url", trapUrl], { env: { AUTH_TOKEN: account.token } });
      expect(unpinned.code).toBe(2);
      expect(unpinned.stderr).toContain("AUTH_TOKEN is sent only to the server named by AUTH_URL (or the profile's URL), and neither is set");

      const key = await cli.run(["admin", "users", "list", "--url", trapUrl], { env: { AUTH_URL: server.url, AUTH_API_KEY: "k".repeat(64) } });
      expect(key.code).toBe(2);
      expect(key.stderr).toContain(`AUTH_API_KEY belongs to ${server.url} (AUTH_URL), but --url names ${trapUrl}`);
      expect(seen).toEqual([]);

      // The same server under another path is the same origin: the token goes.
      const same = await cli.run(["whoami", "--url", `${server.url}/api/auth`, "--json"], { env: { AUTH_URL: server.url, AUTH_TOKEN: account.token } });
      expect(same.code).toBe(0);
      expect(same.json().user.email).toBe(account.email);
    } finally {
      fresh.cleanup();
      await new Promise((resolve) => trap.close(resolve));
    }
  });
});

describe("auth profile", () => {
  it("lists, switches and (with --yes off a terminal) removes profiles", async () => {
    const second = await server.signUp({ name: "Second" });
    const login = await cli.run(["login", "--profile", "second", "--email", second.email, "--password-stdin"], { input: second.password });
    expect(login.code).toBe(0);
    // A second login does not take over the default identity.
    expect((await cli.run(["whoami", "--json"])).json().user.email).toBe(email);
    expect((await cli.run(["whoami", "--json", "--profile", "second"])).json().user.email).toBe(second.email);

    const list = (await cli.run(["profile", "list", "--json"])).json();
    expect(list.current).toBe("default");
    expect(list.profiles.map((p: { name: string }) => p.name).sort()).toEqual(["default", "second"]);
    expect(list.profiles.find((p: { name: string }) => p.name === "second")).toMatchObject({ signedIn: true, email: second.email, current: false });

    expect((await cli.run(["profile", "use", "second"])).code).toBe(0);
    expect((await cli.run(["whoami", "--json"])).json().user.email).toBe(second.email);
    expect((await cli.run(["profile", "use", "nope"])).code).toBe(5);

    const refused = await cli.run(["profile", "remove", "second"]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("--yes");
    const removed = await cli.run(["profile", "remove", "second", "--yes", "--json"]);
    expect(removed.code).toBe(0);
    expect(removed.json()).toEqual({ removed: "second" });
    const jsonl = await cli.run(["profile", "list", "--jsonl"]);
    expect(jsonl.lines().map((p) => p.name)).toEqual(["default"]);
  });
});

describe("auth logout", () => {
  it("ends the session on the server and forgets the token", async () => {
    const before = JSON.parse(readFileSync(join(cli.configHome, "latchkey", "profiles.json"), "utf8"));
    const token = before.profiles.default.token as string;
    const result = await cli.run(["logout", "--json"]);
    expect(result.code).toBe(0);
    expect(result.json()).toEqual({ profile: "default", signedOut: true, revoked: true });
    expect(await server.client(token).getSession()).toBeNull();
    const after = await cli.run(["whoami"]);
    expect(after.code).toBe(3);
    const again = await cli.run(["logout", "--json"]);
    expect(again.json()).toMatchObject({ signedOut: false });
  });
});

describe("exit codes", () => {
  it("exits 8 when the server rate-limits the CLI", async () => {
    const limited = await startTestServer({ config: { rateLimit: { enabled: true, max: 2, window: 60 } } });
    const account = await limited.signUp({ name: "Limited" });
    const scripted = cliFor(limited, { token: account.token });
    try {
      const codes: Array<number | null> = [];
      for (let i = 0; i < 4; i++) codes.push((await scripted.run(["whoami", "--json"])).code);
      expect(codes).toContain(8);
      const last = await scripted.run(["whoami"]);
      expect(last.code).toBe(8);
      expect(last.stderr).toContain("TOO_MANY_REQUESTS");
    } finally {
      scripted.cleanup();
      await limited.close();
    }
  });

  it("says to run auth login (exit 3) when the session expired", async () => {
    const account = await server.signUp({ name: "Expiring" });
    const scripted = cliFor(server, { token: account.token });
    try {
      expect((await scripted.run(["whoami"])).code).toBe(0);
      server.clock.advance(400 * 24 * 3600 * 1000);
      const expired = await scripted.run(["whoami"]);
      expect(expired.code).toBe(3);
      expect(expired.stderr).toContain("Your session has expired or was revoked: run `auth login`.");
      const listing = await scripted.run(["sessions", "list"]);
      expect(listing.code).toBe(3);
      expect(listing.stderr).toContain("run `auth login`");
    } finally {
      scripted.cleanup();
    }
  });

  it("maps every server answer to its documented class", async () => {
    const { exitCodeFor, EXIT } = await import("../../cli/exit-codes.js");
    expect(exitCodeFor(0, "NETWORK_ERROR")).toBe(EXIT.NETWORK);
    expect(exitCodeFor(401, "UNAUTHORIZED")).toBe(EXIT.NOT_SIGNED_IN);
    expect(exitCodeFor(403, "YOU_ARE_NOT_ALLOWED_TO_BAN_USERS")).toBe(EXIT.FORBIDDEN);
    expect(exitCodeFor(404, "USER_NOT_FOUND")).toBe(EXIT.NOT_FOUND);
    expect(exitCodeFor(400, "ORGANIZATION_NOT_FOUND")).toBe(EXIT.NOT_FOUND);
    expect(exitCodeFor(422, "USER_ALREADY_EXISTS")).toBe(EXIT.CONFLICT);
    expect(exitCodeFor(400, "ORGANIZATION_ALREADY_EXISTS")).toBe(EXIT.CONFLICT);
    expect(exitCodeFor(429, "TOO_MANY_REQUESTS")).toBe(EXIT.RATE_LIMITED);
    expect(exitCodeFor(400, "VALIDATION_ERROR")).toBe(EXIT.USAGE);
    expect(exitCodeFor(500, "INTERNAL_SERVER_ERROR")).toBe(EXIT.INTERNAL);
    expect(exitCodeFor(418, "TEAPOT")).toBe(EXIT.FAILURE);
    expect(EXIT).toEqual({ OK: 0, FAILURE: 1, USAGE: 2, NOT_SIGNED_IN: 3, FORBIDDEN: 4, NOT_FOUND: 5, CONFLICT: 6, NETWORK: 7, RATE_LIMITED: 8, SECRET_MISMATCH: 9, FOREIGN_DATABASE: 10, INTERNAL: 70 });
  });
});
