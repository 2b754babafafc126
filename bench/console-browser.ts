/**
 * What the console bench measures in the browser. Times are taken inside the page, against its
 * own clock (performance.now(), whose zero is the navigation's start), by polling on every
 * animation frame — so playwright's round trips to the browser never enter the figures.
 *
 * A "data row" is any table row (tr or role=row) with an email address in it that is laid out
 * on screen: header rows, skeletons and empty states have none.
 */
import type { Browser, BrowserContext, Page, Request } from "playwright-core";

export type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

/** Signs in through the browser's own request context (the session cookie lands in it) and keeps the cookies. */
export async function signIn(browser: Browser, origin: string, credentials: { email: string; password: string }): Promise<StorageState> {
  const context = await browser.newContext({ baseURL: origin });
  try {
    const response = await context.request.post(`${origin}/api/auth/sign-in/email`, { data: { email: credentials.email, password: credentials.password }, headers: { origin } });
    if (!response.ok()) throw new Error(`sign-in failed: ${response.status()} ${await response.text()}`);
    return await context.storageState();
  } finally {
    await context.close();
  }
}

export async function newContext(browser: Browser, origin: string, state: StorageState): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: origin, storageState: state });
  await context.addInitScript(benchHelpers);
  return context;
}

/** Resolves with performance.now() of the first animation frame on which `predicate(arg)` holds. */
async function frameWhen<T>(page: Page, predicate: (arg: T) => boolean, arg: T, timeout = 30_000): Promise<number> {
  const handle = await page.waitForFunction(predicate as (arg: unknown) => boolean, arg as unknown, { polling: "raf", timeout });
  await handle.dispose();
  return page.evaluate(() => (window as unknown as BenchWindow).__benchSeenAt);
}

interface BenchWindow {
  __benchRows(): string[];
  __benchSeenAt: number;
  __benchLastKey: number;
}

/**
 * Installed in every document of a bench context before the console's own scripts (through the
 * DevTools protocol, so the console's CSP is untouched): the visible data rows' texts,
 * lower-cased; every call notes the time, so a predicate that holds leaves when it held; and
 * the time of the last keydown.
 */
function benchHelpers(): void {
  const w = window as unknown as BenchWindow;
  w.__benchSeenAt = 0;
  w.__benchLastKey = 0;
  w.__benchRows = () => {
    w.__benchSeenAt = performance.now();
    const out: string[] = [];
    for (const row of Array.from(document.querySelectorAll('tr, [role="row"]'))) {
      const text = (row.textContent ?? "").toLowerCase();
      if (!text.includes("@")) continue;
      const box = row.getBoundingClientRect();
      if (box.height > 0 && box.bottom > 0 && box.top < window.innerHeight) out.push(text);
    }
    return out;
  };
  document.addEventListener("keydown", () => (w.__benchLastKey = performance.now()), { capture: true });
}

export interface FirstRowsRun {
  /** Navigation start → first data row on screen. */
  firstRowMs: number;
  /** Navigation start → DOMContentLoaded done (the entry script and its preloads have run). */
  domContentLoadedMs: number;
  /** Navigation start → the list request leaves / its answer has arrived (as the browser saw it). */
  apiStartMs: number | null;
  apiEndMs: number | null;
  /** Every API call the navigation made before its first row, in order: path, sent and answered (ms after navigation start). */
  calls: { path: string; startMs: number; endMs: number }[];
  /** JavaScript bytes the browser fetched over the network for this navigation (cache hits excluded). */
  jsBytes: number;
}

/**
 * One navigation to `url` in `page`, timed from its start to the first data row on screen.
 * `api` names the list request (e.g. /admin/list-users) whose timing is recorded beside it.
 */
