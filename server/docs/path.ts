/**
 * Where the manual lives, on the server and on disk: what the server needs at start to decide
 * whether /docs exists, without loading markdown-it or reading a document (issue 41: the manual
 * is rendered on its first request, not at start).
 */
import { existsSync } from "node:fs";
import { join } from "node:path";

export const DOCS_PATH = "/docs";

/** Whether `root` ships the manual: docs/ and README.md (a container image may leave them out). */
export function hasDocs(root: string): boolean {
  return existsSync(join(root, "docs")) && existsSync(join(root, "README.md"));
}
