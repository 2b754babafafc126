/**
 * Breached-password check (issue 40, item 1; NIST SP 800-63B §5.1.1.2): a new password found in a
 * breach corpus is refused with `PASSWORD_COMPROMISED`, better-auth's code. k-anonymity: the
 * password's SHA-1 is split into a 5-hex prefix and a 35-hex suffix; only the prefix leaves the
 * process (`GET <rangeUrl><PREFIX>`, or the file `<rangeDir>/<PREFIX>.txt`), and the suffix is
 * looked up in the answer (`SUFFIX:COUNT` lines; padding lines with count 0 are no match).
 *
 * Why these choices:
 * - Off unless `passwordBreach` is set: offline-first, and no third-party call without the
 *   operator's consent. `rangeDir` needs no network at all.
 * - A range service that fails or is slower than `timeoutMs` (2 s) must not lock people out of
 *   signing up: the password is allowed and a warning logged, unless `failClosed` (then
 *   `503 PASSWORD_CHECK_UNAVAILABLE`). A missing range file counts as such a failure: a partial
 *   folder says nothing about the passwords it lacks.
 * - Ranges, not answers, are cached (bounded, least recently used first): a cached answer per
 *   password would keep an unsalted hash of it in memory. A range is kept as one string of its
 *   breached suffixes (~35 KB), so `cacheSize` ranges cost about cacheSize × 35 KB at most.
 */
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { apiError } from "../../../shared/errors.js";
import type { Config } from "../../config.js";
import type { Logger } from "../../context.js";

type BreachSettings = NonNullable<Config["passwordBreach"]>;

/** A small LRU over Map's insertion order: a hit moves the entry to the end, the oldest goes first. */
class RangeCache {
  private readonly entries = new Map<string, string>();
  constructor(private readonly size: number) {}
  get(prefix: string): string | undefined {
    const value = this.entries.get(prefix);
    if (value !== undefined) {
      this.entries.delete(prefix);
      this.entries.set(prefix, value);
    }
    return value;
  }
  set(prefix: string, value: string): void {
    if (this.size === 0) return;
    this.entries.delete(prefix);
    this.entries.set(prefix, value);
    while (this.entries.size > this.size) this.entries.delete(this.entries.keys().next().value as string);
  }
}

interface Checker {
  cache: RangeCache;
  /** One fetch per prefix at a time: concurrent sign-ups with the same prefix share it. */
  inFlight: Map<string, Promise<string | null>>;
}

const checkers = new WeakMap<BreachSettings, Checker>();

function checkerOf(settings: BreachSettings): Checker {
  let checker = checkers.get(settings);
  if (!checker) {
    checker = { cache: new RangeCache(settings.cacheSize), inFlight: new Map() };
    checkers.set(settings, checker);
  }
  return checker;
}

/** `SUFFIX:COUNT` lines → "\nSUFFIX\nSUFFIX\n" of the suffixes seen at least once (padding dropped). */
function breachedSuffixes(body: string): string {
  const out: string[] = [];
  for (const line of body.split("\n")) {
    const [suffix, count] = line.trim().split(":");
    if (suffix && count !== undefined && Number(count) > 0) out.push(suffix.toUpperCase());
  }
  return `\n${out.join("\n")}\n`;
}

async function fetchRange(settings: BreachSettings, prefix: string): Promise<string> {
  if (settings.rangeDir !== undefined) return breachedSuffixes(await readFile(join(settings.rangeDir, `${prefix}.txt`), "utf8"));
  // The signal bounds the whole exchange, the body included.
  const answer = await fetch(`${settings.rangeUrl ?? ""}${prefix}`, { signal: AbortSignal.timeout(settings.timeoutMs), headers: { accept: "text/plain", "add-padding": "true" } });
  if (!answer.ok) throw new Error(`range service answered ${answer.status}`);
  return breachedSuffixes(await answer.text());
}

/** The range, from the cache or its source; null when the source failed (logged, never the prefix). */
async function rangeOf(settings: BreachSettings, prefix: string, log: Logger): Promise<string | null> {
  const checker = checkerOf(settings);
  const cached = checker.cache.get(prefix);
  if (cached !== undefined) return cached;
  let pending = checker.inFlight.get(prefix);
  if (!pending) {
    pending = fetchRange(settings, prefix)
      .then((range) => {
        checker.cache.set(prefix, range);
        return range;
      })
      .catch((error: unknown) => {
        const reason = error instanceof Error ? (error.name === "TimeoutError" ? `no answer within ${settings.timeoutMs} ms` : error.message.replace(/[0-9A-F]{5}\.txt/gi, "<prefix>.txt")) : String(error);
        log.warn({ source: settings.rangeDir !== undefined ? "rangeDir" : "rangeUrl", reason, failClosed: settings.failClosed }, settings.failClosed ? "breached-password check unavailable: password refused (passwordBreach.failClosed)" : "breached-password check unavailable: password allowed");
        return null;
      })
      .finally(() => checker.inFlight.delete(prefix));
    checker.inFlight.set(prefix, pending);
  }
  return pending;
}

/** Throws PASSWORD_COMPROMISED for a breached password (and PASSWORD_CHECK_UNAVAILABLE when the check failed and failClosed); nothing when the check is off. */
export async function assertPasswordNotBreached(app: { config: Config; log: Logger }, password: string): Promise<void> {
  const settings = app.config.passwordBreach;
  if (!settings) return;
  const digest = createHash("sha1").update(password, "utf8").digest("hex").toUpperCase();
  const range = await rangeOf(settings, digest.slice(0, 5), app.log);
  if (range === null) {
    if (settings.failClosed) throw apiError("PASSWORD_CHECK_UNAVAILABLE");
    return;
  }
  if (range.includes(`\n${digest.slice(5)}\n`)) throw apiError("PASSWORD_COMPROMISED");
}

/** How the check is set up, for `auth server check-config` and the console's Server page: never the URL's credentials. */
export function breachCheckSummary(config: Config): { enabled: boolean; source: "range-service" | "range-folder" | null; failClosed: boolean } {
  const settings = config.passwordBreach;
  if (!settings) return { enabled: false, source: null, failClosed: false };
  return { enabled: true, source: settings.rangeDir !== undefined ? "range-folder" : "range-service", failClosed: settings.failClosed };
}
