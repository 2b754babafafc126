/**
 * `npm run desktop` (scripts/desktop.mjs) on a machine without the Electron binary says so in one
 * sentence and what to do, instead of Electron's bare "Error: Electron uninstall"; with the
 * binary it goes on. ELECTRON_OVERRIDE_DIST_PATH (which the electron package itself honours)
 * points it at a folder with or without a binary, so both cases run on any machine.
 */
import { execFile } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const script = new URL("../../scripts/desktop.mjs", import.meta.url).pathname;
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function tempFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), "latchkey-electron-"));
  folders.push(folder);
  return folder;
}

function run(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [script, ...args], { env: { ...process.env, ...env } }, (error, stdout, stderr) => {
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

describe("npm run desktop without the Electron binary", () => {
  it("says in one sentence that the binary is missing, where it looked and how to get it, and exits 1", async () => {
    const empty = tempFolder();
    const result = await run([], { ELECTRON_OVERRIDE_DIST_PATH: empty });
    expect(result.code).toBe(1);
    const lines = result.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^The Electron binary is not installed \(looked for .+\): run `npx install-electron` .+ then run `npm run desktop` again\.$/);
    expect(lines[0]).toContain(join(empty, "electron"));
    expect(lines[0]).toContain("ELECTRON_OVERRIDE_DIST_PATH");
    expect(result.stderr).not.toContain("Electron uninstall");
    expect(result.stdout).toBe("");
  });

  it("goes on when the binary is there (--check names it and exits 0)", async () => {
    const folder = tempFolder();
    const binary = join(folder, "electron");
    writeFileSync(binary, "#!/bin/sh\n");
    chmodSync(binary, 0o755);
    const result = await run(["--check"], { ELECTRON_OVERRIDE_DIST_PATH: folder });
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout.trim()).toBe(binary);
  });
});
