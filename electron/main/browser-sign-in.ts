/**
 * "Sign in with your browser": the app's half of the desktop hand-off (docs/desktop.md), in
 * @better-auth/electron's wire format. Main makes a fresh state and PKCE verifier, opens the
 * server's /console/sign-in in the system browser with the S256 challenge and where to come back
 * to, waits for the code (hand-off-receivers.ts), and trades it once at POST /electron/token for
 * a session of the app's own, which becomes an account on that server (accounts.ts).
 *
 * The verifier never leaves main; the browser and the page only ever see its challenge, so a
 * code that leaks from the browser (history, an extension) is worthless without it.
 */
import { createHash, randomBytes } from "node:crypto";
import type { FetchLike } from "./request-proxy.js";
import type { HandOffReceiver } from "./hand-off-receivers.js";
import type { ServerStore } from "./servers.js";

/** The server's `electron.clientId` default; a server configured otherwise is not ours to guess. */
export const DESKTOP_CLIENT_ID = "electron";
const STATE_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

export interface BrowserSignInOptions {
  store: ServerStore;
  fetch: FetchLike;
  /** shell.openExternal in the app. */
  openExternal(url: string): Promise<void>;
  /** A loopback listener or the latchkey: scheme, waiting for this state. */
  receive(state: string): Promise<HandOffReceiver>;
  clientId?: string;
}

export interface PkcePair {
  state: string;
  verifier: string;
  challenge: string;
}

/** As @better-auth/electron makes them: a 16-character state, 32 random bytes of verifier, S256. */
export function newPkcePair(): PkcePair {
  // 62 letters and digits: 256 % 62 leaves a small bias, irrelevant for 16 characters of state.
  const state = [...randomBytes(16)].map((byte) => STATE_ALPHABET[byte % STATE_ALPHABET.length]).join("");
  const verifier = randomBytes(32).toString("base64url");
  return { state, verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

/** The sign-in page's address for one hand-off. */
export function handOffAddress(serverUrl: string, input: { clientId: string; state: string; challenge: string; redirectUri: string }): string {
  const query = new URLSearchParams({ client_id: input.clientId, state: input.state, code_challenge: input.challenge, redirect_uri: input.redirectUri });
  return `${serverUrl}/console/sign-in?${query.toString()}`;
}

interface TradeAnswer {
  token?: unknown;
  user?: { id?: unknown; email?: unknown; name?: unknown };
  message?: unknown;
}

export class BrowserSignIn {
  private current: HandOffReceiver | null = null;

  constructor(private readonly options: BrowserSignInOptions) {}

  /**
   * Signs a person in on the active server through the browser; answers who. One sign-in waits at
   * a time: starting another cancels the first (its listener closes, its code is never traded).
   */
  async start(): Promise<{ userId: string; email: string; name: string }> {
    const { store } = this.options;
    const server = store.active();
    if (!server) throw new Error("No server is selected");
    this.current?.cancel();
    const pkce = newPkcePair();
    const receiver = await this.options.receive(pkce.state);
    this.current = receiver;
    try {
      await this.options.openExternal(handOffAddress(server.url, { clientId: this.options.clientId ?? DESKTOP_CLIENT_ID, state: pkce.state, challenge: pkce.challenge, redirectUri: receiver.redirectUri }));
      const code = await receiver.code;
      const { token, user } = await this.trade(server.url, { code, state: pkce.state, verifier: pkce.verifier });
      const replaced = await store.change(server.id, (accounts) => accounts.put({ userId: user.id, token }));
      // One session per person here: the one this sign-in replaces ends on the server too.
      if (replaced) await this.options.fetch(`${server.url}/api/auth/sign-out`, { method: "POST", headers: { authorization: `Bearer ${replaced}`, "content-type": "application/json" }, body: "{}", redirect: "manual" }).catch(() => undefined);
      return { userId: user.id, email: user.email, name: user.name };
    } finally {
      receiver.cancel();
      if (this.current === receiver) this.current = null;
    }
  }

  cancel(): void {
    this.current?.cancel();
  }

  /** POST /electron/token: the code, its state and the verifier, for `{token, user}`. */
  private async trade(serverUrl: string, input: { code: string; state: string; verifier: string }): Promise<{ token: string; user: { id: string; email: string; name: string } }> {
    const answer = await this.options.fetch(`${serverUrl}/api/auth/electron/token`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ token: input.code, state: input.state, code_verifier: input.verifier }),
      redirect: "manual",
    });
    const text = await answer.text();
    let json: TradeAnswer | null;
    try {
      json = JSON.parse(text) as TradeAnswer | null;
    } catch {
      json = null;
    }
    if (answer.status !== 200 || typeof json?.token !== "string" || typeof json.user?.id !== "string") {
      throw new Error(typeof json?.message === "string" ? json.message : `The server refused the sign-in (${answer.status})`);
    }
    return { token: json.token, user: { id: json.user.id, email: String(json.user.email ?? ""), name: String(json.user.name ?? "") } };
  }
}
