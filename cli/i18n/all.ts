/** Every CLI catalogue at once, for tests and tools (the CLI itself loads only the one it needs). */
import type { LanguageTag } from "../../shared/languages.js";
import { de } from "./messages/de.js";
import { en } from "./messages/en.js";
import { es } from "./messages/es.js";
import { fr } from "./messages/fr.js";
import { pl } from "./messages/pl.js";
import { ru } from "./messages/ru.js";
import { tr } from "./messages/tr.js";
import { uk } from "./messages/uk.js";
import { help as deHelp } from "./help/de.js";
import { help as esHelp } from "./help/es.js";
import { help as frHelp } from "./help/fr.js";
import { help as plHelp } from "./help/pl.js";
import { help as ruHelp } from "./help/ru.js";
import { help as trHelp } from "./help/tr.js";
import { help as ukHelp } from "./help/uk.js";
import type { CliMessages } from "./types.js";

export const CLI_MESSAGES: Readonly<Record<LanguageTag, CliMessages>> = { ru, uk, en, es, de, pl, fr, tr };

/** Every --help catalogue outside English (English is the key), for tests. */
export const CLI_HELP: Readonly<Record<Exclude<LanguageTag, "en">, Readonly<Record<string, string>>>> = { ru: ruHelp, uk: ukHelp, es: esHelp, de: deHelp, pl: plHelp, fr: frHelp, tr: trHelp };
