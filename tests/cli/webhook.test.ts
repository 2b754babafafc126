/**
 * `auth webhooks …` (issue 38) against a real server and a real receiver that verifies each
 * delivery with `standardwebhooks`: create prints {id, secret} once, test sends webhook.test,
 * deliveries lists each try, redeliver sends again under the same webhook-id, rotate-secret
 * answers a new secret while the old one still signs, disable/update/delete, and a typo in an
 * event selector is refused with its typed error.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import { startReceiver, verifyWith, type Receiver } from "../server/webhook/receiver.js";
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
    const created = await cli.run(["webhooks", "create", "--endpoint-url", receiver.url, "--events", "user.sign-up,user.ban", "--json"]);
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
    const typo = await cli.run(["webhooks", "create", "--endpoint-url", receiver.url, "--events", "user.sigup", "--json"]);
    expect(typo.code).not.toBe(0);
    expect(typo.stderr + typo.stdout).toContain("WEBHOOK_UNKNOWN_EVENT");
    const nothing = await cli.run(["webhooks", "update", "ep_x"]);
    expect(nothing.code).toBe(2);
  });
});
