/**
 * The manual's search: every word of the query (case-insensitive) must occur in a section's
 * heading or text. The browser runs the same rule over /docs/search.json (server/docs/assets.ts)
 * as you type; the server runs it for `/docs?q=` so the search box works without scripts too.
 */
import type { DocSection } from "./render.js";

export interface IndexedDoc {
  name: string;
  title: string;
  sections: DocSection[];
}

export interface SearchHit {
  name: string;
  title: string;
  id: string;
  heading: string;
  snippet: string;
}

/** The longest query the search answers; a longer one is refused, not cut. */
export const MAX_QUERY_LENGTH = 200;

export function searchTerms(query: string): string[] {
  return query.toLowerCase().split(/\s+/).filter(Boolean);
}

export function searchDocs(index: IndexedDoc[], query: string, limit = 50): SearchHit[] {
  const terms = searchTerms(query);
  if (terms.length === 0) return [];
  const hits: SearchHit[] = [];
  for (const doc of index) {
    for (const section of doc.sections) {
      const haystack = `${doc.title} ${section.heading} ${section.text}`.toLowerCase();
      if (!terms.every((term) => haystack.includes(term))) continue;
      const at = section.text.toLowerCase().indexOf(terms[0]!);
      const start = Math.max(0, at - 60);
      const snippet = at < 0 ? section.text.slice(0, 160) : `${start > 0 ? "…" : ""}${section.text.slice(start, at + 100)}…`;
      hits.push({ name: doc.name, title: doc.title, id: section.id, heading: section.heading || doc.title, snippet });
      if (hits.length >= limit) return hits;
    }
  }
  return hits;
}
