/**
 * The one way the renderer reaches the server: the shared typed client. In the browser it calls
 * its own origin with cookies; in Electron it calls the active server through main.
 * Only query modules import `api`: each area's queries.ts (and a route loader's *-query(ies).ts
 * beside it), app/queries.ts and app/session.ts; eslint.config.js enforces it.
 */
import { createLightClient } from "../../shared/client/light";
import type { LatchkeyClient } from "../../shared/client/client-core";
import { i18next } from "../i18n";
import { reportServerAnswer } from "./connection";
import { desktop, desktopFetch } from "./desktop";

const current: LatchkeyClient = build(typeof location !== "undefined" ? location.origin : "http://127.0.0.1:3000");

/**
 * Every request names the console's language, so a mail sent to someone who chose none (a reset
 * asked for from the sign-in page) is in the language they were reading, not the browser's.
 */
function withLanguage(base: typeof fetch): typeof fetch {
  return (input, init) => {
    const headers = new Headers(init?.headers);
    if (i18next.language) headers.set("accept-language", i18next.language);
    // Whether the server answered at all feeds the offline notice (connection.ts); a request
    // called off (a search typed on) says nothing either way.
    return base(input, { ...init, headers }).then(
      (response) => {
        reportServerAnswer(true);
        return response;
      },
      (error: unknown) => {
        if (!(error instanceof DOMException && error.name === "AbortError")) reportServerAnswer(false);
        throw error;
      },
    );
  };
}

function build(origin: string): LatchkeyClient {
  return createLightClient({
    baseURL: origin,
    credentials: "include",
    fetch: withLanguage(desktop ? desktopFetch(desktop) : (input, init) => fetch(input, init)),
  });
}

/** The client, its methods bound so they can be passed on as they are (`queryFn: api.x`). */
export const api: LatchkeyClient = new Proxy({} as LatchkeyClient, {
  get(_target, key) {
    const value = (current as unknown as Record<PropertyKey, unknown>)[key];
    return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(current) : value;
  },
});

