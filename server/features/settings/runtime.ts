/**
 * Settings changed at run time, applied to this server's `app.config` in place (docs/settings.md).
 *
 * Precedence: what the configuration names (file, AUTH_* environment, flags) wins, then a stored
 * value (the runtimeSetting table), then the default. A stored value is checked again by the
 * config schema whenever it is applied: a value an older or newer version wrote that this one
 * refuses is ignored (and logged), never half-applied.
 *
 * Every server applies the table's state on start and again when it changes:
 * - its own change at once (the service reloads after writing);
 * - PostgreSQL with the change notices: on the `s` notice the table's trigger sends, relayed by
 *   Redis where configured (db/change-notices.ts, db/redis-change-channel.ts), and after every
 *   reset of the channel (notices may have been missed while it was down);
 * - otherwise (SQLite, whose other writers are the offline CLI or a second process; PostgreSQL
 *   without a listener) by looking again every second, on SQLite only when its change counter
 *   moved (db/change-counter.ts).
 */
import type { AppContext } from "../../context.js";
import { crossFieldProblems, explicitSettingsOf, type Config } from "../../config.js";
import { changeCounterOf } from "../../db/change-counter.js";
import { runtimeSettingsFor, type SettingDefinition } from "./registry.js";
import { listStoredSettings, type StoredSetting } from "./store.js";

export interface SettingState {
  definition: SettingDefinition;
  /** The value in force. */
  value: unknown;
  /** The configuration's value (file, environment, flags or default): what a reset goes back to. */
  configured: unknown;
  /** The stored value in force, if any (none while locked or when the stored one is refused). */
  stored: StoredSetting | undefined;
  /** The configuration names it: changes are refused, stored values ignored. */
  locked: boolean;
}

export interface RuntimeSettings {
  definitions: readonly SettingDefinition[];
  find(key: string): SettingDefinition | undefined;
  states(): SettingState[];
  /** Reads the table and applies it; calls made while one runs share the next one. */
  reload(): Promise<void>;
  /** Checks a candidate value against the schema and the rules between settings; the problem in words, or undefined. */
  problemWith(definition: SettingDefinition, value: unknown): string | undefined;
  /** Starts looking for changes made elsewhere when no change notices come (see above). */
  watch(options: { notices: boolean }): void;
  close(): void;
}

const POLL_MS = 1_000;

export function createRuntimeSettings(app: Pick<AppContext, "config" | "db" | "log">): RuntimeSettings {
  const { config, db, log } = app;
  const definitions = runtimeSettingsFor(config);
  const byKey = new Map(definitions.map((definition) => [definition.key, definition]));
  const explicit = explicitSettingsOf(config);
  const configured = new Map(definitions.map((definition) => [definition.key, structuredClone(definition.read(config))]));
  const locked = new Set(definitions.filter((definition) => explicit !== undefined && definition.given(explicit)).map((definition) => definition.key));
  let applied = new Map<string, StoredSetting>();
  /** Stored values already reported as refused, so a refused row is logged once, not every second. */
  const refusedLogged = new Set<string>();
  let timer: NodeJS.Timeout | undefined;

  function parse(definition: SettingDefinition, row: StoredSetting): { ok: true; value: unknown } | { ok: false; reason: string } {
    let raw: unknown;
    try {
      raw = JSON.parse(row.value);
    } catch {
      return { ok: false, reason: "not JSON" };
    }
    const problem = problemWith(definition, raw);
    return problem ? { ok: false, reason: problem } : { ok: true, value: definition.schema.parse(raw) };
  }

  function problemWith(definition: SettingDefinition, value: unknown): string | undefined {
    if (value === undefined || value === null) return "a value is required";
    const parsed = definition.schema.safeParse(value);
    if (!parsed.success) return parsed.error.issues.map((issue) => issue.message).join("; ");
    const candidate = structuredClone(config) as Config;
    definition.write(candidate, parsed.data);
    return crossFieldProblems(candidate)[0];
  }

  function apply(rows: StoredSetting[]): void {
    const stored = new Map(rows.map((row) => [row.key, row]));
    const next = new Map<string, StoredSetting>();
    for (const definition of definitions) {
      const row = stored.get(definition.key);
      let value = configured.get(definition.key);
      if (row && !locked.has(definition.key)) {
        const parsed = parse(definition, row);
        if (parsed.ok) {
          value = parsed.value;
          next.set(definition.key, row);
          refusedLogged.delete(definition.key);
        } else if (!refusedLogged.has(`${definition.key}=${row.value}`)) {
          refusedLogged.add(`${definition.key}=${row.value}`);
          log.warn({ setting: definition.key, reason: parsed.reason }, "stored setting refused: the configuration's value stays in force");
        }
      }
      definition.write(config, structuredClone(value));
    }
    applied = next;
  }

  let running: Promise<void> | undefined;
  let again = false;
  async function reloadOnce(): Promise<void> {
    apply(await listStoredSettings(db));
  }
  function reload(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await reloadOnce();
        } while (again);
      } finally {
        running = undefined;
      }
    })();
    return running;
  }

  return {
    definitions,
    find: (key) => byKey.get(key),
    states: () =>
      definitions.map((definition) => ({
        definition,
        value: definition.read(config),
        configured: configured.get(definition.key),
        stored: applied.get(definition.key),
        locked: locked.has(definition.key),
      })),
    reload,
    problemWith,
    watch({ notices }) {
      if (notices || timer) return;
      const counter = changeCounterOf(db);
      let seen = counter?.current();
      const failed = (error: Error) => log.warn({ err: { message: error.message } }, "settings reload failed");
      timer = setInterval(() => {
        try {
          if (counter) {
            const now = counter.current();
            if (now === seen) return;
            seen = now;
          }
          reload().catch(failed);
        } catch (error) {
          failed(error as Error); // the database closed under a server that was never closed
        }
      }, POLL_MS);
      timer.unref();
    },
    close() {
      clearInterval(timer);
    },
  };
}
