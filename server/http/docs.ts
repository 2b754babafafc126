/**
 * The manual at /docs (issue 33): README.md and docs/*.md rendered, linked and searchable with no
 * network, on the console's server so a demo laptop has its manual. GET and HEAD only; a page,
 * screenshot or asset is found by name in what server/docs/library.ts loaded at start, never by
 * a path on disk, so `..`, encoded slashes and other files answer the typed 404. Pages carry a
 * CSP stricter than the console's (no inline style either) and revalidate by ETag.
 */
import { readFile } from "node:fs/promises";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { apiError } from "../../shared/errors.js";
import { DOCS_CSS, DOCS_SCRIPT } from "../docs/assets.js";
import { etagOf, loadDocsLibrary } from "../docs/library.js";
import { docsPage } from "../docs/page.js";
import { DOCS_PATH } from "../docs/render.js";
import { MAX_QUERY_LENGTH, searchDocs } from "../docs/search.js";

export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

interface Answer {
  type: string;
  body: Buffer;
  etag: string;
}

function answerOf(type: string, body: string | Buffer): Answer {
  const buffer = typeof body === "string" ? Buffer.from(body) : body;
  return { type, body: buffer, etag: etagOf(buffer) };
}

function send(request: FastifyRequest, reply: FastifyReply, answer: Answer, gzipped?: Buffer): void {
  reply.header("content-security-policy", DOCS_CSP);
  reply.header("x-content-type-options", "nosniff");
  reply.header("referrer-policy", "no-referrer");
  reply.header("x-frame-options", "DENY");
  // The manual changes only with an upgrade: keep it, but ask the server (one 304) before use.
  reply.header("cache-control", "no-cache");
  reply.header("vary", "accept-encoding");
  const gzip = gzipped !== undefined && /\bgzip\b/.test(String(request.headers["accept-encoding"] ?? ""));
  // Each encoding is its own representation, so it has its own validator.
  const etag = gzip ? `${answer.etag.slice(0, -1)}-gz"` : answer.etag;
  reply.header("etag", etag);
  if (request.headers["if-none-match"] === etag) {
    reply.code(304).send();
    return;
  }
  reply.type(answer.type);
  if (gzip) reply.header("content-encoding", "gzip").send(gzipped);
  else reply.send(answer.body);
}

export function registerDocs(server: FastifyInstance, root: string): void {
  const library = loadDocsLibrary(root);
  if (!library) return; // an install without docs/: /docs is an unknown path like any other
  const html = "text/html; charset=utf-8";
  const pages = new Map([...library.pages].map(([name, page]) => [name, answerOf(html, docsPage({ current: name, title: page.title, body: page.html, documents: library.documents }))]));
  const css = answerOf("text/css; charset=utf-8", DOCS_CSS);
  const script = answerOf("text/javascript; charset=utf-8", DOCS_SCRIPT);
  const search = answerOf("application/json; charset=utf-8", library.searchJson);
  const shots = new Map<string, Answer>();

  const index = (request: FastifyRequest<{ Querystring: Record<string, unknown> }>, reply: FastifyReply) => {
    const raw = request.query.q;
    if (raw === undefined || raw === "") return send(request, reply, pages.get("index")!);
    if (typeof raw !== "string") throw apiError("VALIDATION_ERROR", "q: give one search text", [{ path: "q", message: "Give one search text" }]);
    if (raw.length > MAX_QUERY_LENGTH) throw apiError("VALIDATION_ERROR", `q: at most ${MAX_QUERY_LENGTH} characters`, [{ path: "q", message: `At most ${MAX_QUERY_LENGTH} characters` }]);
    const page = library.pages.get("index")!;
    const body = docsPage({ current: "", title: page.title, body: page.html, documents: library.documents, query: raw, hits: searchDocs(library.index, raw) });
    send(request, reply, answerOf(html, body));
  };
  server.get(DOCS_PATH, index);
  server.get(`${DOCS_PATH}/`, index);
  server.get(`${DOCS_PATH}/assets/docs.css`, (request, reply) => send(request, reply, css));
  server.get(`${DOCS_PATH}/assets/docs.js`, (request, reply) => send(request, reply, script));
  server.get(`${DOCS_PATH}/search.json`, (request, reply) => send(request, reply, search, library.searchJsonGzip));
  server.get<{ Params: { name: string } }>(`${DOCS_PATH}/:name`, (request, reply) => {
    const name = request.params.name.replace(/\.md$/, "");
    const page = name === "index" ? undefined : pages.get(name);
    if (!page) throw apiError("NOT_FOUND", `No document named ${JSON.stringify(request.params.name.slice(0, 100))}`);
    send(request, reply, page);
  });
  server.get<{ Params: { file: string } }>(`${DOCS_PATH}/screenshots/:file`, async (request, reply) => {
    const path = library.screenshots.get(request.params.file);
    if (!path) throw apiError("NOT_FOUND", `No screenshot named ${JSON.stringify(request.params.file.slice(0, 100))}`);
    let answer = shots.get(request.params.file);
    if (!answer) {
      answer = answerOf("image/png", await readFile(path));
      shots.set(request.params.file, answer);
    }
    send(request, reply, answer);
  });
}
