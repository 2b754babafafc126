/**
 * The audit page's tamper evidence (issue 38): "Verify the chain" says an intact log is intact and
 * names the row someone edited in the database; "Export signed" downloads the JSON lines and their
 * detached signature, which check with jose against the server's published /jwks. By role and
 * label, axe-checked, with the screenshot the README shows.
 */
import { readFile } from "node:fs/promises";
import { base64url, createRemoteJWKSet, flattenedVerify } from "jose";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeToasts, expectAccessible, screenshot, startConsole, watchPageErrors, type ConsoleHarness } from "../../helpers/console.js";

/** Two cores shared with other suites: give the UI time. */
const SLOW = { timeout: 30_000 };

let harness: ConsoleHarness;
beforeAll(async () => {
  // Signed exports need /jwks published (docs/audit.md).
  harness = await startConsole({ config: { jwt: { enabled: true } } });
});
afterAll(async () => {
  await harness?.close();
});

/** A datetime-local value (the browser's local time, same machine as the test). */
function localInput(ms: number): string {
  const date = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** Clicks a download button and answers the file's name and bytes. */
async function download(page: Page, name: string): Promise<{ fileName: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent("download", SLOW), page.getByRole("button", { name }).click()]);
  const path = await file.path();
  return { fileName: file.suggestedFilename(), bytes: await readFile(path) };
}

describe("audit log tamper evidence in the console", { timeout: 240_000 }, () => {
  it("verifies an intact chain, names an edited row, and exports a signed range that checks against /jwks", async () => {
    const server = harness.server;
    const victim = await server.signUp({ email: "chain-victim@example.com", name: "Chain Victim" });
    await server.signUp({ email: "chain-bystander@example.com" });
    const admin = await harness.createAdmin({ email: "chain-admin@example.com" });
    const { page } = await harness.newPage({ as: admin });
    const errors = watchPageErrors(page);
    await server.app.context.audit.flush();

    await page.goto(`${harness.consoleURL}/admin/audit`);
    const integrity = page.getByRole("region", { name: "Tamper evidence" });
    await integrity.waitFor(SLOW);
    // Closed at first, so the log stays on top; a disclosure opens it from the keyboard.
    expect(await integrity.getByRole("button", { name: "Verify the chain" }).isVisible()).toBe(false);
    await integrity.locator("summary", { hasText: "Verify the chain, export signed" }).focus();
    await page.keyboard.press("Enter");

    // An intact log says so, in words: how many rows, from where.
    await integrity.getByRole("button", { name: "Verify the chain" }).click();
    const verdict = integrity.getByRole("status").filter({ hasText: "Intact" });
    await verdict.waitFor(SLOW);
    const intact = (await verdict.textContent()) ?? "";
    const checked = Number(/unbroken: (\d+) events? checked/.exec(intact)?.[1]);
    expect(checked, intact).toBeGreaterThanOrEqual(4);
    expect(intact).toContain("Checked from the first event.");
    await expectAccessible(page, "audit log, chain verified");

    const exportForm = integrity.getByRole("form", { name: "Export signed" });
    // A range with nothing in it says so instead of offering empty files.
    await exportForm.getByLabel("Start").fill(localInput(server.clock.now() - 30 * 24 * 3600_000));
    await exportForm.getByLabel("End").fill(localInput(server.clock.now() - 29 * 24 * 3600_000));
    await exportForm.getByRole("button", { name: "Export signed" }).click();
    await exportForm.getByText(/^No events between .+: nothing to export\.$/).waitFor(SLOW);
    expect(await exportForm.getByRole("button", { name: "Download the events (.jsonl)" }).count()).toBe(0);
    // A start after the end is refused before asking the server.
    await exportForm.getByLabel("Start").fill(localInput(server.clock.now()));
    await exportForm.getByLabel("End").fill(localInput(server.clock.now() - 3600_000));
    await exportForm.getByRole("button", { name: "Export signed" }).click();
    await exportForm.getByText("The export's start must be before its end.").waitFor(SLOW);
    expect(await exportForm.getByText(/^No events between/).count()).toBe(0);

    // Export signed: the range's JSON lines and the detached signature, as two files.
    await exportForm.getByLabel("Start").fill(localInput(server.clock.now() - 3600_000));
    await exportForm.getByLabel("End").fill(localInput(server.clock.now() + 3600_000));
    await exportForm.getByRole("button", { name: "Export signed" }).click();
    const exported = exportForm.getByRole("status").filter({ hasText: "signed with key" });
    await exported.waitFor(SLOW);
    expect(await exportForm.getByText("The export's start must be before its end.").count()).toBe(0);
    const events = await download(page, "Download the events (.jsonl)");
    const signature = await download(page, "Download the signature (.jws)");
    expect(events.fileName).toMatch(/^latchkey-audit-\d{8}T\d{4}Z-\d{8}T\d{4}Z\.jsonl$/);
    expect(signature.fileName).toBe(`${events.fileName}.jws`);
    const lines = events.bytes.toString("utf8").trimEnd().split("\n").map((line) => JSON.parse(line) as { id: string; action: string; actorId: string | null; chainIndex: number });
    expect((await exported.textContent()) ?? "").toContain(`${lines.length} event`);
    expect(lines.some((line) => line.action === "user.sign-up" && line.actorId === victim.userId)).toBe(true);

    // Anyone holding the published JWKS can check the files, and one changed byte fails.
    const [header, empty, sig] = signature.bytes.toString("utf8").trim().split(".");
    expect(empty).toBe("");
    const jwks = createRemoteJWKSet(new URL(`${server.api}/jwks`));
    const checkedExport = await flattenedVerify({ protected: header!, payload: base64url.encode(events.bytes), signature: sig! }, jwks);
    expect(checkedExport.protectedHeader?.typ).toBe("latchkey-audit-export");
    const tampered = Buffer.from(events.bytes);
    tampered[10] = tampered[10] === 0x41 ? 0x42 : 0x41;
    await expect(flattenedVerify({ protected: header!, payload: base64url.encode(tampered), signature: sig! }, jwks)).rejects.toThrow();

    // Someone with database access edits the victim's sign-up row: the page names that row.
    const row = await server.database.db.selectFrom("auditEvent").select(["id", "chainIndex", "createdAt"]).where("action", "=", "user.sign-up").where("actorId", "=", victim.userId).executeTakeFirstOrThrow();
    expect(row.chainIndex).not.toBeNull();
    await server.database.db.updateTable("auditEvent").set({ ipAddress: "198.51.100.66" }).where("id", "=", row.id).execute();
    await integrity.getByRole("button", { name: "Verify the chain" }).click();
    const broken = integrity.getByRole("alert").filter({ hasText: "Broken" });
    await broken.waitFor(SLOW);
    const text = (await broken.textContent()) ?? "";
    expect(text).toContain(`The chain breaks at position ${row.chainIndex}: the event “Signed up” of`);
    expect(text).toContain(`(id ${row.id}) was changed in the database, or moved.`);
    const before = Number(row.chainIndex) - 1;
    if (before > 0) expect(text).toContain(`${before} ${before === 1 ? "event" : "events"} before it check out.`);
    else expect(text).not.toContain("before it check out");
    expect(await broken.getByRole("definition").filter({ hasText: row.id }).count()).toBe(1);
    expect(await broken.locator("time").getAttribute("datetime")).toBe(new Date(Number(row.createdAt)).toISOString());
    await expectAccessible(page, "audit log, chain broken");
    await closeToasts(page);
    await screenshot(page, "audit-chain", { window: true });
    expect(errors).toEqual([]);
  });
});
