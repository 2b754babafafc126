// Builds the web console twice from the same source (into two temporary folders, dist/ untouched)
// and compares every file: names and bytes must be equal. Servers keep the console they started
// with in memory (server/http/console-files.ts), so a rebuild never blanks them; a deterministic
// build is what lets servers of one release, built separately (one image per host, a rebuilt
// checkout), serve the same asset names behind one load balancer, so a page from one server finds
// its scripts on another. `npm run check:console-determinism`; tests/scripts/console-determinism.test.ts runs it.
// Prints one JSON line: { "files": N, "differences": [...] }; exits 1 when the builds differ.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";

const repo = new URL("..", import.meta.url).pathname;
const vite = join(repo, "node_modules", "vite", "bin", "vite.js");

function build(outDir) {
  execFileSync(process.execPath, [vite, "build", "--config", join(repo, "renderer", "vite.config.ts"), "--outDir", outDir, "--emptyOutDir", "--logLevel", "warn"], { cwd: repo, stdio: ["ignore", "ignore", "inherit"] });
}

function digests(root) {
  const found = new Map();
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else found.set(relative(root, path), createHash("sha256").update(readFileSync(path)).digest("hex"));
    }
  };
  walk(root);
  return found;
}

const work = mkdtempSync(join(tmpdir(), "latchkey-console-determinism-"));
try {
  const [first, second] = [join(work, "first"), join(work, "second")];
  build(first);
  build(second);
  const a = digests(first);
  const b = digests(second);
  const differences = [...new Set([...a.keys(), ...b.keys()])].filter((name) => a.get(name) !== b.get(name)).sort();
  console.log(JSON.stringify({ files: a.size, differences }));
  process.exitCode = differences.length === 0 ? 0 : 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}
