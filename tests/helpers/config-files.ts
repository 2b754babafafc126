/**
 * Config files for `auth server check-config` tests: a temporary folder of the test file's own
 * (made before its tests, removed after them), a JSON settings file written into it by name, and
 * check-config run on one with no AUTH_SECRET from the machine.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll } from "vitest";
import { runCli } from "./run-cli.js";

export function configFolder(prefix: string) {
  let dir = "";
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), prefix));
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });
  return {
    /** The folder; set once the file's beforeAll hooks run. */
    get dir() {
      return dir;
    },
    configFile(name: string, settings: unknown): string {
      const file = join(dir, name);
      writeFileSync(file, JSON.stringify(settings));
      return file;
    },
  };
}

/** `auth server check-config --config FILE …` with no AUTH_SECRET from the machine. */
export const checkConfig = (file: string, ...extra: string[]) => runCli(["server", "check-config", "--config", file, ...extra], { env: { AUTH_SECRET: undefined } });
