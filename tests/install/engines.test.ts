/**
 * The README names Node.js 20.19: every package the server, CLI and console need at run time must
 * accept it in `engines.node`, or `npm install` warns (EBADENGINE) on the README's own Node.
 * Dev-only packages may ask for more (Electron 45, @sparticuz/chromium); the README says which.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

// semver ships no types and this is its only use: the one function, typed here.
const semver = createRequire(import.meta.url)("semver") as { satisfies(version: string, range: string): boolean; minVersion(range: string): { version: string } | null };

interface LockEntry {
  version?: string;
  dev?: boolean;
  engines?: { node?: string } | string[];
}
const lock = JSON.parse(readFileSync(new URL("../../package-lock.json", import.meta.url), "utf8")) as { packages: Record<string, LockEntry> };
const manifest = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { engines: { node: string } };
const readmeNode = semver.minVersion(manifest.engines.node)!.version;

describe("engines on the README's Node", () => {
  it("the README names the same Node as package.json", () => {
    expect(readmeNode).toBe("20.19.0");
    expect(readFileSync(new URL("../../README.md", import.meta.url), "utf8")).toContain("Node.js ≥ 20.19");
  });

  it("every run-time package accepts Node 20.19", () => {
    const refusing = Object.entries(lock.packages)
      .filter(([path, entry]) => path !== "" && !entry.dev)
      .flatMap(([path, entry]) => {
        const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
        return range && !semver.satisfies(readmeNode, range) ? [`${path}@${entry.version} wants node ${range}`] : [];
      });
    expect(refusing).toEqual([]);
  });

  it("the dev-only packages that ask for a newer Node are the ones the README lists", () => {
    const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
    const devRefusing = Object.entries(lock.packages)
      .filter(([path, entry]) => path !== "" && entry.dev && !Array.isArray(entry.engines) && entry.engines?.node && !semver.satisfies(readmeNode, entry.engines.node))
      .map(([path]) => path.slice(path.lastIndexOf("node_modules/") + "node_modules/".length));
    for (const name of new Set(devRefusing)) expect(readme, `${name} is not named in the README`).toContain(`\`${name}\``);
  });
});
