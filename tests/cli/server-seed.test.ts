/**
 * `auth server seed` as a real process (issue 39): prints the personas, refuses a database that
 * already has users (unless --force), refuses NODE_ENV=production, and names what is wrong in a
 * team's own scenario file. The personas' behaviour against the API: tests/server/server/seed.test.ts.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.js";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "latchkey-seed-"));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const seed = (args: string[], env: Record<string, string> = {}) => runCli(["server", "seed", ...args], { env: { AUTH_SECRET: "seed-test-secret-seed-test-secret-0001", ...env }, timeoutMs: 60_000 });

describe("auth server seed", () => {
  it("prints every persona with --json, the same emails, passwords and TOTP secret each time, and refuses to seed twice without --force", async () => {
    const db = join(dir, "qa.db");
    const first = await seed(["--scenario", "qa", "--db", db, "--json"]);
    expect(first.code, first.stderr).toBe(0);
    const printed = JSON.parse(first.stdout);
    expect(printed.personas).toHaveLength(11);
    expect(printed.personas.find((p: { state: string }) => p.state === "two-factor")).toMatchObject({ email: "two-factor@qa.example.com", password: "qa-two-factor-pass", totpSecret: "LATCHKEYQATWOFACTORSEEDABCDEFGH2" });
    expect(printed.mails).toBe(3);

    const again = await seed(["--scenario", "qa", "--db", db]);
    expect(again.code).toBe(6);
    expect(again.stderr).toContain("--force");

    const forced = await seed(["--scenario", "qa", "--db", db, "--force", "--json"]);
    expect(forced.code, forced.stderr).toBe(0);
    const reprinted = JSON.parse(forced.stdout);
    const shape = (personas: Array<{ email: string; password: string; state: string; totpSecret?: string }>) => personas.map(({ email, password, state, totpSecret }) => ({ email, password, state, totpSecret }));
    expect(shape(reprinted.personas)).toEqual(shape(printed.personas));
  });

  it("seeds the smaller demo scenario", async () => {
    const result = await seed(["--scenario", "demo", "--db", join(dir, "demo.db"), "--json"]);
    expect(result.code, result.stderr).toBe(0);
    const printed = JSON.parse(result.stdout);
    expect(printed.personas.map((p: { email: string }) => p.email)).toContain("olivia@northwind.example.com");
    expect(printed.organizations[0]).toMatchObject({ name: "Northwind Coffee", teams: ["Roastery", "Café"] });
  });

  it("refuses with NODE_ENV=production before opening the database", async () => {
    const result = await seed(["--scenario", "qa", "--db", join(dir, "prod.db")], { NODE_ENV: "production" });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("NODE_ENV=production");
  });

  it("names each mistake of a custom scenario file by its field", async () => {
    const file = join(dir, "mine.json");
    writeFileSync(file, JSON.stringify({ name: "mine", personas: [{ email: "a@example.com", name: "A", password: "long-enough", state: "two-factor" }, { email: "b@example.com", name: "B", password: "long-enough", state: "sleepy" }] }));
    const result = await seed(["--scenario", file, "--db", join(dir, "mine.db")]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("personas.0.totpSecret");
    expect(result.stderr).toContain("personas.1.state");
    const missing = await seed(["--scenario", "./nowhere.json", "--db", join(dir, "mine.db")]);
    expect(missing.stderr).toContain("no such file");
  });
});