export async function timeFirstRows(page: Page, url: string, api: RegExp, timeout = 30_000): Promise<FirstRowsRun> {
  const finished: Request[] = [];
  let jsBytes = 0;
  const onFinished = async (request: Request) => {
    finished.push(request);
    if (request.resourceType() !== "script") return;
    const response = await request.response();
    if (response?.status() === 200 && !response.fromServiceWorker()) jsBytes += Math.max(0, (await request.sizes()).responseBodySize);
  };
  page.on("requestfinished", onFinished);
  try {
    await page.goto(url, { waitUntil: "commit" });
    const firstRowMs = await frameWhen(page, () => (window as unknown as BenchWindow).__benchRows().length > 0, null, timeout);
    const { origin, domContentLoadedMs } = await page.evaluate(() => ({
      origin: performance.timeOrigin,
      domContentLoadedMs: (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined)?.domContentLoadedEventEnd ?? 0,
    }));
    const calls = finished
      .filter((request) => request.url().includes("/api/auth/"))
      .map((request) => {
        const timing = request.timing();
        const startMs = timing.startTime - origin;
        return { path: new URL(request.url()).pathname.replace("/api/auth", ""), startMs: round(startMs), endMs: round(startMs + timing.responseEnd) };
      })
      .filter((call) => call.startMs >= 0 && call.endMs <= firstRowMs + 1)
      .sort((a, b) => a.startMs - b.startMs);
    const list = calls.find((call) => api.test(`/api/auth${call.path}`));
    return { firstRowMs, domContentLoadedMs, apiStartMs: list?.startMs ?? null, apiEndMs: list?.endMs ?? null, calls, jsBytes };
  } finally {
    page.off("requestfinished", onFinished);
  }
}

export interface SearchRun {
  term: string;
  /** Last keydown → every visible data row contains the term (and there is at least one). */
  latencyMs: number;
  /** Last keydown → the list request for the whole term sent / answered. */
  requestSentMs: number | null;
  requestAnsweredMs: number | null;
  rows: number;
}

/**
 * Types `term` into `box` the way a person does (one key at a time, `delayMs` apart) after
 * clearing it, and times the last keystroke to the table showing only rows that match.
 * Terms must be chosen so the results for the term without its last letter differ
 * (see pickSearchTerms), or the figure would measure the previous query.
 */
export async function timeSearch(page: Page, box: import("playwright-core").Locator, term: string, delayMs: number, api?: RegExp): Promise<SearchRun> {
  await box.click();
  await box.press("ControlOrMeta+a");
  await box.press("Backspace");
  // Let the cleared search settle (debounce, request, render) before timing the next one.
  await page.waitForTimeout(800);
  await frameWhen(page, () => (window as unknown as BenchWindow).__benchRows().length > 0, null);
  let request: Request | undefined;
  const onRequest = (candidate: Request) => {
    if (api?.test(candidate.url()) && new URL(candidate.url()).searchParams.get("searchValue") === term) request = candidate;
  };
  page.on("request", onRequest);
  await box.pressSequentially(term, { delay: delayMs });
  const shownAt = await frameWhen(
    page,
    (lower: string) => {
      const rows = (window as unknown as BenchWindow).__benchRows();
      return rows.length > 0 && rows.every((text) => text.includes(lower));
    },
    term.toLowerCase(),
  );
  const lastKey = await page.evaluate(() => (window as unknown as BenchWindow).__benchLastKey);
  const rows = await page.evaluate(() => (window as unknown as BenchWindow).__benchRows().length);
  page.off("request", onRequest);
  let requestSentMs: number | null = null;
  let requestAnsweredMs: number | null = null;
  if (request && (await request.response())) {
    const timing = request.timing();
    const origin = await page.evaluate(() => performance.timeOrigin);
    requestSentMs = round(timing.startTime - origin - lastKey);
    requestAnsweredMs = timing.responseEnd >= 0 ? round(requestSentMs + timing.responseEnd) : null;
  }
  return { term, latencyMs: shownAt - lastKey, requestSentMs, requestAnsweredMs, rows };
}

export interface ScrollRun {
  frames: number;
  p50FrameMs: number;
  p95FrameMs: number;
  maxFrameMs: number;
  /** Frames longer than 50 ms. */
  longFrames: number;
  /** Main-thread tasks over 50 ms (PerformanceObserver "longtask") and the longest. */
  longTasks: number;
  maxLongTaskMs: number;
  scrolledRows: number;
  pageRequests: number;
  seconds: number;
}

/**
 * Scrolls the table under the mouse with the wheel, `stepPx` every `intervalMs`, for `steps`
 * steps, while the page records every animation frame's interval.
 */
