/**
 * The README's examples are a test. EVERY fenced ```sh block of README.md, then of docs/*.md
 * (alphabetically), runs in document order in ONE bash session, the way a newcomer pastes them into
 * one terminal: variables, files and profiles made by one block are there for the next. A block
 * that cannot run here (npm install, port 3000, production PostgreSQL, the desktop app, a prompt
 * on a terminal, a command that never ends) is preceded by the invisible marker
 *
 *     <!-- example: skip: why it cannot run in a test -->
 *
 * and the reason is required. Running by default is the point: with opt-in markers (the old way)
 * an unmarked block was silently left out, so the Languages example, which a reader runs after
 * the others, went untested and broke (issue 25). `<!-- example: run -->` is still accepted as a
 * redundant marker.
 *
 * The session runs in a fresh directory next to a fresh server started as `npm start` starts it
 * (`auth server start`, default database ./data/latchkey.db), with a temporary HOME and TMPDIR so
 * profiles and example files never touch the real ones, and `auth` on PATH (as after `npm link`).
 * Two adjustments only, both invisible to a reader: the documented address
 * (http://localhost:3000, which the README exports as $AUTH_URL, or http://127.0.0.1:3000) is rewritten to the test server's (port 3000 may be taken), and `curl`
 * gets --fail-with-body so an HTTP error fails the block. A block fails on the first command that
 * fails (`set -e -o pipefail`); the test then shows the block, where it is, and its output.
 */
import { spawn } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_BIN, freePort, startCliServer, stopProcess, type CliServer } from "../helpers/run-cli.js";

export const RUN_MARKER = "<!-- example: run -->";
const SKIP_MARKER = /^<!-- example: skip: (.*\S.*) -->$/;
const ROOT = fileURLToPath(new URL("../../", import.meta.url));
/** The addresses the docs give for `npm start`'s server (`$AUTH_URL` is set to one of them). */
const DOCUMENTED_URLS = ["http://127.0.0.1:3000", "http://localhost:3000"];

export interface Example {
  file: string;
  /** 1-based line of the opening fence. */
  line: number;
  code: string;
  /** Why the block is left out (its skip marker), or undefined when it runs. */
  skipped?: string;
}

/**
 * Every ```sh block of one Markdown text, in order, each with its skip reason if it has one.
 * Blocks inside list items are indented: the indentation is taken off. A marker not directly
 * followed by a sh block, or a skip marker without a reason, is an error.
 */
export function exampleBlocks(file: string, text: string): Example[] {
  const lines = text.split("\n");
  const blocks: Example[] = [];
  const fenceAt = (i: number) => /^(\s*)```(sh|bash|shell)\s*$/.exec(lines[i] ?? "");
  for (let i = 0; i < lines.length; i++) {
    const trimmed = lines[i]!.trim();
    if (trimmed.startsWith("<!-- example:")) {
      if (trimmed !== RUN_MARKER && !SKIP_MARKER.test(trimmed)) throw new Error(`${file}:${i + 1}: unknown marker ${trimmed} (use ${RUN_MARKER} or <!-- example: skip: reason -->)`);
      if (!fenceAt(i + 1)) throw new Error(`${file}:${i + 1}: ${trimmed} must be followed directly by a \`\`\`sh block`);
      continue;
    }
    const fence = fenceAt(i);
    if (!fence) continue;
    const indent = fence[1]!.length;
    const end = lines.findIndex((line, j) => j > i && line.trim().startsWith("```"));
    if (end < 0) throw new Error(`${file}:${i + 1}: unclosed code block`);
    const skipped = SKIP_MARKER.exec(lines[i - 1]?.trim() ?? "")?.[1];
    const code = lines
      .slice(i + 1, end)
      .map((line) => line.slice(Math.min(indent, line.length - line.trimStart().length)))
      .join("\n");
    blocks.push({ file, line: i + 1, code, ...(skipped ? { skipped } : {}) });
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
  let work: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "latchkey-readme-"));
    const home = join(dir, "home");
    work = join(dir, "work");
    const bin = join(dir, "bin");
    const scripts = join(dir, "scripts");
    const temporary = join(dir, "tmp");
    for (const folder of [home, work, bin, scripts, temporary]) mkdirSync(folder, { recursive: true });
    // `auth` on PATH, as `npm link` leaves it.
    writeFileSync(join(bin, "auth"), `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(AUTH_BIN)} "$@"\n`);
    chmodSync(join(bin, "auth"), 0o755);

    const env: Record<string, string> = {};
    for (const [key, value] of Object.entries(process.env)) {
      // Nothing of the outer shell's Latchkey settings or config directories leaks in.
      if (value === undefined || key.startsWith("AUTH_") || key.startsWith("XDG_") || key.startsWith("LATCHKEY_") || key.startsWith("npm_") || key.startsWith("VITEST")) continue;
      env[key] = value;
    }
    Object.assign(env, { HOME: home, TMPDIR: temporary, PATH: `${bin}:${process.env.PATH}`, NODE_ENV: "development", NO_COLOR: "1", TERM: "dumb" });

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

  it("runs the README's examples unless a block says why not", () => {
    const blocks = documents().flatMap(({ file, text }) => exampleBlocks(file, text));
    // The README is short (issue 33): its set-up and tour run; the reference moved to docs/ with
    // its examples, which run after it in the same session.
    const readme = blocks.filter((block) => block.file === "README.md");
    expect(readme.filter((block) => !block.skipped).length).toBeGreaterThanOrEqual(3);
    expect(blocks.filter((block) => !block.skipped).length).toBeGreaterThanOrEqual(20);
    // The Languages example is the one that broke while unmarked: it must run.
    const languages = blocks.find((block) => block.code.includes("LANG=tr_TR.UTF-8 auth"));
    expect(languages?.skipped).toBeUndefined();
  });

  it("runs every block in order, each as written", async () => {
    const blocks = documents()
      .flatMap(({ file, text }) => exampleBlocks(file, text))
      .filter((block) => !block.skipped);
    for (const block of blocks) {
      const code = DOCUMENTED_URLS.reduce((text, documented) => text.split(documented).join(url), block.code);
      const { status, output } = await session.run(code, 60_000);
      if (status !== 0) {
        throw new Error(`${block.file}:${block.line}: the example failed (exit ${status}).\n\n--- block ---\n${block.code}\n\n--- output ---\n${output}\n--- server ---\n${server?.stderr().slice(-2000)}`);
      }
    }
    // Example files (users.jsonl holds password hashes) go to the temporary folder, not the checkout.
    expect(readdirSync(work).filter((name) => /\.(jsonl|csv|txt)$/.test(name))).toEqual([]);
  }, 300_000);
});
