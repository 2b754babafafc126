/**
 * Issue 19: features never import each other — what two features share lives in server/core —
 * and core never reaches up into a feature. A new sign-in method cannot borrow another feature's
 * half-finished guard; it has to use the core's.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { describe, expect, it } from "vitest";

const serverRoot = resolve(__dirname, "../../../server");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith(".ts") ? [path] : [];
  });
}

/** Every relative module a file imports, as a path under server/. */
function importsOf(file: string): string[] {
  const source = readFileSync(file, "utf8");
  const specifiers = [...source.matchAll(/(?:from|import)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g)].map((m) => m[1]!);
  return specifiers.map((spec) => relative(serverRoot, resolve(dirname(file), spec)));
}

/** "features/<name>/…" → name; anything else → undefined. */
function featureOf(serverPath: string): string | undefined {
  const parts = serverPath.split(sep);
  return parts[0] === "features" ? parts[1] : undefined;
}

describe("module boundaries (#19)", () => {
  it("lets no feature folder import another feature folder", () => {
    const crossings: string[] = [];
    for (const file of sourceFiles(join(serverRoot, "features"))) {
      const own = featureOf(relative(serverRoot, file));
      for (const target of importsOf(file)) {
        const other = featureOf(target);
        if (other && other !== own && own !== undefined && relative(serverRoot, file) !== join("features", "index.ts")) crossings.push(`${relative(serverRoot, file)} → ${target}`);
      }
    }
    expect(crossings).toEqual([]);
  });

  it("keeps server/core free of imports from any feature", () => {
    const upward = sourceFiles(join(serverRoot, "core")).flatMap((file) =>
      importsOf(file)
        .filter((target) => featureOf(target) !== undefined)
        .map((target) => `${relative(serverRoot, file)} → ${target}`),
    );
    expect(upward).toEqual([]);
  });

  it("keeps server/http free of imports from any feature: features add to requests through route hooks (#20)", () => {
    const upward = sourceFiles(join(serverRoot, "http")).flatMap((file) =>
      importsOf(file)
        .filter((target) => featureOf(target) !== undefined)
        .map((target) => `${relative(serverRoot, file)} → ${target}`),
    );
    expect(upward).toEqual([]);
  });

  it("finds the imports it checks (the scan itself works)", () => {
    const imports = importsOf(join(serverRoot, "features", "email-password", "service.ts"));
    expect(imports).toContain(join("core", "sign-in", "password.js"));
    expect(importsOf(join(serverRoot, "features", "index.ts"))).toContain(join("features", "api-key", "hooks.js"));
  });
});
