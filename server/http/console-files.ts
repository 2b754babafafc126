/**
 * The built console (dist/console), read into memory once when the server starts and served from
 * there until it stops (issue 32, finding 9).
 *
 * Why a snapshot rather than the files on disk: index.html names its scripts by content hash, and
 * a rebuild (`npm run build:console`, an upgrade unpacked in place) empties the folder and writes
 * a new set in no particular order. A server that read index.html at start but the assets from
 * disk then sent a page whose scripts no longer existed — every console page, the provider's
 * sign-in and consent pages too, blank until restart. Re-reading index.html on change would still
 * serve half-written builds, and break tabs already open (their lazy chunks are gone). The server
 * and its console are one release: the server serves the console it started with, whole, and a
 * restart picks up a new build (docs/architecture.md, "The console's files").
 *
 * Cost: the files once in memory (about 5 MB with their .br and .gz, scripts/precompress-console.mjs).
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { extname, join, relative, sep } from "node:path";
import type { FastifyReply, FastifyRequest } from "fastify";

export interface ConsoleFile {
  body: Buffer;
  br?: Buffer;
  gz?: Buffer;
  type: string;
  etag: string;
}

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".html": "text/html; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".wasm": "application/wasm",
};

function* walk(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* walk(path);
    else yield path;
  }
}

/** Every file below `root` by its URL path (`assets/index-abc.js`), with its precompressed variants; Vite's own `.vite/` folder is left out. */
export function loadConsoleFiles(root: string): Map<string, ConsoleFile> {
  const files = new Map<string, ConsoleFile>();
  const variants: [string, "br" | "gz", Buffer][] = [];
  for (const path of walk(root)) {
    const name = relative(root, path).split(sep).join("/");
    if (name.startsWith(".vite/")) continue;
    const body = readFileSync(path);
    if (name.endsWith(".br") || name.endsWith(".gz")) {
      variants.push([name.slice(0, -3), name.endsWith(".br") ? "br" : "gz", body]);
      continue;
    }
    const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
    files.set(name, { body, type: TYPES[extname(name).toLowerCase()] ?? "application/octet-stream", etag });
  }
  for (const [name, encoding, body] of variants) {
    const file = files.get(name);
    if (file) file[encoding] = body;
  }
  return files;
}

/** Sends a console file: the smallest encoding the client accepts, revalidated by ETag. */
export function sendConsoleFile(request: FastifyRequest, reply: FastifyReply, file: ConsoleFile, cacheControl: string): void {
  reply.header("cache-control", cacheControl).header("etag", file.etag).type(file.type);
  if (file.br || file.gz) reply.header("vary", "accept-encoding");
  if (request.headers["if-none-match"]?.split(",").some((tag) => tag.trim().replace(/^W\//, "") === file.etag)) {
    reply.code(304).send();
    return;
  }
  const accepts = acceptedEncodings(request.headers["accept-encoding"]);
  if (file.br && accepts.has("br")) reply.header("content-encoding", "br").send(file.br);
  else if (file.gz && accepts.has("gzip")) reply.header("content-encoding", "gzip").send(file.gz);
  else reply.send(file.body);
}

/** Encodings the client accepts (`q=0` means refused). */
function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? "").split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  return accepted;
}
