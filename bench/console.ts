/**
 * The web console in a real browser, at scale (issue 9's benchmark): 100,000 users seeded into a
 * temp SQLite file (10,000 of them members of one organization), the real server in its own
 * process serving the built console (dist/console), Debian's Chromium (headless, driven by
 * playwright-core) signed in as an administrator made with create-admin. Server, browser and
 * this driver share the machine's cores.
 *
 * Measures: the admin users page's first rows after navigation (cold and warm cache), a search's
 * results after the last keystroke, frame times while scrolling the virtualised table, the
 * console's initial JavaScript (gzipped), and the members page of the 10,000-member organization.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { consoleDirectory } from "../server/http/console.js";
import { availableParallelism, cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Browser } from "playwright-core";
import { findChromium } from "./find-chromium.js";
import { consoleBuilt, measureBundle, type BundleFigures } from "./console-bundle.js";
import { newContext, percentile, profile, round, signIn, timeFirstRows, timeScroll, timeSearch, type FirstRowsRun, type ProfileSummary, type ScrollRun, type SearchRun } from "./console-browser.js";
import { BENCH_ADMIN, seedConsole } from "./console-seed.js";
import { startBenchServer } from "./server-process.js";

const LIST_USERS = /\/api\/auth\/admin\/list-users/;
const LIST_MEMBERS = /\/api\/auth\/organization\/list-members/;

/** The users page's search box, as a person finds it. */
const SEARCH_BOX = { role: "searchbox" as const, name: "Search users" };

export interface FirstRowsFigures {
  runs: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  /** Medians of where the time went: the list request's start and end after navigation start. */
  apiStartP50Ms: number | null;
  apiEndP50Ms: number | null;
  /** Median time to DOMContentLoaded (the initial scripts fetched and run). */
  domContentLoadedP50Ms: number;
  /** JavaScript fetched over the network by one such navigation (median, KiB, uncompressed: the server sends no gzip). */
  jsFetchedKb: number;
  /** The API calls of the median run before its first row, in order. */
  medianRunCalls: FirstRowsRun["calls"];
}

export interface ConsoleFigures {
  users: number;
  members: number;
  seedSeconds: number;
  usersPage: { cold: FirstRowsFigures; warm: FirstRowsFigures } | Failure;
  search: SearchFigures | Failure;
  scroll: ScrollRun | Failure;
  bundle: BundleFigures;
  membersPage: { cold: FirstRowsFigures; warm: FirstRowsFigures } | Failure;
  /** After the measures, untimed: the page's CPU profile over one warm users-page load, one search and 40 scroll steps. */
  profiles: { usersPageLoad: ProfileSummary; search: ProfileSummary; scroll: ProfileSummary } | Failure;
  targets: { firstRowsMs: number; searchP95Ms: number; frameMs: number; initialJsGzipKb: number };
  passed: { usersPage: boolean; search: boolean; scroll: boolean; bundle: boolean; membersPage: boolean };
  cores: number;
  cpu: string;
  node: string;
  chromium: string;
  loadAverage1m: number;
}

/** A part that could not be measured (e.g. its page is missing): why. */
export interface Failure {
  error: string;
}

export interface SearchFigures {
  terms: number;
  keyDelayMs: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  /** Medians: last keystroke → the whole term's list request sent, and answered. */
  requestSentP50Ms: number | null;
  requestAnsweredP50Ms: number | null;
  runs: SearchRun[];
}

const failed = (value: object): value is Failure => "error" in value;

async function part<T>(name: string, measure: () => Promise<T>): Promise<T | Failure> {
  try {
    return await measure();
  } catch (error) {
    process.stderr.write(`console bench: ${name} failed: ${(error as Error).message.split("\n")[0]}\n`);
    return { error: (error as Error).message.split("\n")[0] as string };
  }
}

function firstRowsFigures(runs: FirstRowsRun[]): FirstRowsFigures {
  const sorted = runs.map((r) => r.firstRowMs).sort((a, b) => a - b);
  const median = (values: (number | null)[]) => {
    const known = values.filter((v): v is number => v !== null).sort((a, b) => a - b);
    return known.length ? round(percentile(known, 50)) : null;
  };
  return {
    runs: runs.length,
    p50Ms: round(percentile(sorted, 50)),
    p95Ms: round(percentile(sorted, 95)),
    maxMs: round(sorted[sorted.length - 1] ?? 0),
    apiStartP50Ms: median(runs.map((r) => r.apiStartMs)),
    apiEndP50Ms: median(runs.map((r) => r.apiEndMs)),
    domContentLoadedP50Ms: median(runs.map((r) => r.domContentLoadedMs)) ?? 0,
    jsFetchedKb: Math.round((median(runs.map((r) => r.jsBytes)) ?? 0) / 1024),
    medianRunCalls: [...runs].sort((a, b) => a.firstRowMs - b.firstRowMs)[Math.floor(runs.length / 2)]?.calls ?? [],
  };
}

