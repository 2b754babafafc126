/** auth org … / auth invitations … / auth sessions … / auth account … against a real server. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import { cliFor, type Cli } from "./harness.js";
import { signedIn } from "../helpers/signed-in.js";

let server: TestServer;
let owner: Cli;
let ada: Cli;
let adaAccount: Awaited<ReturnType<TestServer["signUp"]>>;

beforeAll(async () => {
  server = await startTestServer();
  const ownerAccount = await server.signUp({ email: "owner@example.com", name: "Owner" });
  adaAccount = await server.signUp({ email: "ada@example.com", name: "Ada" });
  // Inviting and answering invitations need verified addresses (issues 19, 27).
  await server.verifyEmail(ownerAccount.email);
  await server.verifyEmail(adaAccount.email);
  // Both log in through the CLI so profiles (and `org use`) are exercised.
  owner = cliFor(server);
  ada = cliFor(server);
  expect((await owner.run(["login", "--email", ownerAccount.email, "--password-stdin"], { input: ownerAccount.password })).code).toBe(0);
  expect((await ada.run(["login", "--email", adaAccount.email, "--password-stdin"], { input: adaAccount.password })).code).toBe(0);
});
afterAll(async () => {
  owner.cleanup();
  ada.cleanup();
  await server.close();
});

describe("auth org", () => {
  it("creates, lists, uses, gets and updates an organization", async () => {
    const created = await owner.run(["org", "create", "--name", "Acme Corp", "--metadata", '{"plan":"pro"}', "--json"]);
    expect(created.code).toBe(0);
    expect(created.json().organization).toMatchObject({ name: "Acme Corp", slug: "acme-corp", metadata: { plan: "pro" } });
    expect((await owner.run(["org", "create", "--name", "Acme Corp"])).code).toBe(6);
    expect((await owner.run(["org", "create", "--name", "Beta", "--keep-active"])).code).toBe(0);

    const list = (await owner.run(["org", "list", "--json"])).json();
    expect(list.map((o: { slug: string }) => o.slug).sort()).toEqual(["acme-corp", "beta"]);

    const use = await owner.run(["org", "use", "beta", "--json"]);
    expect(use.json().organization.slug).toBe("beta");
    expect((await owner.run(["whoami", "--json"])).json().session.activeOrganizationId).toBe(use.json().organization.id);
    expect((await owner.run(["org", "get", "--json"])).json().organization.slug).toBe("beta");
    expect((await owner.run(["org", "use", "acme-corp"])).code).toBe(0);

    const full = (await owner.run(["org", "get", "acme-corp", "--json"])).json().organization;
    expect(full.members).toHaveLength(1);
    expect(full.members[0]).toMatchObject({ role: "owner", user: { email: "owner@example.com" } });

    const updated = await owner.run(["org", "update", "--name", "Acme Inc", "--json"]);
    expect(updated.json().organization).toMatchObject({ name: "Acme Inc", slug: "acme-corp" });
    expect((await owner.run(["org", "update"])).code).toBe(2);
    expect((await owner.run(["org", "update", "--metadata", "[1]"])).code).toBe(2);
  });

  it("invites into a team; the invitee lists and accepts; members and teams are managed by email and name", async () => {
    expect((await owner.run(["org", "teams", "create", "Support", "--json"])).json().team.name).toBe("Support");
    const invite = await owner.run(["org", "invite", "ada@example.com", "--role", "admin", "--team", "Support", "--json"]);
    expect(invite.code).toBe(0);
    const invitation = invite.json().invitation;
    expect(invitation).toMatchObject({ email: "ada@example.com", role: "admin", status: "pending" });
    expect((await owner.run(["org", "invitations", "list", "--jsonl"])).lines().map((i) => i.id)).toEqual([invitation.id]);

    const mine = (await ada.run(["invitations", "list", "--json"])).json();
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ id: invitation.id, organizationName: "Acme Inc" });
    const accepted = await ada.run(["invitations", "accept", invitation.id, "--json"]);
    expect(accepted.code).toBe(0);
    expect(accepted.json().member).toMatchObject({ role: "admin", userId: adaAccount.userId });
    expect((await ada.run(["invitations", "accept", invitation.id])).code).not.toBe(0);

    const members = (await owner.run(["org", "members", "list", "--json"])).json();
    expect(members.total).toBe(2);
    const role = await owner.run(["org", "members", "set-role", "ada@example.com", "member", "--json"]);
    expect(role.json().member.role).toBe("member");

    expect((await owner.run(["org", "teams", "add-member", "Support", "ada@example.com", "--json"])).code).toBe(0);
    expect((await owner.run(["org", "teams", "list", "--jsonl"])).lines().some((t) => t.name === "Support")).toBe(true);
    const renamed = await owner.run(["org", "teams", "update", "Support", "--name", "Help", "--json"]);
    expect(renamed.json().team.name).toBe("Help");
    const out = await owner.run(["org", "teams", "remove-member", "Help", "ada@example.com", "--yes", "--json"]);
    expect(out.json()).toMatchObject({ userId: adaAccount.userId });
    expect((await owner.run(["org", "teams", "remove", "Help", "--yes", "--json"])).code).toBe(0);
    expect((await owner.run(["org", "teams", "remove", "Nope", "--yes"])).code).toBe(5);

    // A plain member may not invite: exit 4.
    const forbidden = await ada.run(["org", "invite", "eve@example.com", "--role", "member", "--org", "acme-corp"]);
    expect(forbidden.code).toBe(4);
    // Refused by the shared permission checker before any confirmation is asked for.
    const remove = await ada.run(["org", "members", "remove", "owner@example.com", "--org", "acme-corp"]);
    expect(remove.code).toBe(4);
    expect(remove.stderr).toContain("Your role (member) does not allow you to remove members");
    expect(remove.stderr).not.toContain("--yes");
  });

  it("rejects and cancels invitations", async () => {
    const bob = await server.signUp({ email: "bob@example.com" });
    await server.verifyEmail(bob.email);
    const first = (await owner.run(["org", "invite", "bob@example.com", "--role", "member", "--json"])).json().invitation;
    const rejected = await owner.run(["invitations", "reject", first.id, "--json"], { token: bob.token });
    expect(rejected.json().invitation.status).toBe("rejected");
    const second = (await owner.run(["org", "invite", "bob@example.com", "--role", "member", "--json"])).json().invitation;
    expect((await owner.run(["org", "invitations", "cancel", second.id])).code).toBe(2);
    const canceled = await owner.run(["org", "invitations", "cancel", second.id, "--yes", "--json"]);
    expect(canceled.json().invitation.status).toBe("canceled");
  });

  it("removes members, lets members leave, refuses the only owner, and deletes", async () => {
    const bob = await server.signUp({ email: "carl@example.com" });
    await server.verifyEmail(bob.email);
    const inv = (await owner.run(["org", "invite", "carl@example.com", "--role", "member", "--json"])).json().invitation;
    await server.client(bob.token).acceptInvitation({ invitationId: inv.id });
    const removed = await owner.run(["org", "members", "remove", "carl@example.com", "--yes", "--json"]);
    expect(removed.json().member.userId).toBe(bob.userId);
    expect((await owner.run(["org", "members", "remove", "carl@example.com", "--yes"])).code).toBe(5);

    const left = await ada.run(["org", "leave", "acme-corp", "--yes", "--json"]);
    expect(left.code).toBe(0);
    expect(left.json().member.userId).toBe(adaAccount.userId);
    const only = await owner.run(["org", "leave", "acme-corp", "--yes"]);
    expect(only.code).not.toBe(0);
    expect(only.stderr).toContain("ONLY_OWNER");

    expect((await owner.run(["org", "delete", "beta"])).code).toBe(2);
    const deleted = await owner.run(["org", "delete", "beta", "--yes", "--json"]);
    expect(deleted.json().organization.slug).toBe("beta");
    expect((await owner.run(["org", "list", "--json"])).json().map((o: { slug: string }) => o.slug)).toEqual(["acme-corp"]);
  });
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
    // Ada verified her address to take part in organizations; Una never did.
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
