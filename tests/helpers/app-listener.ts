/**
 * A loopback listener that plays the desktop app's end of the hand-off (issue 21): it records the
 * `code` and `state` the browser brings to /callback and answers 204, as an app's should, so the
 * browser stays on "You can return to Latchkey". An OpenID client's callback is the same: a code
 * and state, or an error (error=access_denied when the person denies).
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface AppListener {
  /** http://127.0.0.1:<port>/callback */
  callbackURL: string;
  /** What the listener received, oldest first; `url` is the whole address, as a relying-party library reads it (with `iss`). */
  received: Array<{ code: string | null; state: string | null; error: string | null; url: string }>;
  close(): Promise<void>;
}

export async function startAppListener(): Promise<AppListener> {
  const received: AppListener["received"] = [];
  let origin = "http://127.0.0.1";
  const listener = createServer((request, response) => {
    const url = new URL(request.url ?? "/", origin);
    if (url.pathname === "/callback") received.push({ code: url.searchParams.get("code"), state: url.searchParams.get("state"), error: url.searchParams.get("error"), url: url.toString() });
    response.writeHead(204).end();
  });
  await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
  return {
    callbackURL: `${origin}/callback`,
    received,
    close: () => new Promise<void>((resolve) => listener.close(() => resolve())),
  };
}
