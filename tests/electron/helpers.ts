/** Shared pieces for the Electron shell's tests: a Node fork behind main's ServerChild interface. */
import { fork } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { adaptNodeChild, type ForkServer } from "../../electron/common/local-server-protocol.js";
import type { Encryptor } from "../../electron/main/servers.js";

export const REPO_ROOT = fileURLToPath(new URL("../..", import.meta.url));
/** The real entry main starts as a utilityProcess. */
export const LOCAL_SERVER_SOURCE = fileURLToPath(new URL("../../electron/utility/local-server-entry.ts", import.meta.url));

/**
 * Bundle the entry the way electron-vite does (one ESM file, dependencies external) into a
 * folder inside the checkout, so its bare imports resolve to node_modules. Forking the bundle
 * starts in about a second; compiling the TypeScript on each fork took 10–40 s on a busy machine.
 */
export async function buildLocalServerEntry(): Promise<string> {
  const { build } = await import("vite");
  const outDir = join(REPO_ROOT, "node_modules", ".cache", `latchkey-electron-test-${process.pid}`);
  await build({
    configFile: false,
    root: REPO_ROOT,
    logLevel: "silent",
    build: {
      ssr: LOCAL_SERVER_SOURCE,
      outDir,
      emptyOutDir: true,
      target: "node20",
      minify: false,
      rollupOptions: { output: { format: "es", entryFileNames: "local-server-entry.mjs" } },
    },
  });
  return join(outDir, "local-server-entry.mjs");
}

/** child_process.fork in place of utilityProcess.fork: same messages, same piped output. */
export const nodeFork: ForkServer = (entry) => nodeForkWith(entry, {});

/** nodeFork with more environment, e.g. an app launched with NODE_ENV=production. */
export function nodeForkWith(entry: string, env: Record<string, string>): ReturnType<ForkServer> {
  return adaptNodeChild(
    fork(entry, [], {
      cwd: REPO_ROOT,
      stdio: ["ignore", "pipe", "pipe", "ipc"],
      env: { ...process.env, NODE_ENV: "test", ...env },
    }),
  );
}

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
