/**
 * Where the browser brings the desktop hand-off's code back (RFC 8252 §7): a loopback listener
 * on 127.0.0.1 and a free port (development, and any build without the registered scheme), or
 * the app's `latchkey://` scheme (packaged builds: the system gives the URL to the app, see
 * main.ts). Either one takes the code only with the state this sign-in made, once.
 */
import { timingSafeEqual } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface HandOffReceiver {
  /** The `redirect_uri` the sign-in page sends the browser to. */
  redirectUri: string;
  /** The code, once a request with the expected state arrives; rejects on timeout or cancel. */
  code: Promise<string>;
  /** Stops waiting (a new sign-in started, or the app quits). */
  cancel(): void;
}

/** How long the app waits for the browser: the server's code itself lives 5 minutes. */
export const HAND_OFF_WAIT_MS = 10 * 60_000;
const CALLBACK_PATH = "/callback";
/** The server's codes are 32 letters and digits; anything else is not one. */
const CODE = /^[A-Za-z0-9]{16,128}$/;

export class HandOffCancelled extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = "HandOffCancelled";
  }
}

function sameState(a: string | null, b: string): boolean {
  if (a === null) return false;
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * A one-use listener on 127.0.0.1 (never 0.0.0.0: nothing off this computer may reach it). It
 * answers 204 to the request carrying the expected state, so the browser stays on the sign-in
 * page's "You can return to Latchkey", then closes. A request with another state (a page that is
 * not this sign-in's, or a guess) gets 400 and changes nothing; the listener keeps waiting.
 */
export async function startLoopbackReceiver(state: string, options: { timeoutMs?: number } = {}): Promise<HandOffReceiver> {
  let settle!: { resolve(code: string): void; reject(error: Error): void };
  const code = new Promise<string>((resolve, reject) => (settle = { resolve, reject }));
  code.catch(() => undefined); // a cancelled wait nobody awaits is not an unhandled rejection
  let done = false;
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    if (done || request.method !== "GET" || url.pathname !== CALLBACK_PATH) {
      response.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("Not found");
      return;
    }
    const received = url.searchParams.get("code");
    if (!sameState(url.searchParams.get("state"), state) || !received || !CODE.test(received)) {
      response.writeHead(400, { "content-type": "text/plain; charset=utf-8" }).end("This is not the sign-in the Latchkey app is waiting for.");
      return;
    }
    response.writeHead(204, { "cache-control": "no-store" }).end();
    finish(() => settle.resolve(received));
  });
  const finish = (action: () => void) => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    server.close();
    server.closeAllConnections();
    action();
  };
  const timer = setTimeout(() => finish(() => settle.reject(new HandOffCancelled("The browser did not come back in time; sign in again"))), options.timeoutMs ?? HAND_OFF_WAIT_MS);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const port = (server.address() as AddressInfo).port;
  return {
    redirectUri: `http://127.0.0.1:${port}${CALLBACK_PATH}`,
    code,
    cancel: () => finish(() => settle.reject(new HandOffCancelled("Sign-in cancelled"))),
  };
}

export const APP_LINK_SCHEME = "latchkey";
const APP_LINK_CALLBACK = `${APP_LINK_SCHEME}://auth/callback`;

/**
 * Packaged builds: the browser opens `latchkey://auth/callback?code&state`, the system starts or
 * wakes the app with that URL (macOS `open-url`; Windows and Linux a second instance whose argv
 * main passes on), and main hands it to `deliver`. Only the waiting sign-in's state is taken.
 */
export class AppLinkReceivers {
  private waiting: { state: string; resolve(code: string): void; reject(error: Error): void; timer: ReturnType<typeof setTimeout> } | null = null;

  start(state: string, options: { timeoutMs?: number } = {}): HandOffReceiver {
    this.waiting?.reject(new HandOffCancelled("Sign-in cancelled"));
    let entry!: NonNullable<AppLinkReceivers["waiting"]>;
    const code = new Promise<string>((resolve, reject) => {
      const clear = () => {
        clearTimeout(entry.timer);
        if (this.waiting === entry) this.waiting = null;
      };
      entry = {
        state,
        resolve: (value) => (clear(), resolve(value)),
        reject: (error) => (clear(), reject(error)),
        timer: setTimeout(() => entry.reject(new HandOffCancelled("The browser did not come back in time; sign in again")), options.timeoutMs ?? HAND_OFF_WAIT_MS),
      };
    });
    code.catch(() => undefined);
    this.waiting = entry;
    return { redirectUri: APP_LINK_CALLBACK, code, cancel: () => entry.reject(new HandOffCancelled("Sign-in cancelled")) };
  }

  /** A `latchkey:` URL the system handed the app; true when it completed the waiting sign-in. */
  deliver(link: string): boolean {
    let url: URL;
    try {
      url = new URL(link);
    } catch {
      return false;
    }
    if (`${url.protocol}//${url.host}${url.pathname}` !== APP_LINK_CALLBACK || !this.waiting) return false;
    const received = url.searchParams.get("code");
    if (!sameState(url.searchParams.get("state"), this.waiting.state) || !received || !CODE.test(received)) return false;
    this.waiting.resolve(received);
    return true;
  }
}

/** The `latchkey:` URL among a second instance's arguments (Windows and Linux pass it there). */
export function appLinkInArgv(argv: readonly string[]): string | null {
  return argv.find((arg) => arg.startsWith(`${APP_LINK_SCHEME}://`)) ?? null;
}
