/**
 * The web console: the React renderer (built by Vite into dist/console) served at /console on the
 * API's own origin, so it signs in with the same cookies and passes the same origin checks.
 * Every page carries a strict Content-Security-Policy: scripts only from this server.
 */
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { loadConsoleFiles, sendConsoleFile } from "./console-files.js";
import { createPagePreloads, dataPreloadLinks, sessionPreloadLink } from "./console-preload.js";

export const CONSOLE_PATH = "/console";

/**
 * Inline styles stay allowed: Radix and the virtualised table position elements with style
 * attributes, and toasts inject one stylesheet. Scripts, connections and frames do not.
 * Images may come from https URLs because avatars and logos are URLs users give.
 */
export const CONSOLE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/**
 * The package's root folder (it holds package.json, docs/ and server/ or dist/), from source or
 * from dist/. The container image ships dist/ without the sources (issue 42).
 */
export function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i += 1) {
    if (existsSync(join(dir, "package.json")) && (existsSync(join(dir, "server")) || existsSync(join(dir, "dist")))) return dir;
    dir = dirname(dir);
  }
  return process.cwd();
}

/** The folder Vite writes the console into: <package root>/dist/console. */
export function consoleDirectory(): string {
  return join(packageRoot(), "dist", "console");
}

function securityHeaders(reply: { header(name: string, value: string): unknown }): void {
  reply.header("content-security-policy", CONSOLE_CSP);
  reply.header("x-content-type-options", "nosniff");
  // Reset and verification links carry tokens in the URL: never leak them to other sites.
  reply.header("referrer-policy", "no-referrer");
  reply.header("x-frame-options", "DENY");
}

export async function registerConsole(server: FastifyInstance, root = consoleDirectory(), basePath = "/api/auth"): Promise<void> {
  const indexFile = join(root, "index.html");
  if (!existsSync(indexFile)) {
    const missing = (_request: unknown, reply: FastifyReply) => {
      securityHeaders(reply);
      reply
        .code(503)
        .type("text/html; charset=utf-8")
        .send("<!doctype html><title>Console not built</title><h1>The console is not built</h1><p>Run <code>npm run build:console</code> and restart the server.</p>");
    };
    server.get(CONSOLE_PATH, missing);
    server.get(`${CONSOLE_PATH}/*`, missing);
    return;
  }
  // Read once, whole: the server serves the build it started with until it stops, however the
  // folder changes meanwhile (console-files.ts says why). The SPA answers every client-side route
  // with the same page.
  const files = loadConsoleFiles(root);
  const indexHtml = files.get("index.html")?.body ?? Buffer.alloc(0);
  const preloads = createPagePreloads(root, indexHtml, `${CONSOLE_PATH}/`, sessionPreloadLink(basePath));
  const sendIndex = (request: FastifyRequest, reply: FastifyReply) => {
    securityHeaders(reply);
    const [pathname = "", query = ""] = request.url.split("?", 2);
    const path = pathname.slice(CONSOLE_PATH.length) || "/";
    reply.header("cache-control", "no-cache").type("text/html; charset=utf-8").send(preloads.indexFor(path, dataPreloadLinks(path, query, basePath)));
  };
  server.get(CONSOLE_PATH, sendIndex);
  server.get(`${CONSOLE_PATH}/*`, (request, reply) => {
    const name = (request.params as { "*": string })["*"];
    const file = name === "index.html" ? undefined : files.get(name);
    if (file) {
      securityHeaders(reply);
      // Vite names assets by content hash: cache them for good; anything else revalidates.
      sendConsoleFile(request, reply, file, name.startsWith("assets/") ? "public, max-age=31536000, immutable" : "no-cache");
      return;
    }
    // A missing asset is a 404, not the app page (a stale tab asking for an old bundle).
    if (name.startsWith("assets/")) {
      securityHeaders(reply);
      reply.code(404).type("text/plain; charset=utf-8").send("Not found");
      return;
    }
    sendIndex(request, reply);
  });
}
