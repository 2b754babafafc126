#!/usr/bin/env node
/**
 * `npm run desktop`: start the built desktop app (electron-vite preview) — but first make sure
 * the Electron binary is there. Electron 45's npm package ships without it and, when asked for
 * its path, tries to download it, which on a machine without internet ends in a bare
 * "Error: Electron uninstall". This says in one sentence what is missing and what to do.
 *
 * The check mirrors how the `electron` package finds its binary (node_modules/electron/index.js):
 * `ELECTRON_OVERRIDE_DIST_PATH`, else `dist/<path.txt>` inside the package. It never requires
 * the package, since that alone starts the download.
 *
 * `--check`: only check (exit 0 when the binary is there, 1 with the sentence when not).
 * `--dev`: `electron-vite dev` instead of `preview` (`npm run desktop:dev`).
 */
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const require = createRequire(import.meta.url);

/** Where the Electron binary should be, or why it cannot be. */
export function electronBinary(env = process.env) {
  let packageDir;
  try {
    packageDir = dirname(require.resolve("electron/package.json"));
  } catch {
    return { found: false, where: "node_modules/electron (the package itself is not installed)" };
  }
  const pathFile = join(packageDir, "path.txt");
  const relative = existsSync(pathFile) ? readFileSync(pathFile, "utf8").trim() : undefined;
  if (env.ELECTRON_OVERRIDE_DIST_PATH) {
    const where = join(env.ELECTRON_OVERRIDE_DIST_PATH, relative || "electron");
    return { found: existsSync(where), where };
  }
  const where = relative ? join(packageDir, "dist", relative) : join(packageDir, "dist");
  return { found: relative !== undefined && existsSync(where), where };
}

const MISSING =
  "The Electron binary is not installed (looked for {where}): run `npx install-electron` in this folder on a machine with internet access, or set ELECTRON_OVERRIDE_DIST_PATH to a folder holding an unpacked Electron 45 build, then run `npm run desktop` again.";

const binary = electronBinary();
if (!binary.found) {
  console.error(MISSING.replace("{where}", binary.where));
  process.exit(1);
}
if (process.argv.includes("--check")) {
  console.log(binary.where);
  process.exit(0);
}
const electronVite = join(dirname(require.resolve("electron-vite/package.json")), "bin", "electron-vite.js");
const dev = process.argv.includes("--dev");
const passOn = process.argv.slice(2).filter((arg) => arg !== "--dev");
const child = spawn(process.execPath, [electronVite, dev ? "dev" : "preview", ...passOn], { stdio: "inherit" });
child.on("exit", (code, signal) => process.exit(signal ? 1 : (code ?? 1)));
