/**
 * The manual at /docs (issue 33): README.md and docs/*.md rendered, linked and searchable with no
 * network, on the console's server so a demo laptop has its manual. GET and HEAD only; a page,
 * screenshot or asset is found by name in what server/docs/library.ts loaded (on the first
 * request), never by a path on disk, so `..`, encoded slashes and other files answer the typed 404. Pages carry a
 * CSP stricter than the console's (no inline style either) and revalidate by ETag.
 */
import { readFile } from "node:fs/promises";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { apiError } from "../../shared/errors.js";
import { DOCS_PATH, hasDocs } from "../docs/path.js";
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

type EtagOf = (body: string | Buffer) => string;

function answerOf(etagOf: EtagOf, type: string, body: string | Buffer): Answer {
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

const HTML = "text/html; charset=utf-8";

/** Every answer the manual gives, rendered from the files on the first request that needs one. */
async function renderManual(root: string) {
  const [{ etagOf, loadDocsLibrary }, { docsPage }, { DOCS_CSS, DOCS_SCRIPT }] = await Promise.all([import("../docs/library.js"), import("../docs/page.js"), import("../docs/assets.js")]);
  const library = loadDocsLibrary(root);
  if (!library) throw apiError("NOT_FOUND", "The manual was removed from this installation");
  const answer = (type: string, body: string | Buffer) => answerOf(etagOf, type, body);
  return {
    library,
    docsPage,
    answer,
    pages: new Map([...library.pages].map(([name, page]) => [name, answer(HTML, docsPage({ current: name, title: page.title, body: page.html, documents: library.documents }))])),
    css: answer("text/css; charset=utf-8", DOCS_CSS),
    script: answer("text/javascript; charset=utf-8", DOCS_SCRIPT),
    search: answer("application/json; charset=utf-8", library.searchJson),
    shots: new Map<string, Answer>(),
  };
}

/**
 * The manual's routes. Rendering it (markdown-it, 30-odd pages, the search index) cost ≈ 9 MiB
 * of heap for as long as the server ran and a good part of its start, for a page most servers
 * never show (issue 41): it happens on the first request to /docs, once.
 */
export function registerDocs(server: FastifyInstance, root: string): void {
  if (!hasDocs(root)) return; // an install without docs/: /docs is an unknown path like any other
  let rendered: ReturnType<typeof renderManual> | undefined;
  // A failure (the files gone since start) is answered, and the next request tries again.
  const manual = () =>
    (rendered ??= renderManual(root).catch((error: unknown) => {
      rendered = undefined;
      throw error;
    }));

  const index = async (request: FastifyRequest<{ Querystring: Record<string, unknown> }>, reply: FastifyReply) => {
    const raw = request.query.q;
    if (raw !== undefined && raw !== "" && typeof raw !== "string") throw apiError("VALIDATION_ERROR", "q: give one search text", [{ path: "q", message: "Give one search text" }]);
    if (typeof raw === "string" && raw.length > MAX_QUERY_LENGTH) throw apiError("VALIDATION_ERROR", `q: at most ${MAX_QUERY_LENGTH} characters`, [{ path: "q", message: `At most ${MAX_QUERY_LENGTH} characters` }]);
    const { library, pages, docsPage, answer } = await manual();
    if (raw === undefined || raw === "") return send(request, reply, pages.get("index")!);
    const page = library.pages.get("index")!;
    const body = docsPage({ current: "", title: page.title, body: page.html, documents: library.documents, query: raw, hits: searchDocs(library.index, raw) });
    send(request, reply, answer(HTML, body));
  };
  server.get(DOCS_PATH, index);
  server.get(`${DOCS_PATH}/`, index);
  server.get(`${DOCS_PATH}/assets/docs.css`, async (request, reply) => send(request, reply, (await manual()).css));
  server.get(`${DOCS_PATH}/assets/docs.js`, async (request, reply) => send(request, reply, (await manual()).script));
  server.get(`${DOCS_PATH}/search.json`, async (request, reply) => {
    const { search, library } = await manual();
    send(request, reply, search, library.searchJsonGzip);
  });
  server.get<{ Params: { name: string } }>(`${DOCS_PATH}/:name`, async (request, reply) => {
    const { pages } = await manual();
    const name = request.params.name.replace(/\.md$/, "");
    const page = name === "index" ? undefined : pages.get(name);
    if (!page) throw apiError("NOT_FOUND", `No document named ${JSON.stringify(request.params.name.slice(0, 100))}`);
    send(request, reply, page);
  });
  server.get<{ Params: { file: string } }>(`${DOCS_PATH}/screenshots/:file`, async (request, reply) => {
    const { library, shots, answer: answerFor } = await manual();
    const path = library.screenshots.get(request.params.file);
    if (!path) throw apiError("NOT_FOUND", `No screenshot named ${JSON.stringify(request.params.file.slice(0, 100))}`);
    let answer = shots.get(request.params.file);
    if (!answer) {
      answer = answerFor("image/png", await readFile(path));
      shots.set(request.params.file, answer);
    }
    send(request, reply, answer);
  });
}
