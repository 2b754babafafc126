/**
 * Per-page `<link rel="modulepreload">` hints for the console's index page.
 *
 * Every console page is a lazy chunk, so a cold load is a waterfall: the entry script, then the
 * session check, then the page's chunk, then its first render. The server knows which page a URL
 * asks for, so it names that page's chunk (and the chunks it imports) in the HTML: the browser
 * fetches and compiles them beside the entry instead of after the session check. Vite's build
 * manifest (dist/console/.vite/manifest.json) says which files each page module became.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * URL (below /console) → the page module that renders it, as renderer/app/routes.tsx lazy-loads
 * it. Only pages worth the hint are listed; an unlisted page loads as before. The console test
 * checks that every module named here is a chunk of the build, so a renamed page fails loudly.
 */
export const PAGE_MODULES: ReadonlyArray<readonly [RegExp, string]> = [
  [/^\/admin\/users\/?$/, "features/admin/pages/users-page.tsx"],
  [/^\/admin\/users\/[^/]+\/?$/, "features/admin/pages/user-page.tsx"],
  [/^\/organizations\/[^/]+\/members\/?$/, "features/organization/pages/members-page.tsx"],
  [/^\/organizations\/[^/]+\/?$/, "features/organization/pages/organization-settings-page.tsx"],
  [/^\/organizations\/?$/, "features/organization/pages/organizations-page.tsx"],
  [/^\/admin\/audit\/?$/, "features/audit/pages/audit-page.tsx"],
  [/^\/account\/?$/, "features/account/pages/account-page.tsx"],
  [/^\/sign-in\/?$/, "features/auth/pages/sign-in-page.tsx"],
];

/** The organization pages render inside this layout: preload it with them. */
const LAYOUTS: ReadonlyArray<readonly [RegExp, string]> = [[/^\/organizations\/[^/]+(\/|$)/, "features/organization/pages/organization-layout.tsx"]];

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

export interface PagePreloads {
  /** The index page for a console path (below /console), with that page's hints when it has some. */
  indexFor(path: string, extraHead?: string): Buffer;
  /** Page modules of PAGE_MODULES that the build does not contain (for tests). */
  missingModules: string[];
}

/**
 * Every console page first asks who is signed in (renderer/app/session.ts). Named here, that
 * request leaves while the HTML is parsed rather than after the scripts run; the page's own
 * fetch of the same URL, with the same credentials mode, takes the preloaded answer.
 */
export function sessionPreloadLink(basePath: string): string {
  return `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${basePath}/get-session?disableCookieCache=true">`;
}

/**
 * The first data a page asks for, when the URL alone says what it is: the default users view and
 * an organization's layout and first page of members. Preloaded, these requests are answered
 * while the browser still downloads and compiles the scripts (on a small machine they compete
 * for the same cores). The URLs must be exactly those the renderer builds — same parameters, same
 * order (renderer/features/admin/users-query.ts, renderer/features/organization/route-queries.ts)
 * — or the browser fetches twice; the console test checks that each page's request is served once.
 */
const DATA_PRELOADS: ReadonlyArray<readonly [RegExp, (match: RegExpExecArray) => string[]]> = [
  [/^\/admin\/users\/?$/, () => ["/admin/list-users?sortBy=createdAt&sortDirection=desc&limit=100&offset=0"]],
  [
    /^\/organizations\/([^/]+)\/members\/?$/,
    (match) => [...organizationLayout(match[1] as string), `/organization/list-members?organizationId=${encodeURIComponent(decodeSegment(match[1] as string))}&limit=50&offset=0`],
  ],
  [/^\/organizations\/([^/]+)(?:\/(?:teams|invitations))?\/?$/, (match) => organizationLayout(match[1] as string)],
];

function organizationLayout(segment: string): string[] {
  const id = encodeURIComponent(decodeSegment(segment));
  return [`/organization/get-full-organization?organizationId=${id}&membersLimit=1`, `/organization/get-active-member-role?organizationId=${id}`];
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** `<link>`s that start a page's first API requests (see DATA_PRELOADS); none for other pages. */
export function dataPreloadLinks(path: string, query: string, basePath: string): string {
  if (query) return ""; // a searched, sorted or filtered view asks for something else
  for (const [pattern, urls] of DATA_PRELOADS) {
    const match = pattern.exec(path);
    if (!match) continue;
    return urls(match)
      .map((url) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${`${basePath}${url}`.replaceAll("&", "&amp;")}">`)
      .join("");
  }
  return "";
}

/** Reads the build's manifest once and renders one index page per listed page. */
export function createPagePreloads(root: string, indexHtml: Buffer, base = "/console/", headLinks = ""): PagePreloads {
  const manifestFile = join(root, ".vite", "manifest.json");
  const manifest: Manifest = existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, "utf8")) as Manifest) : {};
  const has = (key: string) => Object.hasOwn(manifest, key);
  const html = indexHtml.toString("utf8");
  const plainIndex = headLinks ? Buffer.from(html.replace("</head>", `${headLinks}</head>`)) : indexHtml;
  // Files the index page already loads (the entry and its static imports) need no second hint.
  const alreadyLoaded = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) collectFiles(manifest, key, alreadyLoaded);

  const variants = new Map<string, Buffer>();
  const render = (modules: string[]): Buffer => {
    const cacheKey = modules.join("|");
    const cached = variants.get(cacheKey);
    if (cached) return cached;
    const files = new Set<string>();
    for (const module of modules) collectFiles(manifest, module, files);
    const links = [...files]
      .filter((file) => !alreadyLoaded.has(file) && file.endsWith(".js"))
      .map((file) => `<link rel="modulepreload" crossorigin href="${base}${file}">`)
      .join("");
    const page = links ? Buffer.from(html.replace("</head>", `${headLinks}${links}</head>`)) : plainIndex;
    variants.set(cacheKey, page);
    return page;
  };

  return {
    indexFor(path, extraHead = "") {
      const modules = [...LAYOUTS, ...PAGE_MODULES].filter(([pattern, module]) => pattern.test(path) && has(module)).map(([, module]) => module);
      const page = modules.length > 0 ? render(modules) : plainIndex;
      // Per-URL links (an organization's id) are not cached: one small string replace per request.
      return extraHead ? Buffer.from(page.toString("utf8").replace("</head>", `${extraHead}</head>`)) : page;
    },
    missingModules: Object.keys(manifest).length === 0 ? [] : [...LAYOUTS, ...PAGE_MODULES].map(([, module]) => module).filter((module) => !has(module)),
  };
}

/** A chunk's file and the files of everything it imports statically, depth first. */
function collectFiles(manifest: Manifest, key: string, into: Set<string>, seen = new Set<string>()): void {
  if (seen.has(key) || !Object.hasOwn(manifest, key)) return;
  seen.add(key);
  const chunk = manifest[key] as ManifestChunk;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) collectFiles(manifest, imported, into, seen);
}
