/**
 * Every audit action (shared/audit-actions.ts, the one list the server's recorder is typed by) has
 * words in the console's audit catalogue in every language, so the audit log and a user's audit
 * trail never show a bare code such as `user.lock`. That the server records nothing else is the
 * compiler's job (AuditEvent.action is an AuditAction), not this test's.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { AUDIT_ACTIONS } from "../../shared/audit-actions.js";
import { LANGUAGE_TAGS } from "../../shared/languages.js";

const root = fileURLToPath(new URL("../../", import.meta.url));

type Catalogue = { actions: Record<string, Record<string, string>> };

function unlabelled(language: string): string[] {
  const catalogue = JSON.parse(readFileSync(join(root, "i18n", language, "audit.json"), "utf8")) as Catalogue;
  return AUDIT_ACTIONS.filter((action) => {
    const [group, name] = action.split(".") as [string, string];
    const words = catalogue.actions[group]?.[name];
    return typeof words !== "string" || words.trim() === "";
  });
}

describe("audit action labels", () => {
  it.each(LANGUAGE_TAGS)("name every audit action in %s", (language) => {
    expect(unlabelled(language)).toEqual([]);
  });

  it("lists every action once, each as <group>.<name>", () => {
    expect(new Set(AUDIT_ACTIONS).size).toBe(AUDIT_ACTIONS.length);
    expect(AUDIT_ACTIONS.filter((action) => !/^[a-z-]+\.[a-z-]+$/.test(action))).toEqual([]);
  });
});
