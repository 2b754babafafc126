/**
 * Electron's fuses for the packaged app, flipped by electron-builder's `afterPack` hook
 * (electron-builder.yml) before the app is signed. Fuses are bits compiled into the Electron
 * binary that no flag, environment variable or code can change at run time.
 *
 * Left at their defaults, anyone who can run the app can run it as plain Node
 * (ELECTRON_RUN_AS_NODE), inject code with NODE_OPTIONS or --inspect, or put their own files
 * beside the archive, and so use the signed app's keychain access to read the stored sign-ins.
 * docs/desktop.md lists the same settings; a test holds the two together.
 *
 * Plain JavaScript: electron-builder loads hooks with require/import, not TypeScript.
 */
import { join } from "node:path";
import fuses from "@electron/fuses";

const { FuseV1Options, FuseVersion, flipFuses, getCurrentFuseWire } = fuses;

/** Every fuse @electron/fuses knows, set explicitly. Keys are electron-builder's `electronFuses` names. */
export const LATCHKEY_FUSES = Object.freeze({
  /** ELECTRON_RUN_AS_NODE is ignored: the app cannot be started as Node. */
  runAsNode: false,
  /** Chromium's cookie store is encrypted with the OS keychain. */
  enableCookieEncryption: true,
  /** NODE_OPTIONS and NODE_EXTRA_CA_CERTS are ignored. */
  enableNodeOptionsEnvironmentVariable: false,
  /** --inspect and friends (and SIGUSR1) start no debugger. */
  enableNodeCliInspectArguments: false,
  /** app.asar is checked against the hash electron-builder embeds (macOS and Windows). */
  enableEmbeddedAsarIntegrityValidation: true,
  /** Code loads from app.asar only, never from a loose app/ folder beside it. */
  onlyLoadAppFromAsar: true,
  /** The default V8 snapshot for every process (we ship no browser-specific one). */
  loadBrowserProcessSpecificV8Snapshot: false,
  /** file:// pages get no privileges beyond a browser's (the app serves itself from app://). */
  grantFileProtocolExtraPrivileges: false,
});

const OPTION_OF = {
  runAsNode: FuseV1Options.RunAsNode,
  enableCookieEncryption: FuseV1Options.EnableCookieEncryption,
  enableNodeOptionsEnvironmentVariable: FuseV1Options.EnableNodeOptionsEnvironmentVariable,
  enableNodeCliInspectArguments: FuseV1Options.EnableNodeCliInspectArguments,
  enableEmbeddedAsarIntegrityValidation: FuseV1Options.EnableEmbeddedAsarIntegrityValidation,
  onlyLoadAppFromAsar: FuseV1Options.OnlyLoadAppFromAsar,
  loadBrowserProcessSpecificV8Snapshot: FuseV1Options.LoadBrowserProcessSpecificV8Snapshot,
  grantFileProtocolExtraPrivileges: FuseV1Options.GrantFileProtocolExtraPrivileges,
};

/** LATCHKEY_FUSES as @electron/fuses' wire configuration. */
export function latchkeyFuseConfig() {
  const config = { version: FuseVersion.V1 };
  for (const [name, value] of Object.entries(LATCHKEY_FUSES)) config[OPTION_OF[name]] = value;
  return config;
}

/** Where the fuse wire lives for a packaged app: the executable, or the .app on macOS. */
export function electronBinaryPath(context) {
  const { appOutDir, electronPlatformName, packager } = context;
  if (electronPlatformName === "darwin" || electronPlatformName === "mas") return join(appOutDir, `${packager.appInfo.productFilename}.app`);
  if (electronPlatformName === "win32") return join(appOutDir, `${packager.appInfo.productFilename}.exe`);
  return join(appOutDir, packager.executableName);
}

/**
 * Flip the fuses in one Electron binary, then read them back: packaging fails rather than ship
 * a binary whose wire says otherwise (a wire too short, a fuse marked removed).
 */
export async function flipLatchkeyFuses(binaryPath) {
  await flipFuses(binaryPath, latchkeyFuseConfig());
  const wire = await getCurrentFuseWire(binaryPath);
  const wrong = Object.entries(LATCHKEY_FUSES).filter(([name, value]) => wire[OPTION_OF[name]] !== (value ? ENABLED : DISABLED));
  if (wrong.length > 0) throw new Error(`Electron fuses not set in ${binaryPath}: ${wrong.map(([name]) => name).join(", ")}`);
  // A universal macOS binary holds two wires; flipFuses sets both, the read-back sees the first.
  return wire;
}

/** The bytes @electron/fuses writes for on and off ('1' and '0'). */
const ENABLED = 0x31;
const DISABLED = 0x30;

/** electron-builder's afterPack hook. */
export default async function afterPack(context) {
  await flipLatchkeyFuses(electronBinaryPath(context));
}
