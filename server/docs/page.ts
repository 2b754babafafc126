/**
 * One page of the manual: header with the search box, the list of documents, and the document
 * (or the search results). Plain HTML with no inline script or style, for the strict CSP.
 */
import { escapeHtml } from "../html/escape.js";
import { DOCS_PATH } from "./path.js";
import type { SearchHit } from "./search.js";

export interface PageInput {
  /** The page's document name, `index` for the README. */
  current: string;
  title: string;
  /** Rendered document HTML (trusted: server/docs/render.ts escaped its raw HTML). */
  body: string;
  documents: Array<{ name: string; title: string }>;
  query?: string;
  hits?: SearchHit[];
}

export function hrefOf(name: string, id = ""): string {
  return `${name === "index" ? `${DOCS_PATH}/` : `${DOCS_PATH}/${name}`}${id ? `#${id}` : ""}`;
}

function results(query: string, hits: SearchHit[]): string {
  const quoted = `“${escapeHtml(query.trim())}”`;
  const heading = hits.length === 0 ? `Nothing found for ${quoted}` : `${hits.length} ${hits.length === 1 ? "result" : "results"} for ${quoted}`;
  const items = hits
    .map((hit) => {
      const label = hit.title === hit.heading ? hit.title : `${hit.title} — ${hit.heading}`;
      return `<li><a href="${escapeHtml(hrefOf(hit.name, hit.id))}">${escapeHtml(label)}</a><p>${escapeHtml(hit.snippet)}</p></li>`;
    })
    .join("\n");
  return `<h2>${heading}</h2>\n<ul>${items}</ul>`;
}

export function docsPage(input: PageInput): string {
  const searching = input.query !== undefined && input.query.trim() !== "";
  const nav = input.documents
    .map((doc) => `<li><a href="${hrefOf(doc.name)}"${doc.name === input.current ? ' aria-current="page"' : ""}>${escapeHtml(doc.title)}</a></li>`)
    .join("\n");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(searching ? `Search: ${input.query!.trim()}` : input.title)} · Latchkey documentation</title>
<link rel="stylesheet" href="${DOCS_PATH}/assets/docs.css">
<script src="${DOCS_PATH}/assets/docs.js" defer></script>
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header>
<a class="home" href="${DOCS_PATH}/">Latchkey documentation</a>
<form role="search" action="${DOCS_PATH}/" method="get">
<label for="q">Search</label>
<input id="q" name="q" type="search" autocomplete="off" maxlength="200" value="${escapeHtml(input.query ?? "")}">
</form>
<a href="/console/">Console</a>
</header>
<div class="layout">
<main id="main" tabindex="-1">
<section id="results" aria-live="polite"${searching ? "" : " hidden"}>${searching ? results(input.query!, input.hits ?? []) : ""}</section>
<article id="article"${searching ? " hidden" : ""}>
${input.body}
</article>
</main>
<nav aria-label="Documents">
<ul>
${nav}
</ul>
</nav>
</div>
</body>
</html>
`;
}
