/**
 * The shell is split by the process each file runs in (as VS Code's is): electron/main (the main
 * process), electron/preload (the sandboxed preload), electron/utility (the local server's
 * process) and electron/common (what two of them share). A file may import only from its own
 * runtime, common and the folders listed here — so the preload cannot pull in main's code or
 * zod, and no part of the shell loads the CLI.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "./helpers.js";

const RUNTIMES = ["main", "preload", "utility", "common"] as const;
type Runtime = (typeof RUNTIMES)[number];

/** Top-level folders (or electron/<runtime>) each runtime may import from. */
const MAY_IMPORT: Record<Runtime, readonly string[]> = {
  main: ["electron/main", "electron/common", "shared", "server/version.ts"],
  // Type-only imports are erased; what the preload bundles must stay this small.
  preload: ["electron/preload", "electron/common"],
  utility: ["electron/utility", "electron/common", "server"],
  common: ["electron/common", "shared"],
};
/** Packages a runtime may load at run time (type-only imports excepted). */
const MAY_REQUIRE: Record<Runtime, readonly string[]> = {
  main: ["electron", "node:"],
  preload: ["electron"],
  utility: ["node:"],
  common: ["zod"],
};

function filesOf(runtime: Runtime): string[] {
  const dir = join(REPO_ROOT, "electron", runtime);
  return readdirSync(dir).filter((name) => name.endsWith(".ts")).map((name) => join(dir, name));
}

/** Every import of a file: its specifier and whether it is erased at build time (`import type`). */
function importsOf(file: string): Array<{ spec: string; typeOnly: boolean }> {
  const source = readFileSync(file, "utf8");
  return [...source.matchAll(/^\s*(import|export)\s+(type\s+)?[^;]*?from\s+["']([^"']+)["']/gm)].map((m) => ({ spec: m[3]!, typeOnly: Boolean(m[2]) }));
}

describe("the Electron shell split by runtime", () => {
  it("has exactly the four runtime folders, each with files", () => {
    const folders = readdirSync(join(REPO_ROOT, "electron"), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
    expect(folders.sort()).toEqual([...RUNTIMES].sort());
    for (const runtime of RUNTIMES) expect(filesOf(runtime).length, runtime).toBeGreaterThan(0);
  });

  it.each(RUNTIMES)("electron/%s imports only what its process may load", (runtime) => {
    const wrong: string[] = [];
    for (const file of filesOf(runtime)) {
      for (const { spec, typeOnly } of importsOf(file)) {
        const name = relative(REPO_ROOT, file);
        if (spec.startsWith(".")) {
          const target = relative(REPO_ROOT, resolve(dirname(file), spec)).replace(/\.js$/, ".ts");
          const allowed = MAY_IMPORT[runtime].some((place) => target === place || target.startsWith(`${place}/`));
          // The preload may name shared types (DesktopApi) and the contract's types: both are erased.
          const erased = typeOnly && runtime === "preload" && (target.startsWith("shared/") || target.startsWith("electron/common/"));
          if (!allowed && !erased) wrong.push(`${name} → ${target}`);
        } else if (!typeOnly && !MAY_REQUIRE[runtime].some((pkg) => spec === pkg || (pkg.endsWith(":") && spec.startsWith(pkg)))) {
          wrong.push(`${name} → ${spec}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("no part of the shell imports the CLI", () => {
    for (const runtime of RUNTIMES) {
      for (const file of filesOf(runtime)) {
        for (const { spec } of importsOf(file)) expect(relative(REPO_ROOT, resolve(dirname(file), spec)), relative(REPO_ROOT, file)).not.toMatch(/^cli\//);
      }
    }
  });
});
