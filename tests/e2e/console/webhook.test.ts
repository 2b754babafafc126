/**
 * Administration → Webhooks (issue 38): the endpoints with their state, the delivery log with its
 * filters, each delivery's payload (readable while its receiver is offline), and a redeliver
 * button that sends a delivery to an endpoint that was offline once it answers again at its
 * address — by role and label, axe-checked, with the screenshot the README shows.
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
    const offlineCreated = await server.request("POST", "/admin/webhooks/create", { token: api.token, body: { url: offlineUrl, events: ["user.sign-up"] } });
    expect(offlineCreated.status, offlineCreated.text).toBe(200);
    const offlineSecret = offlineCreated.body.secret as string;
    const grace = await server.signUp({ email: "grace@example.com", name: "Grace" });
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
    // The offline endpoint's sign-up: tried already and refused, still pending.
    const offlineRow = log.getByRole("row").filter({ hasText: offlineUrl });
    await expect.poll(() => offlineRow.count(), SLOW).toBe(1);
    await expect.poll(async () => (await offlineRow.textContent()) ?? "", SLOW).toMatch(/Pending.*\d+ tr(?:y|ies), last: .+ \(\d+ ms\)/);

    // Offline capture (issue 38 item 4): the payload is there to read while the receiver is down.
    const toggle = offlineRow.getByRole("button", { name: "Payload", exact: true });
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    await toggle.click();
    expect(await toggle.getAttribute("aria-expanded")).toBe("true");
    const payload = log.getByLabel(/^Payload of user\.sign-up/);
    await payload.waitFor(SLOW);
    const shown = JSON.parse((await payload.textContent()) ?? "") as { type: string; data: Record<string, unknown> };
    expect(shown.type).toBe("user.sign-up");
    expect(JSON.stringify(shown.data)).toContain(grace.userId);
    await expectAccessible(page, "webhooks, a payload open");
    await screenshot(page, "webhooks");

    // Only the pending ones: that same delivery.
    const filter = page.getByRole("form", { name: "Filter deliveries" });
    await filter.getByLabel("Status").selectOption({ label: "Pending" });
    await filter.getByRole("button", { name: "Show", exact: true }).click();
    await expect.poll(() => log.getByRole("row").count(), SLOW).toBe(2);
    const pending = log.getByRole("row").nth(1);
    expect(await pending.textContent()).toContain(offlineUrl);

    // The receiver is back at the same address: Redeliver sends it now, signed with the endpoint's secret.
    const back = await startReceiver({ port: Number(new URL(offlineUrl).port) });
    back.secrets = [offlineSecret];
    expect(back.url).toBe(offlineUrl);
    await pending.getByRole("button", { name: /^Redeliver user\.sign-up/ }).click();
    await page.getByText("Queued to be sent again now.").waitFor(SLOW);
    const arrived = await back.waitFor((all) => all.some((r) => r.verified?.type === "user.sign-up"));
    expect(JSON.parse(arrived.find((r) => r.verified?.type === "user.sign-up")!.body)).toEqual(shown);
    // The log shows it delivered.
    await filter.getByLabel("Status").selectOption({ label: "Delivered" });
    await filter.getByRole("button", { name: "Show", exact: true }).click();
    // The Pending list still on screen also names that endpoint: wait for its row to say Delivered.
    await expect.poll(async () => (await log.getByRole("row").filter({ hasText: offlineUrl }).allTextContents()).join(" | "), SLOW).toMatch(/Delivered/);
    await back.close();
    expect(errors).toEqual([]);
  });
});
