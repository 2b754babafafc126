/**
 * Shared pieces for the CLI suites: the built `auth` binary as a subprocess, pointed at a real
 * test server with AUTH_URL, with its config directory isolated by XDG_CONFIG_HOME.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCli, type CliResult } from "../helpers/run-cli.js";
import type { TestServer } from "../helpers/test-server.js";

export interface CliRun extends CliResult {
  /** stdout parsed as one JSON document. */
  json<T = any>(): T;
  /** stdout parsed as JSON lines. */
  lines<T = any>(): T[];
}

export interface Cli {
  configHome: string;
  run(args: string[], options?: { input?: string; env?: Record<string, string | undefined>; token?: string | null }): Promise<CliRun>;
  cleanup(): void;
}

/** A CLI bound to a server: AUTH_URL set, AUTH_TOKEN set when a token is given. */
export function cliFor(server: TestServer | { url: string } | null, defaults: { token?: string } = {}): Cli {
  const configHome = mkdtempSync(join(tmpdir(), "latchkey-cli-home-"));
  return {
    configHome,
    async run(args, options = {}) {
      const token = options.token === null ? undefined : (options.token ?? defaults.token);
      const result = await runCli(args, {
        input: options.input,
        env: {
          XDG_CONFIG_HOME: configHome,
          AUTH_URL: server?.url,
          AUTH_TOKEN: token,
          AUTH_PROFILE: undefined,
          ...options.env,
        },
      });
      return {
        ...result,
        json() {
          try {
            return JSON.parse(result.stdout);
          } catch {
            throw new Error(`stdout is not JSON (exit ${result.code}):\n${result.stdout}\nstderr:\n${result.stderr}`);
          }
        },
        lines() {
          return result.stdout
            .split("\n")
            .filter(Boolean)
            .map((line) => JSON.parse(line));
        },
      };
    },
    cleanup() {
      rmSync(configHome, { recursive: true, force: true });
    },
  };
}

/** Sign up a user and make them an administrator (role set in the database). */
export async function makeAdmin(server: TestServer, email = `admin-${Math.random().toString(36).slice(2, 8)}@example.com`) {
  const account = await server.signUp({ email, name: "Admin" });
  await server.database.db.updateTable("user").set({ role: "admin" }).where("id", "=", account.userId).execute();
  return account;
}
