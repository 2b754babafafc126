/**
 * Every CLI catalogue at once (i18n/<language>/cli.json and cli-help.json), for tests; the CLI itself
 * reads only its language's (cli/i18n/index.ts). Importing them here also makes tsc copy every
 * language's files into dist/, where the CLI reads them.
 */
import type { LanguageTag } from "../../shared/languages.js";
import ru from "../../i18n/ru/cli.json" with { type: "json" };
import uk from "../../i18n/uk/cli.json" with { type: "json" };
import en from "../../i18n/en/cli.json" with { type: "json" };
import es from "../../i18n/es/cli.json" with { type: "json" };
import de from "../../i18n/de/cli.json" with { type: "json" };
import pl from "../../i18n/pl/cli.json" with { type: "json" };
import fr from "../../i18n/fr/cli.json" with { type: "json" };
import tr from "../../i18n/tr/cli.json" with { type: "json" };
import enHelp from "../../i18n/en/cli-help.json" with { type: "json" };
import ruHelp from "../../i18n/ru/cli-help.json" with { type: "json" };
import ukHelp from "../../i18n/uk/cli-help.json" with { type: "json" };
import esHelp from "../../i18n/es/cli-help.json" with { type: "json" };
import deHelp from "../../i18n/de/cli-help.json" with { type: "json" };
import plHelp from "../../i18n/pl/cli-help.json" with { type: "json" };
import frHelp from "../../i18n/fr/cli-help.json" with { type: "json" };
import trHelp from "../../i18n/tr/cli-help.json" with { type: "json" };
import type { CliMessages } from "./types.js";

export const CLI_MESSAGES: Readonly<Record<LanguageTag, CliMessages>> = { ru, uk, en, es, de, pl, fr, tr };

/** Every --help catalogue outside English (English is the key), for tests. */
export const CLI_HELP: Readonly<Record<Exclude<LanguageTag, "en">, Readonly<Record<string, string>>>> = { ru: ruHelp, uk: ukHelp, es: esHelp, de: deHelp, pl: plHelp, fr: frHelp, tr: trHelp };

/** English's --help file: each text mapped to itself, the keys every language's file must have. */
export const CLI_HELP_EN: Readonly<Record<string, string>> = enHelp;
