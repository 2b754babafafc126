/**
 * A fetch that behaves like a browser tab on `origin`: it keeps cookies between calls and sends
 * an Origin header. Used to drive better-auth's own client against Latchkey from Node.
 */
export interface CookieFetch {
  fetch: typeof fetch;
  cookies: Map<string, string>;
  cookieHeader(): string;
}

export function createCookieFetch(origin: string): CookieFetch {
  const cookies = new Map<string, string>();
  const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  const wrapped = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const request = new Request(input, init);
    const headers = new Headers(request.headers);
    if (cookies.size) headers.set("cookie", cookieHeader());
    if (!headers.has("origin")) headers.set("origin", origin);
    const response = await fetch(new Request(request, { headers, redirect: "manual" }));
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const index = (pair ?? "").indexOf("=");
      const name = (pair ?? "").slice(0, index).trim();
      const value = (pair ?? "").slice(index + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
      if (expired || value === "") cookies.delete(name);
      else cookies.set(name, value);
    }
    return response;
  }) as typeof fetch;
  return { fetch: wrapped, cookies, cookieHeader };
}