/** Cold: each run in a fresh browser context (empty cache, same cookies). Warm: one context, the page reloaded by navigation. */
async function firstRows(browser: Browser, origin: string, state: Awaited<ReturnType<typeof signIn>>, url: string, api: RegExp, runs: number) {
  const cold: FirstRowsRun[] = [];
  for (let i = 0; i < runs; i++) {
    const context = await newContext(browser, origin, state);
    try {
      cold.push(await timeFirstRows(await context.newPage(), url, api));
    } finally {
      await context.close();
    }
  }
  const warm: FirstRowsRun[] = [];
  const context = await newContext(browser, origin, state);
  try {
    const page = await context.newPage();
    await timeFirstRows(page, url, api); // fills the cache
    for (let i = 0; i < runs; i++) {
      await page.goto(`${origin}/console/account`, { waitUntil: "load" });
      warm.push(await timeFirstRows(page, url, api));
    }
  } finally {
    await context.close();
  }
  return { cold: firstRowsFigures(cold), warm: firstRowsFigures(warm) };
}

/**
 * Search terms a person might type (digits of a user number), each checked against the seeded
 * data: it matches some users, and the term without its last digit matches more (so the table
 * must change after the last keystroke for the measure to end).
 */
export function pickSearchTerms(users: number, members: number, count: number): string[] {
  const numbers = [...Array.from({ length: users - members }, (_, i) => String(i)), ...Array.from({ length: members }, (_, i) => String(i))];
  const matches = (term: string) => numbers.filter((n) => n.includes(term)).length;
  const terms: string[] = [];
  for (let seed = 7; terms.length < count && seed < 10_000; seed += 1) {
    const length = 4 + (seed % 2);
    const term = String((seed * 7919) % 10 ** length).padStart(length, "1");
    if (terms.includes(term)) continue;
    const hits = matches(term);
    if (hits > 0 && matches(term.slice(0, -1)) > 2 * hits) terms.push(term);
  }
  return terms;
}

