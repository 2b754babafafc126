/**
 * The console's initial JavaScript: the scripts dist/console/index.html makes the browser fetch
 * before anything renders (its module entry plus every modulepreload link), each gzipped with
 * node:zlib at the default level (what a typical reverse proxy sends). Lazy page chunks are not
 * initial; their total is reported beside it.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { consoleDirectory } from "../server/http/console.js";

export interface BundleFigures {
  /** The initial scripts, by file name, with raw and gzipped bytes. */
  initial: { file: string; bytes: number; gzipBytes: number }[];
  initialGzipKb: number;
  initialRawKb: number;
  initialCssGzipKb: number;
  allJsChunks: number;
  allJsGzipKb: number;
  allJsRawKb: number;
  targetGzipKb: number;
  meetsTarget: boolean;
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const gzipSize = (path: string) => gzipSync(readFileSync(path)).length;

export function consoleBuilt(root = consoleDirectory()): boolean {
  return existsSync(join(root, "index.html"));
}

export function measureBundle(root = consoleDirectory()): BundleFigures {
  const html = readFileSync(join(root, "index.html"), "utf8");
  const attr = (tag: string, name: string) => tag.match(new RegExp(`\\s${name}="([^"]+)"`))?.[1];
  const fileOf = (url: string) => join(root, url.replace(/^\/console\//, "").replace(/^\.?\//, ""));
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    if (tag.startsWith("<script") && attr(tag, "src")) scripts.add(attr(tag, "src") as string);
    if (tag.startsWith("<link") && attr(tag, "rel") === "modulepreload" && attr(tag, "href")) scripts.add(attr(tag, "href") as string);
    if (tag.startsWith("<link") && attr(tag, "rel") === "stylesheet" && attr(tag, "href")) styles.add(attr(tag, "href") as string);
  }
  if (scripts.size === 0) throw new Error("dist/console/index.html loads no script");
  const initial = [...scripts].map((url) => {
    const path = fileOf(url);
    return { file: url.split("/").pop() as string, bytes: readFileSync(path).length, gzipBytes: gzipSize(path) };
  });
  const assets = join(root, "assets");
  const chunks = readdirSync(assets).filter((name) => name.endsWith(".js"));
  const allGzip = chunks.reduce((sum, name) => sum + gzipSize(join(assets, name)), 0);
  const allRaw = chunks.reduce((sum, name) => sum + readFileSync(join(assets, name)).length, 0);
  const initialGzip = initial.reduce((sum, s) => sum + s.gzipBytes, 0);
  return {
    initial,
    initialGzipKb: kb(initialGzip),
    initialRawKb: kb(initial.reduce((sum, s) => sum + s.bytes, 0)),
    initialCssGzipKb: kb([...styles].reduce((sum, url) => sum + gzipSize(fileOf(url)), 0)),
    allJsChunks: chunks.length,
    allJsGzipKb: kb(allGzip),
    allJsRawKb: kb(allRaw),
    targetGzipKb: 250,
    meetsTarget: initialGzip <= 250 * 1024,
  };
}
