/** Shared pieces for the Electron shell's tests: a Node fork behind main's ServerChild interface. */
import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import { adaptNodeChild, type ForkServer } from "../../electron/local-server-protocol.js";
import type { Encryptor } from "../../electron/servers.js";

export const REPO_ROOT = fileURLToPath(new URL("../..", import.meta.url));
/** The real entry main starts as a utilityProcess, run from source through jiti's loader. */
export const LOCAL_SERVER_ENTRY = fileURLToPath(new URL("../../electron/local-server-entry.ts", import.meta.url));

/** child_process.fork in place of utilityProcess.fork: same messages, same piped output. */
export const nodeFork: ForkServer = (entry) =>
  adaptNodeChild(
    fork(entry, [], {
      cwd: REPO_ROOT,
      execArgv: ["--import", "jiti/register"],
      stdio: ["ignore", "pipe", "pipe", "ipc"],
      env: { ...process.env, NODE_ENV: "test" },
    }),
  );

/** A reversible "encryption" that is plainly not the plaintext, and counts its uses. */
export function fakeEncryptor(available = true): Encryptor & { calls: number } {
  const self = {
    calls: 0,
    available: async () => available,
    encrypt: async (plain: string) => {
      self.calls += 1;
      return Buffer.from(`enc:${Buffer.from(plain).reverse().toString("hex")}`);
    },
    decrypt: async (cipher: Buffer) => {
      const text = cipher.toString();
      if (!text.startsWith("enc:")) throw new Error("not ours");
      return Buffer.from(text.slice(4), "hex").reverse().toString();
    },
  };
  return self;
}
