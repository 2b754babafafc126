/**
 * `auth login --provider NAME`: sign in through the system browser, as `gh auth login` does.
 * The CLI listens on a loopback port (RFC 8252), asks the server for the provider's URL with a
 * PKCE-style challenge, its own random `state` and this machine's host name, prints the user
 * code the server answers (ABCD-1234), opens the browser (or prints the URL), and waits. After
 * the provider, the browser shows a Latchkey page naming this host and that code; only when the
 * person approves is the browser sent back here with a one-time code, which only this process
 * (holding the verifier) can trade for a session. The listener answers only a request carrying
 * its state: any other (a web page probing loopback ports with `?error=`) gets a 400 and the
 * login keeps waiting.
 */
import { spawn } from "node:child_process";
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { hostname } from "node:os";
import type { LatchkeyClient } from "../shared/client/index.js";
import { CliError, EXIT } from "./exit-codes.js";
import { currentLanguage, text } from "./i18n/index.js";

export interface SocialLoginOptions {
  provider: string;
  /** Tell the person what is happening (stderr). */
  say(message: string): void;
  timeoutMs?: number;
}

/** The page the browser shows when it comes back to the terminal's listener, in the CLI's language. */
const PAGE = (title: string, body: string) =>
  `<!doctype html><html lang="${currentLanguage()}"><head><meta charset="utf-8"><title>${title}</title></head><body style="font-family:system-ui;margin:4rem auto;max-width:32rem"><h1>${title}</h1><p>${body}</p></body></html>`;

/** Open `url` in the person's browser: $BROWSER when set, else the platform's opener. Failures are not fatal (the URL is printed). */
function openBrowser(url: string): void {
  const command = process.env.BROWSER || (process.platform === "darwin" ? "open" : process.platform === "win32" ? "explorer" : "xdg-open");
  try {
    const child = spawn(command, [url], { stdio: "ignore", detached: true });
    child.on("error", () => undefined);
    child.unref();
  } catch {
    /* printed below anyway */
  }
}

/** This machine's name as the approval page shows it: no control or formatting characters, at most 64 characters. */
export function reportedHost(name = hostname()): string {
  const clean = name.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, "").slice(0, 64);
  return clean || "unknown host";
}

function sameState(given: string | null, expected: string): boolean {
  if (given === null || given.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

export async function socialLogin(client: LatchkeyClient, options: SocialLoginOptions) {
  const verifier = randomBytes(48).toString("base64url");
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  const state = randomBytes(32).toString("base64url");
  let settle!: (value: { code?: string; error?: string }) => void;
  const arrived = new Promise<{ code?: string; error?: string }>((resolve) => (settle = resolve));
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    if (url.pathname !== "/callback") {
      response.writeHead(404).end();
      return;
    }
    if (!sameState(url.searchParams.get("state"), state)) {
      // Not the redirect this login is waiting for: refuse it and keep waiting.
      response.writeHead(400, { "content-type": "text/html; charset=utf-8" });
      response.end(PAGE(text("checks", "socialPageWrongTitle"), text("checks", "socialPageWrongBody")));
      return;
    }
    const code = url.searchParams.get("code") ?? undefined;
    const error = url.searchParams.get("error") ?? undefined;
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    if (code) response.end(PAGE(text("checks", "socialPageSignedInTitle"), text("checks", "socialPageSignedInBody")));
    else if (error === "access_denied") response.end(PAGE(text("checks", "socialPageDeniedTitle"), text("checks", "socialPageDeniedBody")));
    else response.end(PAGE(text("checks", "socialPageFailedTitle"), text("checks", "socialPageFailedBody", { reason: (error ?? "no code").replace(/[<>&"']/g, "") })));
    settle({ code, error: code ? undefined : (error ?? "no code") });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const loopbackURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`;
  try {
    const { url, userCode } = await client.cliSocialStart({ provider: options.provider, loopbackURL, challenge, state, host: reportedHost() });
    options.say(`${text("checks", "socialOpening", { provider: options.provider })}\n  ${url}`);
    options.say(text("checks", "socialCode", { code: userCode }));
    openBrowser(url);
    const timeout = options.timeoutMs ?? 5 * 60_000;
    let timer: NodeJS.Timeout | undefined;
    const result = await Promise.race([arrived, new Promise<{ error: string }>((resolve) => (timer = setTimeout(() => resolve({ error: "timeout" }), timeout)))]);
    clearTimeout(timer);
    if (!("code" in result) || !result.code) {
      if (result.error === "access_denied") throw new CliError(text("checks", "socialDenied", { provider: options.provider }), EXIT.NOT_SIGNED_IN, "SOCIAL_LOGIN_DENIED");
      const reason = result.error === "timeout" ? text("checks", "socialTimeout") : result.error;
      throw new CliError(text("checks", "socialFailed", { provider: options.provider, reason: String(reason) }), EXIT.NOT_SIGNED_IN, "SOCIAL_LOGIN_FAILED");
    }
    return await client.cliSocialToken({ code: result.code, verifier });
  } finally {
    server.closeAllConnections();
    server.close();
  }
}
