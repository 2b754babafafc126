/**
 * Issue 20, item 1: one singular kebab-case name per area in every layer (docs/architecture.md,
 * "Area names"). The areas are the server's feature folders plus `core` and `server`; every
 * other layer — contract, errors, console, CLI, tests, docs — names its files and folders after
 * them, as `<area>` or `<area>-<part>`. The names that are not areas are listed below, each with
 * its reason; anything else fails here, so `api-keys`, `organizations` or `org` cannot creep back.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const root = resolve(__dirname, "../..");
// Folders git would not check out (left empty by a move) are not a layer's names.
const hasFiles = (path: string): boolean => readdirSync(path).some((name) => !statSync(join(path, name)).isDirectory() || hasFiles(join(path, name)));
const dirsIn = (dir: string) => readdirSync(join(root, dir)).filter((name) => statSync(join(root, dir, name)).isDirectory() && hasFiles(join(root, dir, name)));
const filesIn = (dir: string, ending: string) =>
  readdirSync(join(root, dir))
    .filter((name) => name.endsWith(ending) && statSync(join(root, dir, name)).isFile())
    .map((name) => name.slice(0, -ending.length));

/** The canonical set: the server's feature folders, `core` (what they share) and `server` (running it). */
const FEATURES = dirsIn("server/features");
const AREAS = [...FEATURES, "core", "server"];

/**
 * Names that are not areas, per layer. Keep this short: each entry is a topic that cuts across
 * areas, or a file that belongs to no area (a layer's own plumbing).
 */
const NOT_AREAS = {
  contract: {
    index: "merges every area's endpoints into the contract",
    endpoint: "the endpoint() declaration helper",
    schemas: "wire shapes several areas answer with (user, session, status)",
    "text-fields": "name/image field rules shared by sign-up, profile and admin",
    "unknown-keys": "how .strict() bodies report unknown keys",
  },
  renderer: {
    // The signed-out pages (sign-in, sign-up, forgot/reset password, verify email, the second
    // step) share one frame and stylesheet, and each finishes a flow of several server areas.
    auth: "signed-out pages spanning email-password, password, verification, social, two-factor",
  },
  catalogues: {
    auth: "the signed-out pages' words (renderer/features/auth)",
    cli: "the auth CLI's messages (cli.json) and --help texts (cli-help.json), read by cli/i18n/index.ts",
    common: "words every page uses (buttons, navigation, dates)",
    errors: "the error catalogue's codes in words",
    mail: "every mail's words, read by the server (server/mail)",
    menu: "the desktop app's menu labels, read by the shell (electron/main)",
  },
  cli: {
    completion: "shell completion scripts for the whole command tree",
  },
  serverTests: {
    i18n: "languages across mail, CLI catalogues and the desktop menu",
  },
  cliTests: {
    consistency: "the same answer for the same question across commands",
    "csv-export": "spreadsheet-safe CSV for every export",
    "dashed-operands": "operands that start with a dash, for every command",
    i18n: "the CLI in the operator's language",
    local: "commands that need no server session, and --help everywhere",
    "table-layout": "fitting every table to the terminal",
    "help-width": "--help of every command at the terminal's width",
    wording: "the CLI's sentences and table words across commands",
    terminal: "interactive views in a real pseudo-terminal",
    "user-mistakes": "no stack trace for any command's misuse",
  },
  consoleTests: {
    auth: "the signed-out pages (renderer/features/auth)",
    shell: "the console's frame: CSP, navigation, themes",
    desktop: "the console inside the Electron shell",
    i18n: "the console in every language",
  },
  docs: {
    "adding-a-sign-in-method": "a how-to across core and features",
    api: "the HTTP API reference across every area (moved out of the README, issue 33)",
    configuration: "every setting, PostgreSQL, scale-out, lockout and security defaults (moved out of the README, issue 33)",
    console: "the web console's pages across areas (moved out of the README, issue 33)",
    container: "the container image, compose file and their secrets-from-files settings (issue 42)",
    "adopting-better-auth": "moving a better-auth deployment's data into Latchkey (issue 22)",
    "additional-fields": "configured user fields, used by sign-up, profile and admin",
    architecture: "the whole system",
    passwordless: "signing in without a password across magic-link, email-otp and passkey (issue 37)",
    benchmarks: "measured figures for every area",
    cli: "how the CLI is built",
    desktop: "the Electron shell",
    i18n: "languages across every layer",
    "oidc-provider": "the guide for connecting other apps (Grafana, Gitea, Nextcloud) to the oauth-provider area, named as issue 23 asks",
    operations: "running the server: backups, metrics, shutdown, secrets",
    qa: "seed scenarios, snapshots and a movable clock for QA and demos, across areas, named as issue 39 asks",
    "scale-out": "several servers behind a load balancer",
    security: "the threat model across areas",
    testing: "how the test suite gets PostgreSQL and a browser, its rules, and where its time goes",
    translations: "how to add or fix a translation",
    webhooks: "the webhook area's guide with receiver examples, named as issue 38 asks",
  },
} satisfies Record<string, Record<string, string>>;

