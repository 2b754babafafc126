/** Types for fuses.mjs (plain JavaScript, since electron-builder loads it as a hook). */
import type { FuseConfig } from "@electron/fuses";

export type LatchkeyFuseName =
  | "runAsNode"
  | "enableCookieEncryption"
  | "enableNodeOptionsEnvironmentVariable"
  | "enableNodeCliInspectArguments"
  | "enableEmbeddedAsarIntegrityValidation"
  | "onlyLoadAppFromAsar"
  | "loadBrowserProcessSpecificV8Snapshot"
  | "grantFileProtocolExtraPrivileges";

export declare const LATCHKEY_FUSES: Readonly<Record<LatchkeyFuseName, boolean>>;

export declare function latchkeyFuseConfig(): FuseConfig;

/** The part of electron-builder's AfterPackContext the hook reads. */
export interface PackContext {
  appOutDir: string;
  electronPlatformName: string;
  packager: { executableName: string; appInfo: { productFilename: string } };
}

export declare function electronBinaryPath(context: PackContext): string;

/** Flips the fuses and answers the wire read back (fuse index → byte). */
export declare function flipLatchkeyFuses(binaryPath: string): Promise<FuseConfig<number>>;

export default function afterPack(context: PackContext): Promise<void>;
