/**
 * docs/screenshots/cli-*.png, the README tour's command line (issue 33): a fresh server on a
 * temporary database, a few users made and banned with `auth` itself, then `auth admin users
 * list` in tmux at 80×30 (the size the CLI is tested at), the pane captured with
 * its colours and drawn by headless Chromium as a terminal would. Run from a checkout after
 * `npm run build`: `node --experimental-strip-types scripts/screenshot-cli.ts` (or through vitest's
 * loader: `npx jiti scripts/screenshot-cli.ts`). Needs tmux.
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { launchBrowser } from "../tests/helpers/browser.js";
import { freePort } from "../tests/helpers/run-cli.js";

const ROOT = join(import.meta.dirname, "..");
const AUTH = join(ROOT, "bin", "auth.js");
const COLUMNS = 80;
const ROWS = 30;

const PALETTE = ["#1e1e1e", "#e06c75", "#98c379", "#e5c07b", "#61afef", "#c678dd", "#56b6c2", "#d4d4d4", "#7f848e", "#ff7b86", "#b5e890", "#ffd68a", "#8cc8ff", "#e099ff", "#7fdbe6", "#ffffff"];

/** An SGR sequence (ESC [ codes m): the only escapes tmux's `capture-pane -e` writes. */
const SGR = new RegExp(`(${String.fromCharCode(27)}\\[[0-9;]*m)`);
const SGR_CODES = new RegExp(`^${String.fromCharCode(27)}\\[([0-9;]*)m$`);

/** tmux's `capture-pane -e` text (SGR colour codes only) as HTML spans. */
function ansiToHtml(text: string): string {
  const escape = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  let style: { fg?: string; bold?: boolean; dim?: boolean; underline?: boolean; inverse?: boolean } = {};
  let html = "";
  for (const part of text.split(SGR)) {
    const codes = SGR_CODES.exec(part)?.[1];
    if (codes === undefined) {
      if (!part) continue;
      const css = [style.fg ? `color:${style.fg}` : "", style.bold ? "font-weight:700" : "", style.dim ? "opacity:.65" : "", style.underline ? "text-decoration:underline" : "", style.inverse ? "background:#d4d4d4;color:#1e1e1e" : ""].filter(Boolean).join(";");
      html += css ? `<span style="${css}">${escape(part)}</span>` : escape(part);
      continue;
    }
    const list = (codes || "0").split(";").map(Number);
    for (let i = 0; i < list.length; i++) {
      const code = list[i]!;
      if (code === 0) style = {};
      else if (code === 1) style.bold = true;
      else if (code === 2) style.dim = true;
      else if (code === 22) style.bold = style.dim = false;
      else if (code === 4) style.underline = true;
      else if (code === 24) style.underline = false;
      else if (code === 7) style.inverse = true;
      else if (code === 27) style.inverse = false;
      else if (code >= 30 && code <= 37) style.fg = PALETTE[code - 30];
      else if (code >= 90 && code <= 97) style.fg = PALETTE[code - 90 + 8];
      else if (code === 39) delete style.fg;
      else if (code === 38 && list[i + 1] === 5) {
        const n = list[i + 2]!;
        style.fg = n < 16 ? PALETTE[n] : undefined;
        i += 2;
      } else if (code === 38 && list[i + 1] === 2) {
        style.fg = `rgb(${list[i + 2]},${list[i + 3]},${list[i + 4]})`;
        i += 4;
      }
    }
  }
  return html;
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), "latchkey-cli-shot-"));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = { ...process.env, HOME: join(dir, "home"), XDG_CONFIG_HOME: join(dir, "config"), AUTH_URL: url, LANG: "en_US.UTF-8", TERM: "xterm-256color", COLORTERM: "truecolor", FORCE_COLOR: undefined, NO_COLOR: undefined };
  const auth = (args: string[], input?: string) => execFileSync(process.execPath, [AUTH, ...args], { cwd: dir, env, input, encoding: "utf8" });
  const server = spawn(process.execPath, [AUTH, "server", "start", "--port", String(port), "--db", join(dir, "latchkey.db"), "--no-rate-limit"], { cwd: dir, env, stdio: "ignore" });
  const socket = `latchkey-shot-${process.pid}`;
  const tmux = (...args: string[]) => execFileSync("tmux", ["-L", socket, ...args], { encoding: "utf8" });
  const browser = await launchBrowser();
  try {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${url}/api/auth/ok`)).ok) break;
      } catch {
        if (i > 100) throw new Error("the server did not start");
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    const password = "correct horse battery staple";
    auth(["server", "create-admin", "--db", join(dir, "latchkey.db"), "--email", "ops@example.com", "--name", "Operations", "--password-stdin"], password);
    auth(["login", "--email", "ops@example.com", "--password-stdin"], password);
    const people = [
      ["ada@example.com", "Ada Lovelace"],
      ["grace@example.com", "Grace Hopper"],
      ["lin@example.com", "Lin Wei"],
      ["spam@example.com", "Cheap Watches"],
    ];
    for (const [email, name] of people) auth(["admin", "users", "create", "--email", email!, "--name", name!, "--password-stdin", "--verified"], "a long example passphrase");
    auth(["admin", "ban", "spam@example.com", "--reason", "spam", "--expires", "7d", "--yes"]);
    auth(["admin", "users", "set-role", "grace@example.com", "admin"]);

    const shots: Array<[string, string]> = [["cli-users-list", "auth admin users list"]];
    const page = await browser.newPage({ viewport: { width: 900, height: 640 }, deviceScaleFactor: 1 });
    for (const [name, command] of shots) {
      tmux("new-session", "-d", "-s", name, "-x", String(COLUMNS), "-y", String(ROWS), "bash --norc --noprofile");
      // `auth` as `npm link` leaves it, and this run's profile and server.
      const setup = `export HOME='${env.HOME}' XDG_CONFIG_HOME='${env.XDG_CONFIG_HOME}' AUTH_URL='${url}' LANG=en_US.UTF-8; auth() { '${process.execPath}' '${AUTH}' "$@"; }; PS1='$ '; clear`;
      tmux("send-keys", "-t", name, setup, "Enter");
      await new Promise((resolve) => setTimeout(resolve, 300));
      tmux("send-keys", "-t", name, command, "Enter");
      for (let i = 0; i < 100; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        if (/\n\$ $/.test(tmux("capture-pane", "-p", "-t", name).trimEnd() + " ")) break;
      }
      const screen = tmux("capture-pane", "-p", "-e", "-t", name).replace(/\n\$ \s*$/, "\n$").trimEnd();
      await page.setContent(`<!doctype html><html><body style="margin:0;background:#1e1e1e"><pre style="margin:0;padding:16px 20px;font:14px/1.35 'DejaVu Sans Mono',monospace;color:#d4d4d4;width:${COLUMNS}ch">${ansiToHtml(screen)}</pre></body></html>`);
      const box = await page.locator("pre").boundingBox();
      await page.screenshot({ path: join(ROOT, "docs", "screenshots", `${name}.png`), clip: { x: 0, y: 0, width: Math.ceil(box!.width), height: Math.ceil(box!.height) } });
      console.log(`docs/screenshots/${name}.png`);
    }
  } finally {
    await browser.close();
    try {
      tmux("kill-server");
    } catch {
      /* no session was opened */
    }
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