/** The area a file or folder name belongs to: the longest area that is the name or its `<area>-` prefix. */
function areaOf(name: string, allowed: Record<string, string> = {}): string | undefined {
  const candidates = [...AREAS, ...Object.keys(allowed)].filter((area) => name === area || name.startsWith(`${area}-`));
  return candidates.sort((a, b) => b.length - a.length)[0];
}

function strays(names: string[], allowed: Record<string, string>): string[] {
  return names.filter((name) => areaOf(name, allowed) === undefined);
}

describe("one name per area", () => {
  it("the canonical set is the server's feature folders, and the architecture guide names them all", () => {
    expect(FEATURES).toContain("api-key");
    const guide = readFileSync(join(root, "docs/architecture.md"), "utf8");
    const section = guide.slice(guide.indexOf("## Area names"), guide.indexOf("## Data flow"));
    for (const feature of FEATURES) expect(section, feature).toMatch(new RegExp(`[\\s(,:]${feature}[,)\\s]`));
  });

  it("refuses the plural and short names the layers used to have", () => {
    for (const old of ["api-keys", "organizations", "org", "org-teams", "passkeys", "invitations", "mail", "token"]) {
      expect(areaOf(old), old).toBeUndefined();
    }
    expect(areaOf("organization-teams")).toBe("organization");
    expect(areaOf("two-factor")).toBe("two-factor");
    expect(areaOf("server-rotate-secret")).toBe("server");
  });

  it.each([
    ["shared/contract", filesIn("shared/contract", ".ts"), NOT_AREAS.contract],
    ["shared/errors", filesIn("shared/errors", ".ts"), {}],
    ["renderer/features", dirsIn("renderer/features"), NOT_AREAS.renderer],
    ["i18n/en", filesIn("i18n/en", ".json"), NOT_AREAS.catalogues],
    ["cli/commands", filesIn("cli/commands", ".ts"), NOT_AREAS.cli],
    ["tests/server", dirsIn("tests/server"), NOT_AREAS.serverTests],
    ["tests/cli", filesIn("tests/cli", ".test.ts"), NOT_AREAS.cliTests],
    ["tests/e2e/console", filesIn("tests/e2e/console", ".test.ts"), NOT_AREAS.consoleTests],
    ["docs", filesIn("docs", ".md"), NOT_AREAS.docs],
  ] as const)("%s uses only area names", (_layer, names, allowed) => {
    expect(names.length).toBeGreaterThan(0);
    expect(strays([...names], allowed)).toEqual([]);
  });

  it("every language has the same catalogue files as English", () => {
    const english = filesIn("i18n/en", ".json").sort();
    for (const language of dirsIn("i18n")) expect(filesIn(`i18n/${language}`, ".json").sort(), language).toEqual(english);
  });
});

describe("contract and server agree on where an endpoint lives", () => {
  const camel = (area: string) => area.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());

  it("every server feature has shared/contract/<area>.ts, and nothing else declares endpoints", () => {
    // `<area>-<part>.ts` files are merged into their area's file; only whole-area files count here.
    const areaFiles = filesIn("shared/contract", ".ts").filter((name) => !(name in NOT_AREAS.contract) && areaOf(name) === name);
    expect(areaFiles.sort()).toEqual([...FEATURES].sort());
  });

  it.each(FEATURES.map((name) => [name, name]))("shared/contract/%s.ts declares exactly the endpoints server/features/%s handles", async (area) => {
    const contract = (await import(`../../shared/contract/${area}.ts`)) as Record<string, unknown>;
    const routes = (await import(`../../server/features/${area}/routes.ts`)) as Record<string, unknown>;
    const endpoints = contract[`${camel(area)}Endpoints`] as Record<string, unknown> | undefined;
    const handlers = routes[`${camel(area)}Handlers`] as Record<string, unknown> | undefined;
    expect(endpoints, `${camel(area)}Endpoints`).toBeDefined();
    expect(handlers, `${camel(area)}Handlers`).toBeDefined();
    expect(Object.keys(endpoints!).sort()).toEqual(Object.keys(handlers!).sort());
  });
});
