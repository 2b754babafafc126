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
import type { CliMessages } from "./types.js";

export const CLI_MESSAGES: Readonly<Record<LanguageTag, CliMessages>> = { ru, uk, en, es, de, pl, fr, tr };
