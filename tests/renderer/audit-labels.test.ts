/**
 * Every audit action the server records has words in the console's audit catalogue, so the audit
 * log and a user's audit trail never show a bare code such as `user.lock` (the catalogue test
 * keeps the other languages in step with English).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../", import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

/** `action: "user.lock"` in any server file: what the audit recorder is given. */
function recordedActions(): string[] {
  const actions = new Set<string>();
  for (const file of sourceFiles(join(root, "server"))) {
    for (const match of readFileSync(file, "utf8").matchAll(/\baction: "([a-z-]+\.[a-z-]+)"/g)) actions.add(match[1]!);
  }
  return [...actions].sort();
}

describe("audit action labels", () => {
  it("name every action the server records", () => {
    const catalogue = JSON.parse(readFileSync(join(root, "renderer/i18n/en/audit.json"), "utf8")) as { actions: Record<string, Record<string, string>> };
    const actions = recordedActions();
    expect(actions.length).toBeGreaterThan(40);
    const unlabelled = actions.filter((action) => {
      const [group, name] = action.split(".") as [string, string];
      return typeof catalogue.actions[group]?.[name] !== "string";
    });
    expect(unlabelled).toEqual([]);
  });
});
