/**
 * ESLint for the whole repository (`npm run lint`): typescript-eslint's recommended rules,
 * react-hooks for the console, and the import boundaries of docs/architecture.md as
 * eslint-plugin-boundaries policies.
 *
 * The rules are syntactic (no type information): a type-aware run needs a TypeScript program per
 * tsconfig and took several times longer on this repository's two-core machines, while `npm run
 * typecheck` already runs the compiler in strict mode over the same files.
 *
 * Boundaries are written as folder patterns so they survive renames inside an area (for example
 * renderer/features/<area>/ or the desktop shell's electron/<runtime>/ folders).
 */
import js from "@eslint/js";
import boundaries from "eslint-plugin-boundaries";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** The folders the boundary rules talk about; the first matching descriptor wins. */
const elements = [
  // Server: features are leaves; what two of them share lives in core (or http, db, crypto …).
  { type: "server-feature", pattern: "server/features/*", capture: ["feature"] },
  { type: "server-core", pattern: "server/core" },
  { type: "server", pattern: "server" },
  { type: "renderer-app", pattern: "renderer/app" },
  { type: "renderer-ui", pattern: "renderer/ui" },
  { type: "renderer-feature", pattern: "renderer/features/*", capture: ["area"] },
  { type: "renderer", pattern: "renderer" },
  { type: "electron", pattern: "electron" },
  { type: "cli", pattern: "cli" },
  { type: "shared", pattern: "shared" },
];

/** File-level parts, matched by path inside the policies below. */
const paths = {
  // The typed client of the console, and the only modules allowed to use it.
  rendererClient: "**/renderer/app/api.ts",
  // queries.ts of each area; a route loader's slice of it in <topic>-query(ies).ts beside it.
  rendererQueries: ["**/renderer/{features/*,app}/queries.ts", "**/renderer/features/*/*-{query,queries}.ts", "**/renderer/app/session.ts"],
  // The desktop shell by runtime: electron/main, preload, utility (the local server), common.
  preload: ["**/electron/preload/**"],
  electronCommon: ["**/electron/common/**"],
};

// Policies are evaluated in order and the last one that matches decides (allow or disallow).
const boundaryPolicies = [
  {
    from: { element: { type: "server-feature" } },
    disallow: { to: { element: { type: "server-feature", captured: { feature: "!{{from.captured.feature}}" } } } },
  },
  { from: { element: { type: "server-core" } }, disallow: { to: { element: { type: "server-feature" } } } },
  // Renderer components reach the server only through their area's queries.ts.
  { from: { file: { path: "**/renderer/**" } }, disallow: { to: { file: { path: paths.rendererClient } } } },
  { from: { file: { path: paths.rendererQueries } }, allow: { to: { file: { path: paths.rendererClient } } } },
  { from: { element: { type: "renderer-ui" } }, disallow: { to: { element: { types: { anyOf: ["renderer-app", "renderer-feature"] } } } } },
  // The preload is bundled into a sandboxed renderer: what is common to both sides, never main's code.
  { from: { file: { path: paths.preload } }, disallow: { to: { element: { type: "electron" } } } },
  { from: { file: { path: paths.preload } }, allow: { to: { file: { path: [...paths.preload, ...paths.electronCommon] } } } },
  { from: { file: { path: paths.electronCommon } }, disallow: { to: { element: { type: "electron" } } } },
  { from: { file: { path: paths.electronCommon } }, allow: { to: { file: { path: paths.electronCommon } } } },
  // The desktop shell does not import the CLI: what both run (the offline context, the restore)
  // lives in server/maintenance.
  { from: { element: { type: "electron" } }, disallow: { to: { element: { type: "cli" } } } },
  // shared/ is used by every runtime: it depends on none of them.
  { from: { element: { type: "shared" } }, disallow: { to: { element: { types: { anyOf: ["server", "server-core", "server-feature", "cli", "electron", "renderer", "renderer-app", "renderer-ui", "renderer-feature"] } } } } },
];

export default tseslint.config(
  {
    ignores: ["node_modules/", "dist/", "out/", "release/", "coverage/", "artifacts/", "data/", "tmp/", "tests/fixtures/"],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: "module" },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      // Unused names fail typecheck-adjacent review; `_` marks a deliberately ignored one.
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
    },
  },
  {
    // Tests and benchmarks read JSON answers of every shape; `any` is the honest type for a body
    // nobody has checked yet. Migrations take Kysely<any>: they must not depend on today's schema.
    files: ["tests/**", "bench/**", "server/db/migrations/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    files: ["renderer/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  {
    files: ["server/**/*.ts", "renderer/**/*.{ts,tsx}", "electron/**/*.ts", "shared/**/*.ts"],
    plugins: { boundaries },
    settings: {
      "boundaries/elements": elements,
      "boundaries/include": ["server/**", "renderer/**", "electron/**", "cli/**", "shared/**"],
      "import/resolver": { typescript: { project: ["tsconfig.json", "renderer/tsconfig.json"], noWarnOnMultipleProjects: true } },
    },
    rules: {
      // checkInternals: a file importing its neighbour in the same folder (electron/preload.ts →
      // electron/security.ts, renderer/app/*.tsx → app/api.ts) is checked too.
      "boundaries/dependencies": ["error", { default: "allow", checkInternals: true, policies: boundaryPolicies }],
    },
  },
);
