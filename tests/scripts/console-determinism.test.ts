/**
 * Issue 32, finding 9: the console build is deterministic — two builds of the same source name
 * every asset alike, byte for byte (scripts/check-console-determinism.mjs builds twice into
 * temporary folders; a build takes about 10 s here).
 */
import { execFile } from "node:child_process";
import { describe, expect, it } from "vitest";

const script = new URL("../../scripts/check-console-determinism.mjs", import.meta.url).pathname;

describe("the console build", () => {
  it("gives the same files, names and bytes, for the same source", async () => {
    const { code, stdout } = await new Promise<{ code: number; stdout: string }>((resolve) => {
      execFile(process.execPath, [script], { timeout: 170_000 }, (error, out) => resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout: out }));
    });
    const result = JSON.parse(stdout.trim().split("\n").at(-1) ?? "{}") as { files?: number; differences?: string[] };
    expect(result.differences).toEqual([]);
    expect(result.files).toBeGreaterThan(50);
    expect(code).toBe(0);
  }, 180_000);
});
