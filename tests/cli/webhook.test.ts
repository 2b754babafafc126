/**
 * `auth webhooks …` (issue 38) against a real server and a real receiver that verifies each
 * delivery with `standardwebhooks`: create prints {id, secret} once, test sends webhook.test,
 * deliveries lists each try, redeliver sends again under the same webhook-id, rotate-secret
 * answers a new secret while the old one still signs, disable/update/delete, and a typo in an
 * event selector is refused with its typed error. `--url` after create|update is the endpoint's
 * address (the server's before the command).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import { startReceiver, verifyWith, type Receiver } from "../server/webhook/receiver.js";
import { endpointUrlFlag } from "../../cli/endpoint-url-flag.js";
import { cliFor, makeAdmin, type Cli } from "./harness.js";

let server: TestServer;
let cli: Cli;
let receiver: Receiver;

beforeAll(async () => {
  server = await startTestServer();
  const admin = await makeAdmin(server, "hooks-root@example.com");
  cli = cliFor(server, { token: admin.token });
  receiver = await startReceiver();
});
afterAll(async () => {
  cli.cleanup();
  await server.close();
  await receiver.close();
});

describe("auth webhooks", () => {
  it("creates, tests, lists deliveries, redelivers, rotates, disables and deletes an endpoint", async () => {
    const created = await cli.run(["webhooks", "create", "--url", receiver.url, "--events", "user.sign-up,user.ban", "--json"]);
    expect(created.code, created.stderr).toBe(0);
    const { id, secret } = created.json() as { id: string; secret: string };
    expect(secret).toMatch(/^whsec_/);
    receiver.secrets = [secret];

    const listed = await cli.run(["webhooks", "list", "--json"]);
    expect(listed.stdout).not.toContain(secret);
    expect(listed.json().endpoints[0]).toMatchObject({ id, events: ["user.sign-up", "user.ban"], disabled: false, failing: false });

    const tested = await cli.run(["webhooks", "test", id, "--json"]);
    expect(tested.code, tested.stderr).toBe(0);
    const deliveryId = tested.json().delivery.id as string;
    await receiver.waitFor((all) => all.some((r) => r.id === deliveryId && r.verified?.type === "webhook.test"));

    const log = await cli.run(["webhooks", "deliveries", id, "--json"]);
    expect(log.code, log.stderr).toBe(0);
    await expect.poll(async () => (await cli.run(["webhooks", "deliveries", id, "--json"])).json().deliveries[0].status, { timeout: 20_000 }).toBe("delivered");
    const table = await cli.run(["webhooks", "deliveries", id]);
    expect(table.stdout).toContain(deliveryId);
    expect(table.stdout).toContain("204");

    const redelivered = await cli.run(["webhooks", "redeliver", deliveryId]);
    expect(redelivered.code, redelivered.stderr).toBe(0);
    await receiver.waitFor((all) => all.filter((r) => r.id === deliveryId).length >= 2);

    const rotated = await cli.run(["webhooks", "rotate-secret", id, "--json"]);
    expect(rotated.code, rotated.stderr).toBe(0);
    const fresh = rotated.json().secret as string;
    expect(fresh).not.toBe(secret);
    expect(rotated.json().previousSecretUntil).not.toBeNull();
    const second = (await cli.run(["webhooks", "test", id, "--json"])).json().delivery.id as string;
    const [got] = (await receiver.waitFor((all) => all.some((r) => r.id === second))).filter((r) => r.id === second);
    expect(verifyWith(secret, got!)?.type).toBe("webhook.test");
    expect(verifyWith(fresh, got!)?.type).toBe("webhook.test");

    expect((await cli.run(["webhooks", "disable", id])).code).toBe(0);
    expect((await cli.run(["webhooks", "list", "--json"])).json().endpoints[0].disabled).toBe(true);
    const enabled = await cli.run(["webhooks", "update", id, "--enable", "--events", "user.*", "--json"]);
    expect(enabled.json().endpoint).toMatchObject({ disabled: false, events: ["user.*"] });
    expect((await cli.run(["webhooks", "delete", id, "--yes"])).code).toBe(0);
    expect((await cli.run(["webhooks", "list", "--json"])).json().endpoints).toEqual([]);
  });

  it("refuses an event selector that matches no audit action, and an update with nothing to change", async () => {
    const typo = await cli.run(["webhooks", "create", "--url", receiver.url, "--events", "user.sigup", "--json"]);
    expect(typo.code).not.toBe(0);
    expect(typo.stderr + typo.stdout).toContain("WEBHOOK_UNKNOWN_EVENT");
    const nothing = await cli.run(["webhooks", "update", "ep_x"]);
    expect(nothing.code).toBe(2);
    const noUrl = await cli.run(["webhooks", "create", "--events", "*"]);
    expect(noUrl.code).toBe(2);
    expect(noUrl.stderr).toContain("--url");
  });

  it("takes --url after create|update as the endpoint's address, one before the command as the server's, and --endpoint-url as an alias", async () => {
    const created = await cli.run(["webhooks", "create", "--url", receiver.url, "--events", "user.ban", "--json"]);
    expect(created.code, created.stderr).toBe(0);
    const { id } = created.json() as { id: string };
    expect(created.json().endpoint.url).toBe(receiver.url);
    // A --url before the command is the server's (the token guard names it as the server), the one after create the endpoint's.
    const rooted = await cli.run(["--url", server.url, "webhooks", "create", "--url", receiver.url, "--events", "user.ban", "--json"], { env: { AUTH_URL: undefined } });
    expect(rooted.stderr).toContain(`--url names ${server.url}`);
    expect(rooted.stderr).not.toContain(receiver.url);

    const moved = `${receiver.url}moved`;
    const updated = await cli.run(["webhooks", "update", id, `--url=${moved}`, "--json"]);
    expect(updated.code, updated.stderr).toBe(0);
    expect(updated.json().endpoint.url).toBe(moved);

    const aliased = await cli.run(["webhooks", "update", id, "--endpoint-url", receiver.url, "--json"]);
    expect(aliased.json().endpoint.url).toBe(receiver.url);

    // Every other command keeps --url as the server's address.
    const listed = await cli.run(["webhooks", "list", "--url", server.url, "--json"], { env: { AUTH_URL: undefined } });
    expect(listed.stderr).toContain(`--url names ${server.url}`);
    expect((await cli.run(["webhooks", "delete", id, "--yes"])).code).toBe(0);
  });
});

// `--url` after `webhooks create|update` is the endpoint's address; elsewhere it stays the server's.
const line = (...words: string[]) => ["node", "auth", ...words];

describe("endpointUrlFlag", () => {
  it("renames --url and --url= after webhooks create and update", () => {
    expect(endpointUrlFlag(line("webhooks", "create", "--url", "http://e", "--events", "*"))).toEqual(line("webhooks", "create", "--endpoint-url", "http://e", "--events", "*"));
    expect(endpointUrlFlag(line("webhooks", "update", "ep_1", "--url=http://e"))).toEqual(line("webhooks", "update", "ep_1", "--endpoint-url=http://e"));
  });

  it("leaves a server --url before the command, and root options with values, alone", () => {
    expect(endpointUrlFlag(line("--url", "http://s", "webhooks", "create", "--url", "http://e"))).toEqual(line("--url", "http://s", "webhooks", "create", "--endpoint-url", "http://e"));
    expect(endpointUrlFlag(line("--profile", "webhooks", "admin", "users", "list", "--url", "http://s"))).toEqual(line("--profile", "webhooks", "admin", "users", "list", "--url", "http://s"));
  });

  it("leaves every other command, the other webhooks commands and words after -- alone", () => {
    for (const words of [
      ["admin", "users", "list", "--url", "http://s"],
      ["webhooks", "list", "--url", "http://s"],
      ["webhooks", "test", "ep_1", "--url", "http://s"],
      ["sessions", "revoke", "webhooks", "create", "--url", "http://s"],
    ])
      expect(endpointUrlFlag(line(...words))).toEqual(line(...words));
    expect(endpointUrlFlag(line("webhooks", "update", "ep_1", "--url", "http://e", "--", "--url"))).toEqual(line("webhooks", "update", "ep_1", "--endpoint-url", "http://e", "--", "--url"));
  });
});
