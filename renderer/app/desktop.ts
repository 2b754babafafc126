/** The Electron shell's API when the renderer runs inside it; undefined in a browser (the web console). */
import type { DesktopApi } from "../../shared/desktop-api";

export const desktop: DesktopApi | undefined = typeof window !== "undefined" ? window.latchkey : undefined;

export const isDesktop = desktop !== undefined;

/**
 * A fetch that sends the API's JSON calls through main, which adds the stored credential. The
 * renderer never sees the token: that is the point of routing calls through the shell.
 */
export function desktopFetch(api: DesktopApi): typeof fetch {
  return async (input, init) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, key) => {
      headers[key] = value;
    });
    const answer = await api.request({
      method: (init?.method ?? "GET").toUpperCase() === "POST" ? "POST" : "GET",
      url,
      headers,
      body: typeof init?.body === "string" ? init.body : undefined,
    });
    return new Response(answer.body === "" ? null : answer.body, { status: answer.status, headers: answer.headers });
  };
}
