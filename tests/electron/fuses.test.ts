/**
 * Electron's fuses in the packaged app (#27, item 5). There is no Electron binary here, so each
 * test makes a small file that carries what a real one does — @electron/fuses' sentinel followed
 * by a fuse wire at Electron's defaults — runs the packaging hook electron-builder.yml names on
 * it, and reads the wire back with @electron/fuses' own reader.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { FuseV1Options, getCurrentFuseWire } from "@electron/fuses";
import { FuseState, SENTINEL } from "@electron/fuses/dist/constants.js";
import { afterAll, describe, expect, it } from "vitest";
import { LATCHKEY_FUSES, electronBinaryPath, type PackContext } from "../../electron/fuses.mjs";
import { REPO_ROOT } from "./helpers.js";

const dir = mkdtempSync(join(tmpdir(), "latchkey-fuses-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ON = FuseState.ENABLE;
const OFF = FuseState.DISABLE;
/** Electron's defaults: run-as-Node, NODE_OPTIONS, --inspect and file:// privileges on; the rest off. */
const DEFAULT_WIRE = [ON, OFF, ON, ON, OFF, OFF, OFF, ON];
/** What issue 27 asks of the packaged app, fuse by fuse. */
const REQUIRED: Array<[FuseV1Options, number]> = [
  [FuseV1Options.RunAsNode, OFF],
  [FuseV1Options.EnableCookieEncryption, ON],
  [FuseV1Options.EnableNodeOptionsEnvironmentVariable, OFF],
  [FuseV1Options.EnableNodeCliInspectArguments, OFF],
  [FuseV1Options.EnableEmbeddedAsarIntegrityValidation, ON],
  [FuseV1Options.OnlyLoadAppFromAsar, ON],
  [FuseV1Options.LoadBrowserProcessSpecificV8Snapshot, OFF],
  [FuseV1Options.GrantFileProtocolExtraPrivileges, OFF],
];

/** Machine code around a fuse wire: version 1, then its length, then one byte per fuse. */
function wireBytes(wire: number[]): Buffer {
  return Buffer.concat([Buffer.from(SENTINEL, "ascii"), Buffer.from([1, wire.length, ...wire])]);
}
function fakeElectron(file: string, wires: number[][] = [DEFAULT_WIRE]): void {
  mkdirSync(dirname(file), { recursive: true });
  const filler = Buffer.alloc(4096, 0xcc);
  writeFileSync(file, Buffer.concat([filler, ...wires.flatMap((wire) => [wireBytes(wire), filler])]));
}

/** The hook electron-builder runs, loaded the way it loads it: from the path in electron-builder.yml. */
async function packagingHook(): Promise<(context: PackContext) => Promise<void>> {
  const config = readFileSync(join(REPO_ROOT, "electron-builder.yml"), "utf8");
  const path = /^afterPack:\s*(\S+)\s*$/m.exec(config)?.[1];
  expect(path).toBe("./electron/fuses.mjs");
  // A second, declarative fuse setting could contradict the hook: there is none.
  expect(config).not.toMatch(/^electronFuses:/m);
  return (await import(pathToFileURL(join(REPO_ROOT, path!)).href)).default;
}

function context(platform: string, appOutDir: string): PackContext {
  return { appOutDir, electronPlatformName: platform, packager: { executableName: "latchkey", appInfo: { productFilename: "Latchkey" } } };
}

describe("Electron fuses (#27)", () => {
  it("the packaging hook turns off run-as-Node, NODE_OPTIONS, --inspect and file:// privileges and turns on asar-only loading, asar integrity and cookie encryption (#27)", async () => {
    const afterPack = await packagingHook();
    const out = join(dir, "linux-unpacked");
    const binary = join(out, "latchkey");
    fakeElectron(binary);
    expect(await getCurrentFuseWire(binary)).toMatchObject(Object.fromEntries(DEFAULT_WIRE.map((state, i) => [i, state])));

    await afterPack(context("linux", out));
    const wire = await getCurrentFuseWire(binary);
    for (const [fuse, state] of REQUIRED) expect([FuseV1Options[fuse], wire[fuse]]).toEqual([FuseV1Options[fuse], state]);
    expect(Object.keys(wire).filter((key) => key !== "version")).toHaveLength(REQUIRED.length);
  });

  it("finds the binary on each platform, and flips both halves of a universal macOS binary (#27)", async () => {
    const afterPack = await packagingHook();
    const win = join(dir, "win-unpacked");
    fakeElectron(join(win, "Latchkey.exe"));
    await afterPack(context("win32", win));
    expect((await getCurrentFuseWire(join(win, "Latchkey.exe")))[FuseV1Options.RunAsNode]).toBe(OFF);

    const mac = join(dir, "mac-universal");
    const framework = join(mac, "Latchkey.app", "Contents", "Frameworks", "Electron Framework.framework", "Electron Framework");
    fakeElectron(framework, [DEFAULT_WIRE, DEFAULT_WIRE]);
    expect(electronBinaryPath(context("darwin", mac))).toBe(join(mac, "Latchkey.app"));
    await afterPack(context("darwin", mac));
    const bytes = readFileSync(framework);
    const sentinels = [bytes.indexOf(SENTINEL), bytes.lastIndexOf(SENTINEL)];
    expect(sentinels[0]).toBeLessThan(sentinels[1]!);
    for (const at of sentinels) {
      const wire = [...bytes.subarray(at + SENTINEL.length + 2, at + SENTINEL.length + 2 + REQUIRED.length)];
      expect(wire).toEqual(REQUIRED.map(([, state]) => state));
    }
  });

  it("leaves a fuse newer than the library alone, and fails packaging on a wire too short to hold them (#27)", async () => {
    const afterPack = await packagingHook();
    const newer = join(dir, "newer");
    fakeElectron(join(newer, "latchkey"), [[...DEFAULT_WIRE, ON]]);
    await afterPack(context("linux", newer));
    const wire = await getCurrentFuseWire(join(newer, "latchkey"));
    expect(wire[REQUIRED.length as FuseV1Options]).toBe(ON);
    expect(wire[FuseV1Options.OnlyLoadAppFromAsar]).toBe(ON);

    const old = join(dir, "old");
    fakeElectron(join(old, "latchkey"), [DEFAULT_WIRE.slice(0, 4)]);
    await expect(afterPack(context("linux", old))).rejects.toThrow(/not long enough/);
    const missing = join(dir, "missing");
    mkdirSync(missing);
    writeFileSync(join(missing, "latchkey"), Buffer.alloc(64));
    await expect(afterPack(context("linux", missing))).rejects.toThrow(/sentinel/);
  });

  it("docs/desktop.md lists exactly the fuses the hook sets (#27)", () => {
    const doc = readFileSync(join(REPO_ROOT, "docs", "desktop.md"), "utf8");
    const rows = [...doc.matchAll(/^\| `(\w+)` \| (on|off) \|/gm)].map(([, name, state]) => [name, state === "on"]);
    expect(Object.fromEntries(rows)).toEqual(LATCHKEY_FUSES);
    expect(rows).toHaveLength(Object.keys(LATCHKEY_FUSES).length);
  });
});
