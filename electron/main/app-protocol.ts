/**
 * The renderer's files served from app://latchkey/… instead of file://: a standard, secure
 * origin of its own (file:// pages share one origin with every local file), and a place to put
 * the Content-Security-Policy header on every answer. Only files under the renderer's folder are
 * served; anything else is 404.
 */
import { readFile } from "node:fs/promises";
import { extname, join, normalize, sep } from "node:path";
import { APP_HOST } from "./security.js";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".txt": "text/plain; charset=utf-8",
  ".webp": "image/webp",
};

/** The file a request names, or null when it is outside the root (or not for this app). */
export function resolveAppFile(root: string, requestUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return null;
  }
  if (url.host !== APP_HOST) return null;
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  if (path.includes("\0")) return null;
  if (path === "/" || path === "") path = "/index.html";
  const base = normalize(root.endsWith(sep) ? root : root + sep);
  const file = normalize(join(base, path));
  return file.startsWith(base) ? file : null;
}

export function createAppProtocolHandler(options: { root: string; csp: string; read?: (file: string) => Promise<Buffer> }) {
  const read = options.read ?? ((file: string) => readFile(file));
  return async (request: { url: string; method?: string }): Promise<Response> => {
    const headers = {
      "content-security-policy": options.csp,
      "x-content-type-options": "nosniff",
      "referrer-policy": "no-referrer",
    };
    if (request.method && request.method !== "GET" && request.method !== "HEAD") return new Response(null, { status: 405, headers });
    const file = resolveAppFile(options.root, request.url);
    if (!file) return new Response("Not found", { status: 404, headers });
    try {
      const body = await read(file);
      return new Response(new Uint8Array(body), { status: 200, headers: { ...headers, "content-type": TYPES[extname(file).toLowerCase()] ?? "application/octet-stream" } });
    } catch {
      return new Response("Not found", { status: 404, headers });
    }
  };
}
