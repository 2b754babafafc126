/**
 * The README's examples are a test. A fenced ```sh block preceded by the invisible marker
 *
 *     <!-- example: run -->
 *
 * is run, in document order (README.md, then docs/*.md alphabetically), in ONE bash session, the
 * way a newcomer pastes them into one terminal: variables, files and profiles made by one block
 * are there for the next. The session runs in a fresh directory next to a fresh server started
 * as `npm start` starts it (`auth server start`, default database ./data/latchkey.db), with a
 * temporary HOME so profiles never touch the real ones, and `auth` on PATH (as after `npm link`).
 *
 * Two adjustments only, both invisible to a reader: the documented address
 * http://127.0.0.1:3000 is rewritten to the test server's (port 3000 may be taken), and `curl`
 * gets --fail-with-body so an HTTP error fails the block. A block fails on the first command that
 * fails (`set -e -o pipefail`); the test then shows the block, where it is, and its output.
 * Blocks that cannot run here (npm install, npm start on port 3000, production PostgreSQL,
 * the desktop app, commands that never end) are simply left unmarked.
 */
import { spawn } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_BIN, freePort, startCliServer, stopProcess, type CliServer } from "../helpers/run-cli.js";

export const MARKER = "<!-- example: run -->";
const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const DOCUMENTED_URL = "http://127.0.0.1:3000";

export interface Example {
  file: string;
  /** 1-based line of the opening fence. */
  line: number;
  code: string;
}

/** Marked ```sh blocks of one Markdown text, in order. A marker not followed by a sh block is an error. */
export function markedBlocks(file: string, text: string): Example[] {
  const lines = text.split("\n");
  const blocks: Example[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (lines[i]!.trim() !== MARKER) continue;
    const fence = i + 1;
    if (!/^```(sh|bash|shell)\s*$/.test(lines[fence] ?? "")) throw new Error(`${file}:${i + 1}: ${MARKER} must be followed directly by a \`\`\`sh block`);
    const end = lines.findIndex((line, j) => j > fence && line.startsWith("```"));
    if (end < 0) throw new Error(`${file}:${fence + 1}: unclosed code block`);
    blocks.push({ file, line: fence + 1, code: lines.slice(fence + 1, end).join("\n") });
    i = end;
  }
  return blocks;
}

function documents(): Array<{ file: string; text: string }> {
  const docs = readdirSync(join(ROOT, "docs"))
    .filter((name) => name.endsWith(".md"))
    .sort()
    .map((name) => `docs/${name}`);
  return ["README.md", ...docs].map((file) => ({ file, text: readFileSync(join(ROOT, file), "utf8") }));
}

/** One long-lived bash; each block runs in a subshell-free group so its variables persist. */
class Session {
  private output = "";
  private waiting: ((text: string) => void) | null = null;
  private readonly child;
  private count = 0;

  constructor(cwd: string, env: Record<string, string>) {
    this.child = spawn("bash", ["--norc", "--noprofile"], { cwd, env, stdio: ["pipe", "pipe", "pipe"] });
    const collect = (chunk: Buffer) => {
      this.output += chunk.toString("utf8");
      this.check();
    };
    this.child.stdout.on("data", collect);
    this.child.stderr.on("data", collect);
  }

  private sentinel = "";

  private check() {
    if (!this.waiting || !this.sentinel) return;
    const at = this.output.indexOf(this.sentinel);
    if (at < 0) return;
    const rest = this.output.slice(at + this.sentinel.length);
    const newline = rest.indexOf("\n");
    if (newline < 0) return;
    const text = this.output.slice(0, at) + `exit=${rest.slice(0, newline)}`;
    this.output = rest.slice(newline + 1);
    const resolve = this.waiting;
    this.waiting = null;
    this.sentinel = "";
    resolve(text);
  }

  /** Runs a block with errexit; answers its output and exit status. */
  run(code: string, timeoutMs: number): Promise<{ status: number; output: string }> {
    const id = ++this.count;
    this.sentinel = `__latchkey_block_${id}_done__:`;
    const script = join(this.scripts, `block-${id}.sh`);
    writeFileSync(script, code + "\n");
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms; output so far:\n${this.output}`)), timeoutMs);
      this.waiting = (text) => {
        clearTimeout(timer);
        const match = /exit=(\d+)$/.exec(text);
        resolve({ status: Number(match?.[1] ?? 1), output: text.replace(/exit=\d+$/, "") });
      };
      // The block is sourced (its variables stay for the next) with errexit on. A failing command
      // fires the ERR trap, which reports its status; errexit then ends the session, which is fine:
      // the test stops at the first failing block.
      this.child.stdin.write(`set -e -o pipefail; trap 'printf "\\n%s%s\\n" "${this.sentinel}" "$?"; trap - ERR; set +e' ERR; source ${JSON.stringify(script)}; trap - ERR; set +e; printf "\\n%s0\\n" "${this.sentinel}"\n`);
      this.check();
    });
  }

  scripts = "";

  close() {
    this.child.stdin.end();
    this.child.kill("SIGKILL");
  }
}

describe("README examples", () => {
  let dir: string;
  let server: CliServer | undefined;
  let url: string;
  let session: Session;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "latchkey-readme-"));
    const home = join(dir, "home");
    const work = join(dir, "work");
    const bin = join(dir, "bin");
    const scripts = join(dir, "scripts");
    for (const folder of [home, work, bin, scripts]) mkdirSync(folder, { recursive: true });
    // `auth` on PATH, as `npm link` leaves it.
    writeFileSync(join(bin, "auth"), `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(AUTH_BIN)} "$@"\n`);
    chmodSync(join(bin, "auth"), 0o755);

    const env: Record<string, string> = {};
    for (const [key, value] of Object.entries(process.env)) {
      // Nothing of the outer shell's Latchkey settings or config directories leaks in.
      if (value === undefined || key.startsWith("AUTH_") || key.startsWith("XDG_") || key.startsWith("LATCHKEY_") || key.startsWith("npm_") || key.startsWith("VITEST")) continue;
      env[key] = value;
    }
    Object.assign(env, { HOME: home, PATH: `${bin}:${process.env.PATH}`, NODE_ENV: "development", NO_COLOR: "1", TERM: "dumb" });

    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    server = await startCliServer(["--port", String(port), "--no-rate-limit"], { cwd: work, env });
    session = new Session(work, env);
    session.scripts = scripts;
    // curl fails on HTTP errors (showing the body), so a refused request fails its block.
    await session.run(`curl() { command curl --fail-with-body "$@"; }`, 10_000);
  });

  afterAll(async () => {
    session?.close();
    if (server) await stopProcess(server.child);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("finds marked blocks in the README", () => {
    const blocks = documents().flatMap(({ file, text }) => markedBlocks(file, text));
    expect(blocks.filter((block) => block.file === "README.md").length).toBeGreaterThanOrEqual(8);
  });

  it("runs every marked block in order, each as written", async () => {
    const blocks = documents().flatMap(({ file, text }) => markedBlocks(file, text));
    for (const block of blocks) {
      const code = block.code.split(DOCUMENTED_URL).join(url);
      const { status, output } = await session.run(code, 60_000);
      if (status !== 0) {
        throw new Error(`${block.file}:${block.line}: the example failed (exit ${status}).\n\n--- block ---\n${block.code}\n\n--- output ---\n${output}\n--- server ---\n${server?.stderr().slice(-2000)}`);
      }
    }
  }, 300_000);
});
