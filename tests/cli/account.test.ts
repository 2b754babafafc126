/** auth sessions … / auth account … against a real server. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import { cliFor, type Cli } from "./harness.js";
import { signedIn } from "../helpers/signed-in.js";

let server: TestServer;
let ada: Cli;
let adaAccount: Awaited<ReturnType<TestServer["signUp"]>>;

beforeAll(async () => {
  server = await startTestServer();
  // The owner's address is taken: changing Una's email to it is refused.
  await server.signUp({ email: "owner@example.com", name: "Owner" });
  adaAccount = await server.signUp({ email: "ada@example.com", name: "Ada" });
  await server.verifyEmail(adaAccount.email);
  ada = cliFor(server);
  expect((await ada.run(["login", "--email", adaAccount.email, "--password-stdin"], { input: adaAccount.password })).code).toBe(0);
});
afterAll(async () => {
  ada.cleanup();
  await server.close();
});

describe("auth sessions and auth account", () => {
  it("lists own sessions marking the current one, revokes one and the others", async () => {
    const extra = await server.client().signInEmail({ email: adaAccount.email, password: adaAccount.password });
    const third = await server.client().signInEmail({ email: adaAccount.email, password: adaAccount.password });
    const list = (await ada.run(["sessions", "list", "--json"])).json() as Array<{ token: string; current: boolean }>;
    expect(list.length).toBeGreaterThanOrEqual(4);
    expect(list.filter((s) => s.current)).toHaveLength(1);
    const victim = list.find((s) => !s.current)!;
    expect((await ada.run(["sessions", "revoke", victim.token, "--yes", "--json"])).json()).toEqual({ status: true });
    expect((await ada.run(["sessions", "list", "--jsonl"])).lines()).toHaveLength(list.length - 1);

    expect((await ada.run(["sessions", "revoke-others"])).code).toBe(2);
    expect((await ada.run(["sessions", "revoke-others", "--yes", "--json"])).json()).toEqual({ status: true });
    expect(await server.client(signedIn(extra).token).getSession()).toBeNull();
    expect(await server.client(signedIn(third).token).getSession()).toBeNull();
    const now = (await ada.run(["sessions", "list", "--json"])).json();
    expect(now).toHaveLength(1);
    expect(now[0].current).toBe(true);
  });

  it("shows and updates the account", async () => {
    const show = (await ada.run(["account", "show", "--json"])).json();
    expect(show.user.email).toBe("ada@example.com");
    expect(show.accounts.map((a: { providerId: string }) => a.providerId)).toEqual(["credential"]);
    const update = await ada.run(["account", "update", "--name", "Ada Lovelace", "--json"]);
    expect(update.json()).toMatchObject({ status: true, user: { name: "Ada Lovelace" } });
    expect((await ada.run(["account", "update"])).code).toBe(2);
  });

  it("changes the password from stdin, keeps the profile signed in, and refuses a wrong current password", async () => {
    const wrong = await ada.run(["account", "change-password", "--password-stdin"], { input: "not-it-at-all\nnew-password-22\n" });
    expect(wrong.code).not.toBe(0);
    expect(wrong.stderr).toContain("INVALID_PASSWORD");
    const changed = await ada.run(["account", "change-password", "--password-stdin", "--revoke-other-sessions", "--json"], { input: `${adaAccount.password}\nnew-password-22\n` });
    expect(changed.code).toBe(0);
    expect(changed.json()).toMatchObject({ status: true, user: { email: "ada@example.com" } });
    expect((await ada.run(["whoami"])).code).toBe(0);
    const signIn = await server.client().signInEmail({ email: "ada@example.com", password: "new-password-22" });
    expect(signedIn(signIn).user.id).toBe(adaAccount.userId);
    expect((await ada.run(["account", "change-password", "--password-stdin"], { input: "only-one-line\n" })).code).toBe(2);
  });

  it("changes the email of an unverified account at once", async () => {
    // Ada verified her address; Una never did.
    const unaAccount = await server.signUp({ email: "una@example.com", name: "Una" });
    const una = cliFor(server);
    try {
      expect((await una.run(["login", "--email", unaAccount.email, "--password-stdin"], { input: unaAccount.password })).code).toBe(0);
      const result = await una.run(["account", "change-email", "una@new.example.com", "--json"]);
      expect(result.code).toBe(0);
      expect(result.json()).toMatchObject({ status: true, newEmail: "una@new.example.com" });
      expect((await una.run(["whoami", "--json"])).json().user.email).toBe("una@new.example.com");
      expect((await una.run(["account", "change-email", "owner@example.com"])).code).not.toBe(0);
    } finally {
      una.cleanup();
    }
  });
});
