/**
 * The manual as the server holds it: README.md (the index page) and every docs/*.md, read and
 * rendered once (on the manual's first request, server/http/docs.ts), with the search index and the screenshots' names. Only names found
 * here are ever served, so no request path reaches the file system (no traversal, no listing).
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { hasDocs } from "./path.js";
import { createRenderer, type RenderedDoc } from "./render.js";
import type { IndexedDoc } from "./search.js";

export interface DocsLibrary {
  /** `index` (the README) first, then the docs by title. */
  documents: Array<{ name: string; title: string }>;
  pages: Map<string, RenderedDoc>;
  index: IndexedDoc[];
  /** The search index as JSON, and gzipped (it is the largest answer). */
  searchJson: Buffer;
  searchJsonGzip: Buffer;
  /** Screenshot file name → its path. */
  screenshots: Map<string, string>;
}

const DOC_NAME = /^([a-z0-9-]+)\.md$/;
const SCREENSHOT_NAME = /^[a-z0-9-]+\.png$/;

/** The repository root holding docs/ and README.md, or undefined when they were not shipped. */
export function loadDocsLibrary(root: string): DocsLibrary | undefined {
  const folder = join(root, "docs");
  if (!hasDocs(root)) return undefined;
  const names = readdirSync(folder)
    .map((file) => DOC_NAME.exec(file)?.[1])
    .filter((name): name is string => name !== undefined && name !== "index");
  const shotFolder = join(folder, "screenshots");
  const screenshots = new Map(
    (existsSync(shotFolder) ? readdirSync(shotFolder) : []).filter((file) => SCREENSHOT_NAME.test(file)).map((file) => [file, join(shotFolder, file)] as const),
  );
  const render = createRenderer(new Set(names), new Set(screenshots.keys()));
  const pages = new Map<string, RenderedDoc>();
  pages.set("index", render(readFileSync(join(root, "README.md"), "utf8"), "README.md"));
  for (const name of names) pages.set(name, render(readFileSync(join(folder, `${name}.md`), "utf8"), `docs/${name}.md`));
  const documents = [...pages].map(([name, page]) => ({ name, title: page.title }));
  documents.sort((a, b) => (a.name === "index" ? -1 : b.name === "index" ? 1 : a.title.localeCompare(b.title, "en")));
  const index = documents.map(({ name, title }) => ({ name, title, sections: pages.get(name)!.sections }));
  const searchJson = Buffer.from(JSON.stringify(index));
  return { documents, pages, index, searchJson, searchJsonGzip: gzipSync(searchJson), screenshots };
}

/** A strong validator for a body, so a browser revalidates with one round trip and no body. */
export function etagOf(body: string | Buffer): string {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
}
