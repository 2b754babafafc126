/**
 * `auth server settings get|set|reset`: the settings that change while the server runs
 * (docs/settings.md, server/features/settings), through the signed-in profile's session like
 * `auth admin …`. The server checks every value with the config file's schema; here a value is
 * only read as the setting's kind (on/off, a number, a comma-separated list).
 */
import type { Command } from "commander";
import type { LatchkeyClient } from "../../shared/client/index.js";
import { connect } from "../connection.js";
import { example, handler } from "../context.js";
import { CliError, EXIT } from "../exit-codes.js";
import { emit, emitList, info, renderDetails } from "../output.js";
import { text } from "../i18n/index.js";

type Setting = Awaited<ReturnType<LatchkeyClient["adminListSettings"]>>["settings"][number];

const COLUMNS = ["key", "value", "source", "locked"];

const TRUE_WORDS = ["on", "true", "yes", "1"];
const FALSE_WORDS = ["off", "false", "no", "0"];

/** A value as a person reads it: on/off, a number, names joined by commas. */
function shown(value: Setting["value"]): string {
  if (typeof value === "boolean") return text("settings", value ? "on" : "off");
  if (Array.isArray(value)) return value.length ? value.join(",") : text("lists", "none");
  return String(value);
}

function row(setting: Setting) {
  return {
    key: setting.key,
    value: shown(setting.value),
    source: text("settings", setting.source === "console" ? "sourceConsole" : setting.source === "configuration" ? "sourceConfiguration" : "sourceDefault"),
    locked: text("settings", setting.locked ? "lockedYes" : "lockedNo"),
  };
}

/** The typed text as the setting's kind; an unknown key goes to the server as typed, which names the nearest one. */
export function parseSettingValue(setting: Pick<Setting, "key" | "kind"> | undefined, typed: string): Setting["value"] {
  const word = typed.trim().toLowerCase();
  if (!setting) {
    if (TRUE_WORDS.includes(word)) return true;
    if (FALSE_WORDS.includes(word)) return false;
    return /^-?\d+$/.test(word) ? Number(word) : typed.split(",").map((part) => part.trim()).filter(Boolean);
  }
  if (setting.kind === "boolean") {
    if (TRUE_WORDS.includes(word)) return true;
    if (FALSE_WORDS.includes(word)) return false;
    throw new CliError(text("settings", "badBoolean", { key: setting.key, value: typed }), EXIT.USAGE);
  }
  if (setting.kind === "integer") {
    if (!/^-?\d+$/.test(word)) throw new CliError(text("settings", "badNumber", { key: setting.key, value: typed }), EXIT.USAGE);
    return Number(word);
  }
  return typed
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
}

export function registerSettings(server: Command): void {
  const settings = example(
    server.command("settings").description("settings that change while the server runs, on every server (an administrator's session)"),
    "auth server settings get",
    "auth server settings set emailAndPassword.requireEmailVerification on",
  );

  example(
    settings
      .command("get")
      .argument("[key]", "one setting's key, e.g. twoFactor.requiredForRoles (default: every setting)")
      .description("show the settings: value, where it comes from (default, configuration, console) and whether the configuration locks it"),
    "auth server settings get",
    "auth server settings get password.minLength --json",
  ).action(
    handler(async (flags, key?: string) => {
      const { client } = await connect(flags);
      const answer = await client.adminListSettings({});
      if (key === undefined) {
        await emitList(flags, { document: answer, items: answer.settings.map(row), columns: COLUMNS, importance: ["key", "value", "locked", "source"], empty: text("settings", "none") });
        return;
      }
      const found = answer.settings.find((setting) => setting.key === key);
      if (!found) throw new CliError(text("settings", "unknown", { key }), EXIT.USAGE, "UNKNOWN_SETTING");
      await emit(flags, { setting: found }, () => renderDetails({ ...row(found), configured: shown(found.configured), updatedAt: found.updatedAt ?? "", updatedBy: found.updatedBy?.email ?? "" }));
    }),
  );

  example(
    settings
      .command("set")
      .argument("<key>", "the setting's key, as `auth server settings get` lists it")
      .argument("<value>", "on or off, a whole number, or a comma-separated list (\"\" for none)")
      .description("change a setting on every server at once, without a restart (refused when the configuration sets it)"),
    "auth server settings set emailAndPassword.requireEmailVerification on",
    "auth server settings set twoFactor.requiredForRoles admin,owner",
  ).action(
    handler(async (flags, key: string, typed: string) => {
      const { client } = await connect(flags);
      const current = (await client.adminListSettings({})).settings.find((setting) => setting.key === key);
      const answer = await client.adminSetSetting({ key, value: parseSettingValue(current, typed) });
      await emit(flags, answer, () => info(text("settings", "changed", { key, value: shown(answer.setting.value) })));
    }),
  );

  example(
    settings.command("reset").argument("<key>", "the setting's key").description("forget a changed value: the configuration's value applies again on every server"),
    "auth server settings reset password.minLength",
  ).action(
    handler(async (flags, key: string) => {
      const { client } = await connect(flags);
      const answer = await client.adminResetSetting({ key });
      await emit(flags, answer, () => info(text("settings", answer.wasSet ? "reset" : "notSet", { key, value: shown(answer.setting.value) })));
    }),
  );
}
