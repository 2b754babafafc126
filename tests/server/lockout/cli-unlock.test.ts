/** `auth admin users unlock <user>` against a real server: clears the lock; JSON off a terminal; exit codes. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";
import { cliFor, makeAdmin, type Cli } from "../../cli/harness.js";

let server: TestServer;
let cli: Cli;

beforeAll(async () => {
  server = await startTestServer({ config: { rateLimit: { enabled: true, max: 100_000, strict: { window: 60, max: 100_000 } }, lockout: { freeAttempts: 2, maxAttempts: 3 } } });
  const admin = await makeAdmin(server, "root@example.com");
  cli = cliFor(server, { token: admin.token });
});
afterAll(async () => {
  cli.cleanup();
  await server.close();
});

const signIn = (email: string, password: string) => server.request("POST", "/sign-in/email", { body: { email, password } });

describe("auth admin users unlock", () => {
  it("unlocks a locked user by email, who can then sign in", async () => {
    await server.signUp({ email: "ada@example.com", password: "ada password" });
    for (let i = 0; i < 3; i++) await signIn("ada@example.com", "wrong");
    expect((await signIn("ada@example.com", "ada password")).status).toBe(429);

    const unlocked = await cli.run(["admin", "users", "unlock", "ada@example.com", "--json"]);
    expect(unlocked.code).toBe(0);
    expect(unlocked.json().user).toMatchObject({ email: "ada@example.com", failedSignInCount: 0, lockedUntil: null });
    expect((await signIn("ada@example.com", "ada password")).status).toBe(200);
  });

  it("lists only the users locked now with --locked, and refuses it beside --filter-field", async () => {
    await server.signUp({ email: "cat@example.com", password: "cat password" });
    await server.signUp({ email: "dan@example.com", password: "dan password" });
    for (let i = 0; i < 3; i++) await signIn("cat@example.com", "wrong");
    await signIn("dan@example.com", "wrong"); // one failure: counted, not locked
    const listed = await cli.run(["admin", "users", "list", "--locked", "--json"]);
    expect(listed.code).toBe(0);
    expect(listed.json().users.map((user: { email: string }) => user.email)).toEqual(["cat@example.com"]);
    // A lock that has ended (the CLI compares with its own clock, as the console does).
    await server.database.db.updateTable("user").set({ lockedUntil: Date.now() - 1000 }).where("email", "=", "cat@example.com").execute();
    const later = await cli.run(["admin", "users", "list", "--locked", "--json"]);
    expect(later.json().users).toEqual([]);
    const both = await cli.run(["admin", "users", "list", "--locked", "--filter-field", "role", "--filter-value", "admin"]);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain("--locked is a filter of its own");
  });

  it("prints JSON off a terminal, and fails with exit 5 for an unknown user", async () => {
    await server.signUp({ email: "bob@example.com", password: "bob password" });
    await signIn("bob@example.com", "wrong");
    const text = await cli.run(["admin", "users", "unlock", "bob@example.com"]);
    expect(text.code).toBe(0);
    expect(JSON.parse(text.stdout).user).toMatchObject({ email: "bob@example.com", failedSignInCount: 0 });
    const missing = await cli.run(["admin", "users", "unlock", "nobody@example.com"]);
    expect(missing.code).toBe(5);
  });
});
