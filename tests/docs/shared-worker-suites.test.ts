/**
 * Issue 45 item 4: the server and browser suites (tests/server, tests/e2e) run without isolation
 * (vitest.config.ts, the "shared" project): one worker imports the server once and runs file
 * after file, instead of importing it anew per file, which was about half of a server file's CPU.
 * That is sound only while no such suite, nor a helper one loads, changes what the next file in
 * the same worker would see: module mocks, fake timers, spies, environment variables, globals, the
 * working folder. A file that needs one of those belongs in another folder (the isolated project).
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
/** vitest's globalSetup runs in vitest's own process, not in a worker. */
const ALLOWED = new Set(["tests/helpers/global-setup.ts"]);
const LEAKS = [
  /\bvi\.(?:mock|doMock|unmock|stubEnv|stubGlobal|useFakeTimers|spyOn|resetModules|setSystemTime)\b/,
  /process\.env(?:\.\w+|\[[^\]]+\])\s*(?:=(?!=)|\?\?=|\|\|=)/,
  /delete\s+process\.env/,
  /Object\.assign\(\s*process\.env/,
  /process\.(?:chdir|umask|setMaxListeners)\(/,
  /globalThis(?:\.\w+|\[[^\]]+\])\s*=(?!=)/,
];

/** The lines of `source` that change process-wide state a later file would inherit. */
function leaks(source: string): string[] {
  return source.split("\n").filter((line) => LEAKS.some((pattern) => pattern.test(line)));
}

describe("server and browser suites share their worker", () => {
  it("no server or browser suite, nor a test helper, changes process-wide state", () => {
    const files = execFileSync("git", ["ls-files", "-co", "--exclude-standard", "tests/server", "tests/e2e", "tests/helpers"], { cwd: ROOT, encoding: "utf8" })
      .split("\n")
      .filter((file) => /\.(?:ts|tsx|mts|mjs|js)$/.test(file) && !ALLOWED.has(file));
    expect(files.length).toBeGreaterThan(100);
    const offenders = files.flatMap((file) => leaks(readFileSync(join(ROOT, file), "utf8")).map((line) => `${file}: ${line.trim()}`));
    expect(offenders).toEqual([]);
  });

  it("spots each kind of change", () => {
    for (const line of [
      `vi.mock("../../server/crypto/password.js");`,
      `vi.useFakeTimers();`,
      `process.env.AUTH_SECRET = "x";`,
      `process.env["LATCHKEY_X"] ??= "1";`,
      `delete process.env.TZ;`,
      `Object.assign(process.env, { A: "1" });`,
      `process.chdir(dir);`,
      `globalThis.fetch = fake;`,
    ]) expect(leaks(line), line).toHaveLength(1);
    for (const line of [`if (process.env.LATCHKEY_TEST_DIALECT === "postgres") {`, `const env = { ...process.env, NODE_ENV: "test" };`, `expect(globalThis.x).toBe(1);`]) expect(leaks(line), line).toEqual([]);
  });
});
