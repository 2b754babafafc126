/**
 * Markdown → HTML for the manual the server serves at /docs (issue 33): README.md and docs/*.md,
 * rendered once, on the manual's first request, with markdown-it. The docs are our own files, yet every byte of raw
 * HTML in them is escaped (HTML comments — the examples' invisible markers — are dropped), and
 * links are rewritten so a page only ever points at another page, a screenshot, a heading or an
 * outside https/mailto address; a link to a source file becomes plain text (it is not served).
 */
import { posix } from "node:path";
import MarkdownIt, { type Token } from "markdown-it";
import { escapeHtml } from "../html/escape.js";
import { DOCS_PATH } from "./path.js";

/** One heading's part of a document, as the search index keeps it. */
export interface DocSection {
  id: string;
  heading: string;
  text: string;
}

export interface RenderedDoc {
  title: string;
  html: string;
  sections: DocSection[];
}

/**
 * GitHub's heading anchors, so links written for GitHub (`security.md#cookies`) work here too:
 * lowercase, punctuation dropped, spaces to hyphens, a repeated heading gets `-1`, `-2`…
 */
export function slugger(): (text: string) => string {
  const seen = new Map<string, number>();
  return (text) => {
    const base = text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-");
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    return count === 0 ? base : `${base}-${count}`;
  };
}

/**
 * Where a relative link of `from` (a path in the repository: `README.md`, `docs/api.md`) goes on
 * the served manual, or undefined when it names something the manual does not serve.
 */
export function servedHref(href: string, from: string, docNames: ReadonlySet<string>, screenshots: ReadonlySet<string>): string | undefined {
  if (/^(https:|http:|mailto:)/i.test(href)) return href;
  if (href.startsWith("#")) return href;
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith("/")) return undefined;
  const [path = "", hash = ""] = href.split(/(?=#)/, 2);
  const target = posix.normalize(posix.join(posix.dirname(from), path)).replace(/\/$/, "");
  if (target === "README.md" || target === "docs") return `${DOCS_PATH}${hash}`;
  const doc = /^docs\/([a-z0-9-]+)\.md$/.exec(target)?.[1];
  if (doc && docNames.has(doc)) return `${DOCS_PATH}/${doc}${hash}`;
  const shot = /^docs\/screenshots\/([a-z0-9-]+\.png)$/.exec(target)?.[1];
  if (shot && screenshots.has(shot)) return `${DOCS_PATH}/screenshots/${shot}`;
  return undefined;
}

function inlineText(token: Token): string {
  return (token.children ?? []).map((child) => (child.type === "code_inline" || child.type === "text" ? child.content : child.type === "softbreak" ? " " : "")).join("");
}

export function createRenderer(docNames: ReadonlySet<string>, screenshots: ReadonlySet<string>) {
  // html: true only so raw HTML arrives as its own tokens: the rules below escape it (or drop a
  // comment) instead of passing it through.
  const md = new MarkdownIt({ html: true, linkify: false, typographer: false });
  const rawHtml = (tokens: Token[], index: number) => {
    const content = tokens[index]!.content;
    return /^\s*<!--[\s\S]*-->\s*$/.test(content) ? "" : escapeHtml(content);
  };
  md.renderer.rules.html_block = rawHtml;
  md.renderer.rules.html_inline = rawHtml;
  // Wide tables and code scroll inside their own box; a focusable box can be scrolled by keyboard.
  md.renderer.rules.table_open = () => '<div class="scroll" tabindex="0" role="region" aria-label="Table"><table>\n';
  md.renderer.rules.table_close = () => "</table></div>\n";
  const fence = md.renderer.rules.fence!;
  md.renderer.rules.fence = (...args) => fence(...args).replace(/^<pre>/, '<pre tabindex="0">');

  return function render(markdown: string, from: string): RenderedDoc {
    const tokens = md.parse(markdown, {});
    const slug = slugger();
    const sections: DocSection[] = [];
    let current: DocSection = { id: "", heading: "", text: "" };
    let title = "";
    for (let i = 0; i < tokens.length; i++) {
      const token = tokens[i]!;
      if (token.type === "heading_open") {
        const heading = inlineText(tokens[i + 1]!);
        rewriteLinks(tokens[i + 1]!.children ?? [], from);
        const id = slug(heading);
        token.attrSet("id", id);
        if (token.tag === "h1" && !title) title = heading;
        if (current.heading || current.text) sections.push(current);
        current = { id, heading, text: "" };
        i += 2;
        continue;
      }
      if (token.type === "inline") {
        current.text += `${inlineText(token)} `;
        rewriteLinks(token.children ?? [], from);
      } else if (token.type === "fence" || token.type === "code_block") {
        current.text += `${token.content} `;
      }
    }
    sections.push(current);
    for (const section of sections) section.text = section.text.replace(/\s+/g, " ").trim();
    return { title: title || from, html: md.renderer.render(tokens, md.options, {}), sections };
  };

  function rewriteLinks(children: Token[], from: string): void {
    const open: Token[] = [];
    for (const child of children) {
      if (child.type === "link_open") {
        const href = servedHref(String(child.attrGet("href") ?? ""), from, docNames, screenshots);
        if (href === undefined) {
          // Not served here (a source file): the words stay, the link goes.
          child.tag = "span";
          child.attrs = [["class", "path"]];
        } else {
          child.attrSet("href", href);
          if (/^https?:/.test(href)) child.attrSet("rel", "noopener noreferrer");
        }
        open.push(child);
      } else if (child.type === "link_close") {
        const opener = open.pop();
        if (opener?.tag === "span") child.tag = "span";
      } else if (child.type === "image") {
        const src = servedHref(String(child.attrGet("src") ?? ""), from, docNames, screenshots);
        child.attrSet("src", src && src.startsWith(`${DOCS_PATH}/screenshots/`) ? src : "");
      }
    }
  }
}
