/**
 * The desktop app's half of @better-auth/electron's hand-off, as its `requestAuth` and
 * `authenticate` do it: a 16-character state, a verifier of 32 random bytes, its S256 challenge
 * (better-auth's own `generateCodeChallenge`), and the code traded at /electron/token by a
 * client that holds no browser cookies.
 */
import { randomBytes } from "node:crypto";
import { createAuthClient } from "better-auth/client";
import { generateCodeChallenge } from "better-auth/oauth2";
import { expect } from "vitest";
import type { TestServer } from "../../helpers/test-server.js";

export interface DesktopApp {
  state: string;
  verifier: string;
  challenge: string;
  /** The query a sign-in page is opened with. */
  query: { client_id: string; state: string; code_challenge: string };
  /** POST /electron/token as the app: `{ data, error }` of better-auth's client. */
  trade(token: string, overrides?: { state?: string; verifier?: string }): Promise<{ data: { token: string; user: { id: string; email: string } } | null; error: { status: number; code?: string; message?: string } | null }>;
}

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

export async function desktopApp(server: TestServer, clientId = "electron"): Promise<DesktopApp> {
  const state = [...randomBytes(16)].map((byte) => ALPHABET[byte % ALPHABET.length]).join("");
  const verifier = randomBytes(32).toString("base64url");
  const challenge = await generateCodeChallenge(verifier);
  // The app's own client: no cookie jar, so the session it gets can only come from the code.
  const client = createAuthClient({ baseURL: server.url });
  return {
    state,
    verifier,
    challenge,
    query: { client_id: clientId, state, code_challenge: challenge },
    async trade(token, overrides = {}) {
      const result = await client.$fetch("/electron/token", {
        method: "POST",
        body: { token, state: overrides.state ?? state, code_verifier: overrides.verifier ?? verifier },
      });
      return result as never;
    },
  };
}

/** The page's cookie (`latchkey.electron`) decoded as the app's `authenticate` decodes `#token=…`. */
export function decodeHandOffCookie(value: string | undefined): { identifier: string; state: string } {
  expect(value, "the latchkey.electron cookie").toBeTruthy();
  return JSON.parse(Buffer.from(decodeURIComponent(value!), "base64url").toString("utf8")) as { identifier: string; state: string };
}

/** The session a bearer token stands for, as the app would ask. */
export async function sessionOfToken(server: TestServer, token: string) {
  const response = await server.request("GET", "/get-session", { token });
  return response.body as { session: { id: string; token: string }; user: { id: string; email: string } } | null;
}
