/**
 * Issue 20 item 8: every repository path that README.md and docs/*.md name exists. A path is a
 * `code span` or a link target that looks like one: it starts with a top-level folder of the
 * repository (server/, docs/, …) or ends in a source or document extension. Paths that start with
 * a top-level folder must exist exactly; shorter ones written inside an area's context
 * (`core/lockout/`, `crypto/encrypt.ts`) must be the end of some tracked path. Globs, placeholders,
 * URLs, absolute and home paths, and what a build or a run creates (dist/, data/, …) are not
 * repository paths. A guide that names files the reader is to create lists them in an invisible
 * `<!-- paths-to-create: a b -->` comment.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const TOP_FOLDERS = ["server", "renderer", "electron", "cli", "shared", "tests", "docs", "bench", "scripts", "bin"];
const EXTENSIONS = /\.(?:ts|tsx|mts|js|mjs|cjs|md|json|yml|yaml|css|html|sql)$/;
/** Made by a build or a run, or somewhere outside the repository. */
const GENERATED = /^(?:dist|out|release|data|artifacts|coverage|node_modules)\//;

const documents = ["README.md", ...readdirSync(join(ROOT, "docs")).filter((f) => f.endsWith(".md")).map((f) => `docs/${f}`)];
const tracked = execFileSync("git", ["ls-files"], { cwd: ROOT, encoding: "utf8" }).split("\n").filter(Boolean);
const trackedFolders = new Set(tracked.flatMap((file) => file.split("/").slice(0, -1).map((_, i, parts) => parts.slice(0, i + 1).join("/"))));

/** Candidate paths in one Markdown text: code spans (outside fenced blocks) and link targets. */
export function namedPaths(markdown: string): string[] {
  const toCreate = new Set([...markdown.matchAll(/<!-- paths-to-create: ([^>]*?) -->/g)].flatMap((m) => m[1]!.split(/\s+/)));
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, "");
  const spans = [...prose.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!);
  const links = [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!.replace(/#.*$/, ""));
  return [...spans, ...links].map((s) => s.trim()).filter((path) => looksLikePath(path) && !toCreate.has(path));
}

function looksLikePath(text: string): boolean {
  if (!text || /[\s*<>{}$…|'",]|\.\.\.|:\/\/|^[~/@.-]|^#/.test(text)) return false;
  const first = text.split("/")[0]!;
  return (TOP_FOLDERS.includes(first) && text.includes("/")) || (EXTENSIONS.test(text) && text.includes("/"));
}

function exists(path: string, fromDocument: string): boolean {
  const clean = path.replace(/\/$/, "").replace(/:\d+(?:-\d+)?$/, "");
  if (GENERATED.test(clean)) return true;
  if (existsSync(join(ROOT, clean))) return true;
  // A relative link resolves from the document's folder.
  if (existsSync(join(ROOT, normalize(join(dirname(fromDocument), clean))))) return true;
  if (TOP_FOLDERS.includes(clean.split("/")[0]!)) return false;
  return tracked.some((file) => file.endsWith(`/${clean}`)) || [...trackedFolders].some((folder) => folder.endsWith(`/${clean}`));
}

describe("paths named in the docs (#20)", () => {
  it("finds the paths it checks (the scan itself works)", () => {
    expect(namedPaths("See `server/crypto/tokens.ts`, [the guide](docs/security.md#tokens), `npm test` and `*.ts`.")).toEqual(["server/crypto/tokens.ts", "docs/security.md"]);
    expect(namedPaths("<!-- paths-to-create: server/features/new/ -->\nMake `server/features/new/` and `server/nope.ts`.")).toEqual(["server/nope.ts"]);
    expect(exists("server/crypto/tokens.ts", "README.md")).toBe(true);
    expect(exists("server/crypto/no-such-file.ts", "README.md")).toBe(false);
    expect(exists("crypto/tokens.ts", "docs/architecture.md")).toBe(true);
  });

  for (const document of documents) {
    it(`${document} names only paths that exist`, () => {
      const missing = namedPaths(readFileSync(join(ROOT, document), "utf8")).filter((path) => !exists(path, document));
      expect([...new Set(missing)]).toEqual([]);
    });
  }
});
