/**
 * Issue 20 item 2: the rules in eslint.config.js hold the architecture's lines, so they must
 * fire. Each case lints a small made-up file at a path inside an area (ESLint's lintText; nothing
 * is written) and expects the rule's finding; the allowed counterparts expect none.
 */
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const eslint = new ESLint({ cwd: ROOT });

async function findings(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: ROOT + filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

const boundary = "boundaries/dependencies";

describe("eslint rules that hold the architecture (#20)", () => {
  it("refuses a server feature importing another feature, and lets it import core", async () => {
    expect(await findings("server/features/account/probe.ts", 'import { startSession } from "../session/routes.js";\nvoid startSession;\n')).toContain(boundary);
    expect(await findings("server/features/account/probe.ts", 'import { startSession } from "../../core/session/service.js";\nvoid startSession;\n')).toEqual([]);
  });

  it("refuses server/core importing a feature", async () => {
    expect(await findings("server/core/probe.ts", 'import * as routes from "../features/session/routes.js";\nvoid routes;\n')).toContain(boundary);
  });

  it("lets only query modules use the console's client", async () => {
    const useApi = (depth: string) => `import { api } from "${depth}app/api";\nvoid api;\n`;
    expect(await findings("renderer/features/admin/components/probe.tsx", useApi("../../../"))).toContain(boundary);
    expect(await findings("renderer/app/probe.tsx", useApi("../"))).toContain(boundary);
    expect(await findings("renderer/features/admin/queries.ts", useApi("../../"))).toEqual([]);
    expect(await findings("renderer/app/queries.ts", useApi("../"))).toEqual([]);
  });

  it("keeps renderer/ui free of renderer/app", async () => {
    expect(await findings("renderer/ui/probe.tsx", 'import { useSession } from "../app/session";\nvoid useSession;\n')).toContain(boundary);
  });

  it("keeps main-process code out of the preload, and the CLI out of the desktop shell", async () => {
    expect(await findings("electron/preload/preload.ts", 'import { APP_ORIGIN } from "../main/security.js";\nvoid APP_ORIGIN;\n')).toContain(boundary);
    expect(await findings("electron/preload/preload.ts", 'import { CHANNELS } from "../common/channels.js";\nvoid CHANNELS;\n')).toEqual([]);
    expect(await findings("electron/main/main.ts", 'import { printJson } from "../../cli/output.js";\nvoid printJson;\n')).toContain(boundary);
  });

  it("checks hooks' dependencies in the console", async () => {
    const code = 'import { useEffect } from "react";\nexport function useProbe(value: number, log: (n: number) => void) {\n  useEffect(() => log(value), []);\n}\n';
    expect(await findings("renderer/features/admin/use-probe.ts", code)).toContain("react-hooks/exhaustive-deps");
  });
});
