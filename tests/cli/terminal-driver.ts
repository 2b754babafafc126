/**
 * A real pseudo-terminal for CLI tests, without system packages beyond Debian's base: tmux when it
 * is installed (a private socket), otherwise util-linux's `script` (in Debian's essential
 * bsdutils) with a small screen emulator below that reads the output the way a terminal shows
 * it. LATCHKEY_TEST_TERMINAL=script|tmux picks one (to test the fallback on a machine with tmux).
 *
 * Both give the program a tty (120×30 unless asked otherwise): Ink renders, raw-mode prompts
 * mask, `isTTY` is true. `scrollback()` is everything printed, the lines scrolled off included.
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";

export interface Terminal {
  /** The visible screen, one line per row, trailing spaces trimmed. */
  screen(): string;
  /** The scrollback and the screen: every line the terminal still holds, trailing spaces trimmed. */
  scrollback(): string;
  /** tmux send-keys semantics: "Enter", single keys, or "-l" followed by literal text. */
  keys(...keys: string[]): void;
  /** Polls the screen until `pattern` shows; 30 s unless told (each wait starts a new Node CLI, slow on a loaded box). */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<string>;
}

export interface TerminalDriver {
  kind: "tmux" | "script";
  /** Runs `command` (a shell line) in a fresh terminal; the output stays readable after exit. */
  open(command: string, size?: TerminalSize): Terminal;
  close(): void;
}

export interface TerminalSize {
  columns: number;
  rows: number;
}

const DEFAULT_SIZE: TerminalSize = { columns: 120, rows: 30 };

export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

export function terminalDriver(): TerminalDriver {
  const wanted = process.env.LATCHKEY_TEST_TERMINAL;
  if (wanted === "tmux" || (wanted !== "script" && spawnSync("tmux", ["-V"]).status === 0)) return tmuxDriver();
  return scriptDriver();
}