export async function run(options: { users?: number; members?: number } = {}): Promise<ConsoleFigures> {
  const users = options.users ?? Number(process.env.BENCH_USERS ?? 100_000);
  const members = options.members ?? Number(process.env.BENCH_MEMBERS ?? 10_000);
  const runs = Number(process.env.BENCH_RUNS ?? 10);
  const keyDelayMs = 100;
  if (!consoleBuilt()) throw new Error("the console is not built: run `npm run build:console`");
  const bundle = measureBundle();
  // The server reads index.html once at start: a rebuild of the console during the run (another
  // build in the same checkout) would leave it pointing at deleted chunks.
  const indexFile = join(consoleDirectory(), "index.html");
  const indexAtStart = readFileSync(indexFile, "utf8");

  const dir = mkdtempSync(join(tmpdir(), "latchkey-bench-console-"));
  const file = join(dir, "bench.db");
  const seed = await seedConsole(file, users, members);
  const server = await startBenchServer(file, 4900 + Math.floor(Math.random() * 500));
  const { executablePath, args } = await findChromium();
  const browser = await chromium.launch({ executablePath, headless: true, args });
  try {
    const origin = server.url;
    const state = await signIn(browser, origin, BENCH_ADMIN);
    const usersURL = `${origin}/console/admin/users`;
    const membersURL = `${origin}/console/organizations/${seed.organizationId}/members`;

    const only = (process.env.BENCH_CONSOLE_ONLY ?? "users,search,scroll,members,profile").split(",");

    // Warm the server (JIT, SQLite page cache) the way a first visitor would, untimed.
    {
      const context = await newContext(browser, origin, state);
      const page = await context.newPage();
      for (let i = 0; i < 3; i++) {
        await timeFirstRows(page, usersURL, LIST_USERS, 10_000).catch(() => undefined);
        if (only.includes("members")) await timeFirstRows(page, membersURL, LIST_MEMBERS, 10_000).catch(() => undefined);
      }
      await context.close();
    }
    const skipped = async (): Promise<Failure> => ({ error: "skipped (BENCH_CONSOLE_ONLY)" });

    const usersPage = only.includes("users") ? await part("users page", () => firstRows(browser, origin, state, usersURL, LIST_USERS, runs)) : await skipped();

    const search = only.includes("search")
      ? await part("search", async (): Promise<SearchFigures> => {
          const searchRuns: SearchRun[] = [];
          // 20 measured terms, and a 21st for the untimed warm-up (a repeated term would be answered from the cache).
          const terms = pickSearchTerms(users, members, 21);
          const warmUp = terms.pop() as string;
          const context = await newContext(browser, origin, state);
          try {
            const page = await context.newPage();
            await timeFirstRows(page, usersURL, LIST_USERS);
            const box = page.getByRole(SEARCH_BOX.role, { name: SEARCH_BOX.name, exact: true });
            await timeSearch(page, box, warmUp, keyDelayMs);
            for (const term of terms) searchRuns.push(await timeSearch(page, box, term, keyDelayMs, LIST_USERS));
          } finally {
            await context.close();
          }
          const sorted = searchRuns.map((r) => r.latencyMs).sort((a, b) => a - b);
          const median = (values: (number | null)[]) => {
            const known = values.filter((v): v is number => v !== null).sort((a, b) => a - b);
            return known.length ? round(percentile(known, 50)) : null;
          };
          return {
            terms: searchRuns.length,
            keyDelayMs,
            p50Ms: round(percentile(sorted, 50)),
            p95Ms: round(percentile(sorted, 95)),
            maxMs: round(sorted[sorted.length - 1] ?? 0),
            requestSentP50Ms: median(searchRuns.map((r) => r.requestSentMs)),
            requestAnsweredP50Ms: median(searchRuns.map((r) => r.requestAnsweredMs)),
            runs: searchRuns,
          };
        })
      : await skipped();

    const scroll = only.includes("scroll")
      ? await part("scroll", async () => {
          const context = await newContext(browser, origin, state);
          try {
            const page = await context.newPage();
            await timeFirstRows(page, usersURL, LIST_USERS);
            return await timeScroll(page, LIST_USERS, { steps: Number(process.env.BENCH_SCROLL_STEPS ?? 300), stepPx: 600, intervalMs: 50 });
          } finally {
            await context.close();
          }
        })
      : await skipped();

    const membersPage = only.includes("members") ? await part("members page", () => firstRows(browser, origin, state, membersURL, LIST_MEMBERS, runs)) : await skipped();

    // Where the page's time goes (BENCH_CONSOLE_PROFILE=dir also keeps the .cpuprofile files for DevTools).
    const profileDir = process.env.BENCH_CONSOLE_PROFILE;
    if (profileDir) mkdirSync(profileDir, { recursive: true });
    const keep = (name: string) => (profileDir ? join(profileDir, `${name}.cpuprofile`) : undefined);
    const profiles = only.includes("profile")
      ? await part("profiles", async () => {
          const context = await newContext(browser, origin, state);
          try {
            const page = await context.newPage();
            await timeFirstRows(page, usersURL, LIST_USERS);
            await page.goto(`${origin}/console/account`, { waitUntil: "load" });
            const usersPageLoad = await profile(page, () => timeFirstRows(page, usersURL, LIST_USERS), keep("users-page-load"));
            const box = page.getByRole(SEARCH_BOX.role, { name: SEARCH_BOX.name, exact: true });
            const terms = pickSearchTerms(users, members, 2);
            await timeSearch(page, box, terms[0] as string, keyDelayMs);
            const searchProfile = await profile(page, () => timeSearch(page, box, terms[1] as string, keyDelayMs), keep("users-search"));
            await page.goto(usersURL, { waitUntil: "commit" });
            await timeFirstRows(page, usersURL, LIST_USERS);
            const scrollProfile = await profile(page, () => timeScroll(page, LIST_USERS, { steps: 40, stepPx: 600, intervalMs: 50 }), keep("users-scroll"));
            return { usersPageLoad, search: searchProfile, scroll: scrollProfile };
          } finally {
            await context.close();
          }
        })
      : await skipped();

    if (readFileSync(indexFile, "utf8") !== indexAtStart) throw new Error("dist/console was rebuilt during the run: its figures are not valid; run again");

    const targets = { firstRowsMs: 1000, searchP95Ms: 300, frameMs: 50, initialJsGzipKb: 250 };
    const pageOK = (p: typeof usersPage) => !failed(p) && p.cold.p95Ms <= targets.firstRowsMs && p.warm.p95Ms <= targets.firstRowsMs;
    return {
      users: seed.users,
      members: seed.members,
      seedSeconds: seed.seedSeconds,
      usersPage,
      search,
      scroll,
      bundle,
      membersPage,
      profiles,
      targets,
      passed: {
        usersPage: pageOK(usersPage),
        search: !failed(search) && search.p95Ms <= targets.searchP95Ms,
        scroll: !failed(scroll) && scroll.maxFrameMs <= targets.frameMs,
        bundle: bundle.meetsTarget,
        membersPage: pageOK(membersPage),
      },
      cores: availableParallelism(),
      cpu: cpus()[0]?.model ?? "unknown",
      node: process.version,
      chromium: browser.version(),
      loadAverage1m: round(loadavg()[0] ?? 0),
    };
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

const verdict = (ok: boolean) => (ok ? "PASS" : "FAIL");

export function report(f: ConsoleFigures): string {
  const rows = (name: string, r: FirstRowsFigures) =>
    `    ${name.padEnd(26)} p50 ${r.p50Ms} ms  p95 ${r.p95Ms} ms  max ${r.maxMs} ms  (${r.runs} runs; p50s: DOMContentLoaded ${r.domContentLoadedP50Ms} ms, list request sent ${r.apiStartP50Ms ?? "?"} ms, answered ${r.apiEndP50Ms ?? "?"} ms; ${r.jsFetchedKb} KiB JS fetched)\n` +
    `      median run's calls: ${r.medianRunCalls.map((c) => `${c.path} ${Math.round(c.startMs)}→${Math.round(c.endMs)}`).join(", ")}`;
  const page = (p: ConsoleFigures["usersPage"]) => (failed(p) ? [`    not measured: ${p.error}`] : [rows("cold cache (new context)", p.cold), rows("warm cache", p.warm)]);
  const lines = [
    `console: ${f.users} users (${f.members} in one organization), Chromium ${f.chromium} headless, ${f.cores} cores (${f.cpu}) shared by server, browser and driver, Node ${f.node}, load average ${f.loadAverage1m}; seeding took ${f.seedSeconds} s`,
    `  users page, first rows after navigation — target p95 ≤ ${f.targets.firstRowsMs} ms: ${verdict(f.passed.usersPage)}`,
    ...page(f.usersPage),
    `  search, last keystroke → only matching rows shown — target p95 ≤ ${f.targets.searchP95Ms} ms: ${verdict(f.passed.search)}`,
  ];
  const q = f.search;
  lines.push(failed(q) ? `    not measured: ${q.error}` : `    p50 ${q.p50Ms} ms  p95 ${q.p95Ms} ms  max ${q.maxMs} ms  (p50s after the last key: request sent ${q.requestSentP50Ms ?? "?"} ms, answered ${q.requestAnsweredP50Ms ?? "?"} ms; ${q.terms} terms typed ${q.keyDelayMs} ms a key: ${q.runs.map((r) => `${r.term} ${Math.round(r.latencyMs)}`).join(", ")})`);
  lines.push(`  scrolling the virtualised table — target every frame ≤ ${f.targets.frameMs} ms: ${verdict(f.passed.scroll)}`);
  const s = f.scroll;
  lines.push(
    failed(s)
      ? `    not measured: ${s.error}`
      : `    ${s.frames} frames in ${s.seconds} s: p50 ${s.p50FrameMs} ms  p95 ${s.p95FrameMs} ms  max ${s.maxFrameMs} ms  frames > 50 ms: ${s.longFrames}; long tasks ${s.longTasks} (longest ${s.maxLongTaskMs} ms); ${s.scrolledRows} rows scrolled, ${s.pageRequests} list requests`,
  );
  const b = f.bundle;
  lines.push(
    `  initial JavaScript (index.html's entry + modulepreloads, gzip) — target ≤ ${f.targets.initialJsGzipKb} KB: ${verdict(f.passed.bundle)}`,
    `    ${b.initialGzipKb} KiB gzipped (${b.initialRawKb} KiB raw) in ${b.initial.length} files; CSS ${b.initialCssGzipKb} KiB gzipped; all ${b.allJsChunks} JS chunks ${b.allJsGzipKb} KiB gzipped (${b.allJsRawKb} KiB raw)`,
    `  members page (${f.members} members), first rows after navigation — target p95 ≤ ${f.targets.firstRowsMs} ms: ${verdict(f.passed.membersPage)}`,
    ...page(f.membersPage),
  );
  const p = f.profiles;
  if (!failed(p)) {
    const top = (name: string, summary: ProfileSummary) =>
      `    ${name}: ${summary.totalMs} ms of main-thread JavaScript; most self time in ${summary.top.slice(0, 6).map((t) => `${t.fn} ${t.ms} ms`).join(", ")}`;
    lines.push("  where the page's time goes (CPU profile, untimed runs):", top("users page load (warm)", p.usersPageLoad), top("one search", p.search), top("40 scroll steps", p.scroll));
  }
  return lines.join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await run();
  console.log(report(figures));
  console.log(JSON.stringify({ bench: "console", ...figures }));
}
