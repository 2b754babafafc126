#!/usr/bin/env node
/**
 * `npm run dist:desktop`: electron-builder, then put the checkout's native modules back.
 *
 * electron-builder rebuilds better-sqlite3 *in node_modules* for Electron's ABI. Afterwards the
 * server, the CLI and the tests (plain Node) can no longer load it. So, whatever the packaging's
 * outcome, rebuild it for this Node again. Extra arguments go to electron-builder
 * (e.g. `npm run dist:desktop -- --linux AppImage`).
 */
import { spawnSync } from "node:child_process";

const npx = process.platform === "win32" ? "npx.cmd" : "npx";
const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const built = spawnSync(npx, ["electron-builder", "--config", "electron-builder.yml", ...process.argv.slice(2)], { stdio: "inherit" });
console.log("\nRestoring better-sqlite3 for Node (electron-builder rebuilt it for Electron)…");
const restored = spawnSync(npm, ["rebuild", "better-sqlite3"], { stdio: "inherit" });
if (restored.status !== 0) console.error("npm rebuild better-sqlite3 failed: run it by hand before using the server or the tests.");
process.exit(built.status ?? 1);
