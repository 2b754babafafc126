/**
 * Administration → Webhooks (issue 38): the endpoints with their state, the delivery log with its
 * filters, and a redeliver button that sends a delivery to an endpoint that was offline once it
 * answers again — by role and label, axe-checked, with the screenshot the README shows.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, screenshot, startConsole, watchPageErrors, type ConsoleHarness } from "../../helpers/console.js";
import { signUpAdmin } from "../../server/admin/admin-helpers.js";
import { startReceiver, type Receiver } from "../../server/webhook/receiver.js";

const SLOW = { timeout: 20_000 };

let harness: ConsoleHarness;
let receiver: Receiver;
beforeAll(async () => {
  harness = await startConsole();
  receiver = await startReceiver();
});
afterAll(async () => {
  await harness?.close();
  await receiver?.close();
});

describe("webhooks page", { timeout: 180_000 }, () => {
  it("lists endpoints and deliveries, filters the log, and redelivers to an endpoint that was offline", async () => {
    const server = harness.server;
    const api = await signUpAdmin(server, { email: "hooks-api@example.com" });
    const create = async (url: string, events: string[]) => {
      const created = await server.request("POST", "/admin/webhooks/create", { token: api.token, body: { url, events } });
      expect(created.status, created.text).toBe(200);
      return created.body.endpoint.id as string;
    };
    await create(receiver.url, ["user.*"]);
    const offline = await startReceiver();
    const offlineUrl = offline.url;
    await offline.close();
    const offlineId = await create(offlineUrl, ["user.sign-up"]);
    await server.signUp({ email: "grace@example.com", name: "Grace" });
    await receiver.waitFor((all) => all.length >= 1);

    const admin = await harness.createAdmin();
    const { page } = await harness.newPage({ as: admin });
    const errors = watchPageErrors(page);
    await page.goto(`${harness.consoleURL}/admin/webhooks`);
    const endpoints = page.getByRole("table", { name: "Webhook endpoints" });
    await endpoints.waitFor(SLOW);
    expect(await endpoints.textContent()).toContain(receiver.url);
    expect(await endpoints.textContent()).toContain("user.*");

    const log = page.getByRole("table", { name: "Deliveries, newest first" });
    await expect.poll(async () => (await log.textContent()) ?? "", SLOW).toContain("Delivered");
    await expect.poll(async () => (await log.textContent()) ?? "", SLOW).toContain("Pending");
    await expectAccessible(page, "webhooks");
    await screenshot(page, "webhooks");

    // Only the pending ones: the offline endpoint's sign-up.
    const filter = page.getByRole("form", { name: "Filter deliveries" });
    await filter.getByLabel("Status").selectOption({ label: "Pending" });
    await filter.getByRole("button", { name: "Show", exact: true }).click();
    await expect.poll(() => log.getByRole("row").count(), SLOW).toBe(2);
    expect(await log.textContent()).toContain(offlineUrl);

    // The receiver is back at that address: redeliver sends it now.
    const back = await startReceiver();
    await server.request("POST", "/admin/webhooks/update", { token: api.token, body: { id: offlineId, url: back.url } });
    await log.getByRole("button", { name: /^Redeliver user\.sign-up/ }).click();
    await page.getByText("Queued to be sent again now.").waitFor(SLOW);
    await back.waitFor((all) => all.some((r) => r.body.includes('"user.sign-up"')));
    await back.close();
    expect(errors).toEqual([]);
  });
});
