/** Starts bench/bare-server.ts in its own process (like the Latchkey server), on a free port. */
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const ENTRY = fileURLToPath(new URL("./bare-server.js", import.meta.url));

export function startBareServer(token: string): Promise<{ url: string; pid: number; stop(): Promise<void> }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [ENTRY], { env: { ...process.env, BARE_TOKEN: token }, stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
      const match = /READY (\d+)/.exec(out);
      if (!match) return;
      resolve({
        url: `http://127.0.0.1:${match[1]}`,
        pid: child.pid as number,
        stop: () =>
          new Promise<void>((done) => {
            child.once("exit", () => done());
            child.kill("SIGTERM");
          }),
      });
    });
    child.once("exit", (code) => reject(new Error(`bare server exited early (${code})`)));
  });
}
