/**
 * Reading and changing run-time settings (docs/settings.md): the rules, the write, the reload on
 * this server (other servers hear the change notice or look again, features/settings/runtime.ts),
 * and the audit record of what changed from what to what.
 */
import { apiError } from "../../../shared/errors.js";
import type { SettingValue, SettingWire } from "../../../shared/contract/settings.js";
import type { AppContext } from "../../context.js";
import type { AuditEvent } from "../../audit/recorder.js";
import { closest } from "../../../shared/closest.js";
import type { AuthState } from "../../http/handler.js";
import { isPasskeySession, mustSetUpTwoFactor } from "../../core/sign-in/two-factor-policy.js";
import type { RuntimeSettings, SettingState } from "./runtime.js";
import type { SettingDefinition } from "./registry.js";
import { deleteSetting, saveSetting, settingAuthors } from "./store.js";

type Audit = (event: AuditEvent) => void;

function runtimeOf(app: AppContext): RuntimeSettings {
  if (!app.settings) throw new Error("run-time settings are not loaded (createApp sets them up)");
  return app.settings;
}

export async function listSettings(app: AppContext): Promise<SettingWire[]> {
  return toWire(app, runtimeOf(app).states());
}

async function toWire(app: AppContext, states: SettingState[]): Promise<SettingWire[]> {
  const authors = await settingAuthors(app.db, [...new Set(states.flatMap((state) => (state.stored?.updatedBy ? [state.stored.updatedBy] : [])))]);
  return states.map(({ definition, value, configured, stored, locked }) => {
    const by = stored?.updatedBy ?? null;
    const author = by ? authors.get(by) : undefined;
    return {
      key: definition.key,
      group: definition.group,
      kind: definition.kind,
      value: value as SettingValue,
      configured: configured as SettingValue,
      source: stored ? "console" : locked ? "configuration" : "default",
      locked,
      updatedAt: stored ? new Date(Number(stored.updatedAt)).toISOString() : null,
      updatedBy: by ? { id: by, email: author?.email ?? null, name: author?.name ?? null } : null,
    };
  });
}

function definitionOf(settings: RuntimeSettings, key: string): SettingDefinition {
  const definition = settings.find(key);
  if (definition) return definition;
  const near = closest(key, settings.definitions.map((candidate) => candidate.key));
  throw apiError("UNKNOWN_SETTING", undefined, [{ path: "key", message: near ? `unknown setting; did you mean ${near}?` : "unknown setting" }]);
}

async function stateOf(app: AppContext, key: string): Promise<SettingWire> {
  const state = runtimeOf(app).states().find((candidate) => candidate.definition.key === key)!;
  return (await toWire(app, [state]))[0]!;
}

/**
 * A change that would hold its own author at the two-factor setup page — where the settings cannot
 * be changed back — is refused: requiring two-factor for a role the administrator holds needs a
 * second factor on their own account first (or a passkey sign-in, which the policy accepts).
 */
async function locksAuthorOut(app: AppContext, auth: AuthState, key: string, value: unknown): Promise<boolean> {
  if (key !== "twoFactor.requiredForRoles") return false;
  const candidate = { ...app, config: { ...app.config, twoFactor: { ...app.config.twoFactor, requiredForRoles: value as string[] } } };
  if (!mustSetUpTwoFactor(candidate, auth)) return false;
  return !(await isPasskeySession(app, auth.session.id, auth.user.id));
}

/**
 * `change` runs the write and its audit event as one change (ctx.change, audit/change.ts); the
 * reload comes after the commit: the runtime settings read through the pool, which inside a
 * SQLite transaction would wait for the connection that transaction holds.
 */
export async function changeSetting(
  app: AppContext,
  auth: AuthState,
  key: string,
  value: unknown,
  audit: Audit,
  change: (work: (app: AppContext) => Promise<void>) => Promise<void> = (work) => work(app),
): Promise<SettingWire> {
  const settings = runtimeOf(app);
  const definition = definitionOf(settings, key);
  if (settings.states().find((state) => state.definition.key === key)?.locked) throw apiError("SETTING_LOCKED");
  const problem = settings.problemWith(definition, value);
  if (problem) throw apiError("INVALID_SETTING_VALUE", undefined, [{ path: "value", message: problem }]);
  const parsed = definition.schema.parse(value);
  if (await locksAuthorOut(app, auth, key, parsed)) throw apiError("SETTING_WOULD_LOCK_YOU_OUT");
  const actorId = auth.user.id;
  const previous = definition.read(app.config);
  await change(async (app) => {
    await saveSetting(app.db, { key, value: JSON.stringify(parsed), updatedAt: app.clock.now(), updatedBy: actorId });
    audit({ action: "server.setting-change", metadata: { key, from: previous, to: parsed } });
  });
  await settings.reload();
  return stateOf(app, key);
}

export async function resetSetting(
  app: AppContext,
  key: string,
  audit: Audit,
  change: (work: (app: AppContext) => Promise<boolean>) => Promise<boolean> = (work) => work(app),
): Promise<{ setting: SettingWire; wasSet: boolean }> {
  const settings = runtimeOf(app);
  definitionOf(settings, key);
  const previous = settings.find(key)!.read(app.config);
  // What is in force once the stored value is gone: the configuration's value, known before the
  // reload, so the event is written in the deletion's transaction (issue 38).
  const configured = settings.states().find((state) => state.definition.key === key)?.configured;
  const wasSet = await change(async (app) => {
    const deleted = await deleteSetting(app.db, key);
    if (deleted) audit({ action: "server.setting-reset", metadata: { key, from: previous, to: configured } });
    return deleted;
  });
  await settings.reload();
  return { setting: await stateOf(app, key), wasSet };
}
