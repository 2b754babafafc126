/** Account mails kept in the outbox show up in `auth mail list` with their kind, url and token. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../../helpers/run-cli.js";
import { startTestServer, TEST_SECRET, type TestServer } from "../../helpers/test-server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ config: { user: { deleteRequiresConfirmation: true } } });
});
afterAll(async () => {
  await server.close();
});

describe("auth mail list with account mails", () => {
  it("shows reset-password, verify-email, change-email and delete-account mails with kind, url and token", async () => {
    const { email, token } = await server.signUp({ email: "outbox-cli@example.com" });
    await server.request("POST", "/forget-password", { body: { email } });
    await server.request("POST", "/send-verification-email", { body: { email } });
    await server.request("POST", "/delete-user", { token, body: {} });
    await server.database.db.updateTable("user").set({ emailVerified: 1 }).where("email", "=", email).execute();
    await server.request("POST", "/change-email", { token, body: { newEmail: "outbox-new@example.com" } });

    // The outbox is sealed under the server secret: the CLI reads it with the same one (#19).
    const withoutSecret = await runCli(["mail", "list", "--db", server.dbFile, "--json"], { env: { AUTH_SECRET: undefined } });
    expect(withoutSecret.code).toBe(2);
    expect(withoutSecret.stderr).toContain("AUTH_SECRET");
    const result = await runCli(["mail", "list", "--db", server.dbFile, "--json"], { env: { AUTH_SECRET: TEST_SECRET } });
    expect(result.code).toBe(0);
    const mails = JSON.parse(result.stdout) as Array<{ kind: string; to: string; url: string; token: string }>;
    const kinds = mails.map((m) => m.kind).sort();
    expect(kinds).toEqual(["change-email", "delete-account", "reset-password", "verify-email"]);
    for (const mail of mails) {
      expect(mail.url).toContain(mail.token);
      expect(mail.url.startsWith(server.api)).toBe(true);
    }
    const reset = mails.find((m) => m.kind === "reset-password")!;
    expect(reset.to).toBe(email);
    expect(reset.token).toMatch(/^[A-Za-z0-9]{24}$/);
    expect(mails.find((m) => m.kind === "change-email")!.to).toBe("outbox-new@example.com");

    const filtered = await runCli(["mail", "list", "--db", server.dbFile, "--kind", "reset-password", "--json"], { env: { AUTH_SECRET: TEST_SECRET } });
    expect(JSON.parse(filtered.stdout).map((m: { kind: string }) => m.kind)).toEqual(["reset-password"]);
  });
});