export async function timeScroll(page: Page, api: RegExp, options: { steps: number; stepPx: number; intervalMs: number }): Promise<ScrollRun> {
  const rowBox = await page.evaluate(() => {
    for (const row of Array.from(document.querySelectorAll('tr, [role="row"]'))) {
      if (!(row.textContent ?? "").includes("@")) continue;
      const box = row.getBoundingClientRect();
      if (box.height > 0) return { x: box.left + box.width / 2, y: box.top + box.height / 2, height: box.height };
    }
    return null;
  });
  if (!rowBox) throw new Error("no data row to scroll");
  // The element that scrolls: the first scrollable ancestor of a row, or the document.
  await page.evaluate(() => {
    const row = Array.from(document.querySelectorAll('tr, [role="row"]')).find((r) => (r.textContent ?? "").includes("@")) as HTMLElement;
    let el: HTMLElement | null = row;
    while (el && el !== document.body) {
      const style = getComputedStyle(el);
      if (/(auto|scroll)/.test(style.overflowY) && el.scrollHeight > el.clientHeight) break;
      el = el.parentElement;
    }
    const w = window as unknown as Record<string, unknown>;
    w.__benchScroller = el && el !== document.body ? el : document.scrollingElement;
    const frames: number[] = [];
    const longTasks: number[] = [];
    w.__benchFrames = frames;
    w.__benchLongTasks = longTasks;
    w.__benchRecording = true;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) longTasks.push(entry.duration);
    }).observe({ type: "longtask" });
    const tick = (t: number) => {
      frames.push(t);
      if (w.__benchRecording) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  let pageRequests = 0;
  const onRequest = (request: Request) => {
    if (api.test(request.url())) pageRequests += 1;
  };
  page.on("request", onRequest);
  await page.mouse.move(rowBox.x, rowBox.y);
  const started = performance.now();
  try {
    for (let i = 0; i < options.steps; i++) {
      await page.mouse.wheel(0, options.stepPx);
      await page.waitForTimeout(options.intervalMs);
    }
    await page.waitForTimeout(500);
  } finally {
    page.off("request", onRequest);
  }
  const seconds = (performance.now() - started) / 1000;
  const result = await page.evaluate(() => {
    const w = window as unknown as { __benchFrames: number[]; __benchLongTasks: number[]; __benchRecording: boolean; __benchScroller: Element };
    w.__benchRecording = false;
    return { frames: w.__benchFrames, longTasks: w.__benchLongTasks, scrollTop: w.__benchScroller.scrollTop };
  });
  const intervals = result.frames.slice(1).map((t, i) => t - (result.frames[i] as number));
  const sorted = [...intervals].sort((a, b) => a - b);
  return {
    frames: intervals.length,
    p50FrameMs: round(percentile(sorted, 50)),
    p95FrameMs: round(percentile(sorted, 95)),
    maxFrameMs: round(sorted[sorted.length - 1] ?? 0),
    longFrames: intervals.filter((ms) => ms > 50).length,
    longTasks: result.longTasks.length,
    maxLongTaskMs: round(Math.max(0, ...result.longTasks)),
    scrolledRows: Math.round(result.scrollTop / rowBox.height),
    pageRequests,
    seconds: round(seconds),
  };
}

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
export const round = (n: number) => Math.round(n * 10) / 10;

export interface ProfileSummary {
  totalMs: number;
  /** Where the page's main thread spent its time: self time by function (name, script file, line), largest first. */
  top: { fn: string; ms: number }[];
}

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
}

/** Runs `action` under the page's V8 CPU profiler; writes the .cpuprofile (for DevTools) when `file` is given, and answers the top self times. */
export async function profile(page: Page, action: () => Promise<unknown>, file?: string): Promise<ProfileSummary> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
  await cdp.send("Profiler.start");
  let result: ProfileSummary = { totalMs: 0, top: [] };
  try {
    await action();
  } finally {
    const { profile: data } = (await cdp.send("Profiler.stop")) as unknown as { profile: CpuProfile };
    await cdp.detach().catch(() => undefined);
    if (file) (await import("node:fs")).writeFileSync(file, JSON.stringify(data));
    result = summarise(data);
  }
  return result;
}

function summarise(data: CpuProfile): ProfileSummary {
  const byId = new Map(data.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  let total = 0;
  data.samples.forEach((id, i) => {
    const node = byId.get(id);
    const ms = (data.timeDeltas[i] ?? 0) / 1000;
    if (!node) return;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === "(idle)" || functionName === "(program)") return;
    const key = `${functionName || "(anonymous)"} ${url.split("/").pop() ?? ""}:${lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + ms);
    total += ms;
  });
  const top = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 15).map(([fn, ms]) => ({ fn, ms: round(ms) }));
  return { totalMs: round(total), top };
}