function withWaitFor(screen: () => string): Terminal["waitFor"] {
  // Generous on purpose: it catches a program that never shows the text, not a slow start (a
  // CLI's Node start on two loaded cores can take several seconds; speed belongs in bench/).
  return async (pattern, timeoutMs = 30_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const text = screen();
      if (pattern.test(text)) return text;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${pattern}; screen:\n${text}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
}

function tmuxDriver(): TerminalDriver {
  const socket = `latchkey-cli-${process.pid}`;
  let sessions = 0;
  const tmux = (...args: string[]) => execFileSync("tmux", ["-L", socket, ...args], { encoding: "utf8" });
  return {
    kind: "tmux",
    open(command, size = DEFAULT_SIZE) {
      const name = `t${sessions++}`;
      // The pane stays open after the program exits, to be read.
      tmux("new-session", "-d", "-s", name, "-x", String(size.columns), "-y", String(size.rows), `${command}; sleep 60`);
      const screen = () => tmux("capture-pane", "-p", "-t", name);
      // -S - : from the first line of the history; -J would join wrapped lines, which we want to see.
      const scrollback = () => tmux("capture-pane", "-p", "-S", "-", "-t", name).replace(/\n+$/, "\n");
      return { screen, scrollback, keys: (...keys) => void tmux("send-keys", "-t", name, ...keys), waitFor: withWaitFor(screen) };
    },
    close() {
      try {
        tmux("kill-server");
      } catch {
        /* already gone */
      }
    },
  };
}

function scriptDriver(): TerminalDriver {
  const children: ChildProcess[] = [];
  return {
    kind: "script",
    open(command, size = DEFAULT_SIZE) {
      // `script` gives the command a pty and copies it to our stdout; stty sets the size tmux would.
      const child = spawn("script", ["-q", "-e", "-c", `stty cols ${size.columns} rows ${size.rows}; ${command}`, "/dev/null"], {
        stdio: ["pipe", "pipe", "inherit"],
        env: { ...process.env, SHELL: "/bin/sh" },
      });
      children.push(child);
      const emulator = new ScreenEmulator(size.columns, size.rows);
      child.stdout?.setEncoding("utf8");
      child.stdout?.on("data", (chunk: string) => emulator.write(chunk));
      const screen = () => emulator.text();
      return {
        screen,
        scrollback: () => emulator.scrollback(),
        keys(...keys) {
          let text = "";
          for (let i = 0; i < keys.length; i++) {
            const key = keys[i] as string;
            if (key === "-l") text += keys[++i] ?? "";
            else text += KEYS[key] ?? key;
          }
          child.stdin?.write(text);
        },
        waitFor: withWaitFor(screen),
      };
    },
    close() {
      for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    },
  };
}

const KEYS: Record<string, string> = { Enter: "\r", Escape: "\x1b", Tab: "\t", BSpace: "\x7f", Up: "\x1b[A", Down: "\x1b[B", Right: "\x1b[C", Left: "\x1b[D" };

/**
 * Just enough of a VT100 to show what Ink, prompts and progress bars leave on screen: printable
 * text with wrapping and scrolling, CR/LF/BS, cursor moves (A B C D G H), erase line (K) and
 * display (J). Colours and modes are read and ignored.
 */
export class ScreenEmulator {
  private lines: string[][];
  /** Lines scrolled off the top, oldest first (as a terminal's history keeps them). */
  private history: string[][] = [];
  private row = 0;
  private col = 0;
  private pending = "";

  constructor(
    private readonly columns: number,
    private readonly rows: number,
  ) {
    this.lines = Array.from({ length: rows }, () => []);
  }

  text(): string {
    return this.lines.map((line) => ScreenEmulator.show(line)).join("\n") + "\n";
  }

  scrollback(): string {
    return [...this.history, ...this.lines].map((line) => ScreenEmulator.show(line)).join("\n").replace(/\n+$/, "") + "\n";
  }

  private static show(line: string[]): string {
    return Array.from({ length: line.length }, (_, i) => line[i] ?? " ").join("").trimEnd();
  }

  write(chunk: string): void {
    const data = this.pending + chunk;
    this.pending = "";
    const chars = Array.from(data);
    for (let i = 0; i < chars.length; i++) {
      const ch = chars[i] as string;
      if (ch === "\x1b") {
        const consumed = this.escape(chars, i);
        if (consumed === 0) {
          // An escape cut in half by the pipe: keep it for the next chunk.
          this.pending = chars.slice(i).join("");
          return;
        }
        i += consumed - 1;
      } else if (ch === "\r") this.col = 0;
      else if (ch === "\n") this.lineFeed();
      else if (ch === "\b") this.col = Math.max(0, this.col - 1);
      else if (ch === "\x07" || ch < " ") continue;
      else this.put(ch);
    }
  }

  private put(ch: string): void {
    if (this.col >= this.columns) {
      this.col = 0;
      this.lineFeed();
    }
    const line = this.lines[this.row] as string[];
    while (line.length < this.col) line.push(" ");
    line[this.col++] = ch;
  }

  private lineFeed(): void {
    if (this.row === this.rows - 1) {
      this.history.push(this.lines.shift() as string[]);
      this.lines.push([]);
    } else this.row++;
  }

  /** Handles the escape sequence at chars[i]; answers how many chars it used (0: incomplete). */
  private escape(chars: string[], i: number): number {
    const next = chars[i + 1];
    if (next === undefined) return 0;
    if (next === "]") {
      // OSC: up to BEL or ESC \
      for (let j = i + 2; j < chars.length; j++) {
        if (chars[j] === "\x07") return j - i + 1;
        if (chars[j] === "\x1b" && chars[j + 1] === "\\") return j - i + 2;
      }
      return 0;
    }
    if (next !== "[") return 2;
    let j = i + 2;
    while (j < chars.length && /[0-9;?<=>]/.test(chars[j] as string)) j++;
    if (j >= chars.length) return 0;
    const params = chars.slice(i + 2, j).join("");
    const final = chars[j] as string;
    if (!params.startsWith("?")) this.csi(final, params.split(";").map((p) => (p === "" ? NaN : Number(p))));
    return j - i + 1;
  }

  private csi(final: string, params: number[]): void {
    const n = Number.isNaN(params[0] ?? NaN) ? 1 : Math.max(1, params[0] as number);
    const at = (value: number | undefined) => (value === undefined || Number.isNaN(value) ? 0 : value);
    switch (final) {
      case "A": this.row = Math.max(0, this.row - n); break;
      case "B": this.row = Math.min(this.rows - 1, this.row + n); break;
      case "C": this.col = Math.min(this.columns - 1, this.col + n); break;
      case "D": this.col = Math.max(0, this.col - n); break;
      case "G": this.col = Math.min(this.columns - 1, n - 1); break;
      case "H":
      case "f":
        this.row = Math.min(this.rows - 1, Math.max(0, (at(params[0]) || 1) - 1));
        this.col = Math.min(this.columns - 1, Math.max(0, (at(params[1]) || 1) - 1));
        break;
      case "K": {
        const line = this.lines[this.row] as string[];
        const mode = at(params[0]);
        if (mode === 0) line.length = Math.min(line.length, this.col);
        else if (mode === 1) for (let c = 0; c <= this.col && c < line.length; c++) line[c] = " ";
        else line.length = 0;
        break;
      }
      case "J": {
        const mode = at(params[0]);
        if (mode === 0) {
          (this.lines[this.row] as string[]).length = Math.min((this.lines[this.row] as string[]).length, this.col);
          for (let r = this.row + 1; r < this.rows; r++) this.lines[r] = [];
        } else if (mode === 2 || mode === 3) {
          // 3 also erases the scrollback, as xterm does: what a re-rendering view must not do.
          if (mode === 3) this.history = [];
          this.lines = Array.from({ length: this.rows }, () => []);
        }
        break;
      }
      default:
        break; // colours (m), modes and the rest change nothing we read
    }
  }
}
