/**
 * The one way the renderer reaches the server: the shared typed client. In the browser it calls
 * its own origin with cookies; in Electron it calls the active server through main.
 * Feature code imports `api` only from its own queries.ts.
 */
import { createLightClient } from "../../shared/client/light";
import type { LatchkeyClient } from "../../shared/client/client-core";
import { i18next } from "../i18n";
import { desktop, desktopFetch } from "./desktop";

let current: LatchkeyClient = build(typeof location !== "undefined" ? location.origin : "http://127.0.0.1:3000");

/**
 * Every request names the console's language, so a mail sent to someone who chose none (a reset
 * asked for from the sign-in page) is in the language they were reading, not the browser's.
 */
function withLanguage(base: typeof fetch): typeof fetch {
  return (input, init) => {
    const headers = new Headers(init?.headers);
    if (i18next.language) headers.set("accept-language", i18next.language);
    return base(input, { ...init, headers });
  };
}

function build(origin: string): LatchkeyClient {
  return createLightClient({
    baseURL: origin,
    credentials: "include",
    fetch: withLanguage(desktop ? desktopFetch(desktop) : (input, init) => fetch(input, init)),
  });
}

/** Point the client at another server (Electron, after choosing a server). */
export function setServerOrigin(origin: string): void {
  current = build(origin);
}

/** The client in use; a getter so a server switch reaches every caller. */
export const api: LatchkeyClient = new Proxy({} as LatchkeyClient, {
  get(_target, key) {
    const value = (current as unknown as Record<PropertyKey, unknown>)[key];
    return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(current) : value;
  },
});

export type Api = LatchkeyClient;
