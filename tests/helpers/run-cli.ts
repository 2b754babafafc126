/** Runs the built `auth` binary as a real subprocess. */
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";

export const AUTH_BIN = fileURLToPath(new URL("../../bin/auth.js", import.meta.url));

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runCli(args: string[], options: { input?: string; env?: Record<string, string | undefined>; cwd?: string; timeoutMs?: number } = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [AUTH_BIN, ...args], {
      cwd: options.cwd,
      env: { ...process.env, NODE_ENV: "test", ...options.env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`auth ${args.join(" ")} timed out\nstdout: ${stdout}\nstderr: ${stderr}`));
    }, options.timeoutMs ?? 20_000);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    child.stdin.end(options.input ?? "");
  });
}

/** A free loopback port (the kernel picks one, the probe releases it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

export interface CliServer {
  child: ChildProcess;
  /** Everything the server wrote to stderr so far. */
  stderr(): string;
  /** Everything written to stdout so far (the server's JSON log lines, the start line among them). */
  stdout(): string;
}

/** `auth server start …` as a real process; resolves once it says it is listening. */
export function startCliServer(args: string[], options: { cwd?: string; env?: Record<string, string> } = {}): Promise<CliServer> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [AUTH_BIN, "server", "start", ...args], { cwd: options.cwd, env: { ...process.env, ...options.env }, stdio: ["ignore", "pipe", "pipe"] });
    let stderr = "";
    let stdout = "";
    const timer = setTimeout(() => reject(new Error(`server did not start: ${stderr}`)), 45_000); // generous: CI shares two cores with browsers
    // The start line is a log record (stdout), or a plain stderr line when the log level hides info.
    const started = () => {
      if (!stdout.includes("Latchkey listening on") && !stderr.includes("Latchkey listening on")) return;
      clearTimeout(timer);
      resolve({ child, stderr: () => stderr, stdout: () => stdout });
    };
    child.stdout?.on("data", (chunk) => {
      stdout += chunk;
      started();
    });
    child.stderr?.on("data", (chunk) => {
      stderr += chunk;
      started();
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}: ${stderr}`));
    });
  });
}

/** SIGTERM and wait; answers the exit code. */
export function stopProcess(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    child.removeAllListeners("exit");
    if (child.exitCode !== null) return resolve(child.exitCode);
    child.once("exit", (code) => resolve(code));
    child.kill("SIGTERM");
  });
}
