/**
 * The CLI's start budget (200 ms median, docs/benchmarks.md "CLI start") is spent mostly loading
 * modules. A command's heavy library (zod for settings schemas, csv-parse/csv-stringify, the
 * server, a database driver) loads when that command runs, never at every start: once,
 * check-config importing a settings schema at the top brought zod into `auth --help` and cost
 * ~70 ms. This runs the built CLI with a module hook that lists what it loads.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_BIN } from "../helpers/run-cli.js";

let dir: string;
let register: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "latchkey-start-modules-"));
  const hooks = join(dir, "hooks.mjs");
  writeFileSync(hooks, 'export async function load(url, context, next) { process.stderr.write("LOADED " + url + "\\n"); return next(url, context); }\n');
  register = join(dir, "register.mjs");
  writeFileSync(register, `import { register } from "node:module";\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The file URLs the CLI loads for `args` (stderr carries the hook's lines; stdout is dropped). */
function modulesLoadedBy(args: string[]): string[] {
  const { stderr } = spawnSync(process.execPath, ["--import", register, AUTH_BIN, ...args], { encoding: "utf8", stdio: ["ignore", "ignore", "pipe"], env: { ...process.env, LANG: "C" }, timeout: 30_000 });
  return stderr
    .split("\n")
    .filter((line) => line.startsWith("LOADED file:"))
    .map((line) => line.slice("LOADED ".length));
}

const HEAVY = ["/node_modules/zod/", "/node_modules/csv-parse/", "/node_modules/csv-stringify/", "/node_modules/kysely/", "/node_modules/better-sqlite3/", "/node_modules/pg/", "/node_modules/fastify/", "/dist/server/app.js"];

describe("local: what the CLI loads at start", () => {
  for (const args of [["--help"], ["admin", "--help"], ["server", "--help"], ["profile", "list", "--json"]]) {
    it(`auth ${args.join(" ")} loads no command's heavy library`, () => {
      const loaded = modulesLoadedBy(args);
      // The hook saw the CLI itself, so an empty list cannot pass by accident.
      expect(loaded.some((url) => url.endsWith("/dist/cli/main.js"))).toBe(true);
      expect(loaded.filter((url) => HEAVY.some((part) => url.includes(part)))).toEqual([]);
    });
  }

  it("a command that needs a heavy library still gets it when it runs", () => {
    const loaded = modulesLoadedBy(["server", "check-config", "--json", "--db", join(dir, "check.db")]);
    expect(loaded.some((url) => url.includes("/node_modules/zod/"))).toBe(true);
  });
});
