/** Helpers shared by the account-lifecycle suites: mail, audit rows and a cookie-keeping browser. */
import { expect } from "vitest";
import { createCookieFetch, type CookieFetch } from "../../helpers/cookie-fetch.js";
import type { TestServer } from "../../helpers/test-server.js";

export async function lastMail(server: TestServer, to: string, kind: string) {
  const mails = (await server.outbox(to)).filter((m) => m.kind === kind);
  expect(mails.length, `a ${kind} mail to ${to}`).toBeGreaterThan(0);
  return mails[0]!;
}

export async function mailCount(server: TestServer, to: string, kind?: string): Promise<number> {
  return (await server.outbox(to)).filter((m) => !kind || m.kind === kind).length;
}

/** Audit rows of one action, oldest first, after the recorder flushed. */
export async function auditRows(server: TestServer, action: string) {
  await server.app.context.audit.flush();
  const rows = await server.database.db.selectFrom("auditEvent").selectAll().where("action", "=", action).orderBy("seq", "asc").execute();
  return rows.map((row) => ({ ...row, metadata: row.metadata ? (JSON.parse(row.metadata) as Record<string, unknown>) : null }));
}

export interface BrowserResponse {
  status: number;
  headers: Headers;
  body: any;
  location: string | null;
}

/** A browser tab on the server's origin: keeps cookies, sends Origin, never follows redirects. */
export interface Browser {
  jar: CookieFetch;
  get(path: string): Promise<BrowserResponse>;
  post(path: string, body?: unknown): Promise<BrowserResponse>;
  sessionCookie(): string | undefined;
  multiCookies(): string[];
}

export function openBrowser(server: TestServer): Browser {
  const jar = createCookieFetch(server.url);
  async function send(method: string, path: string, body?: unknown): Promise<BrowserResponse> {
    const url = path.startsWith("http") ? path : server.api + path;
    const init: RequestInit = { method };
    if (method !== "GET") {
      init.headers = { "content-type": "application/json" };
      init.body = JSON.stringify(body ?? {});
    }
    const response = await jar.fetch(url, init);
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: response.status, headers: response.headers, body: parsed, location: response.headers.get("location") };
  }
  return {
    jar,
    get: (path) => send("GET", path),
    post: (path, body) => send("POST", path, body),
    sessionCookie: () => jar.cookies.get("latchkey.session_token"),
    multiCookies: () => [...jar.cookies.keys()].filter((name) => name.startsWith("latchkey.session_token_multi-")),
  };
}

/** The path and query of a mailed link, relative to the API root. */
export function apiPath(server: TestServer, url: string): string {
  expect(url.startsWith(server.api)).toBe(true);
  return url.slice(server.api.length);
}

/**
 * A mailed link as an API client would call it, without the callbackURL the mail carries (by
 * default a console page): the endpoint then answers JSON instead of redirecting.
 */
export function apiPathWithoutCallback(server: TestServer, url: string): string {
  const link = new URL(url);
  link.searchParams.delete("callbackURL");
  return apiPath(server, link.toString());
}
