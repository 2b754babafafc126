/**
 * The desktop menu's own labels per language. Electron translates its role items (Edit, Window,
 * Reload, Quit…) from the system locale, so these follow the same locale and the menu reads in
 * one language. `&` marks the Alt-key mnemonic on Windows and Linux.
 */
import { matchLanguage, type LanguageTag } from "../../shared/languages.js";

export interface MenuTexts {
  file: string;
  view: string;
  servers: string;
  localServer: string;
  documentation: string;
}

export const MENU_TEXTS: Readonly<Record<LanguageTag, MenuTexts>> = {
  en: { file: "&File", view: "&View", servers: "Servers…", localServer: "Local Server", documentation: "Documentation" },
  ru: { file: "&Файл", view: "&Вид", servers: "Серверы…", localServer: "Локальный сервер", documentation: "Документация" },
  uk: { file: "&Файл", view: "&Вигляд", servers: "Сервери…", localServer: "Локальний сервер", documentation: "Документація" },
  es: { file: "&Archivo", view: "&Ver", servers: "Servidores…", localServer: "Servidor local", documentation: "Documentación" },
  de: { file: "&Datei", view: "&Ansicht", servers: "Server…", localServer: "Lokaler Server", documentation: "Dokumentation" },
  pl: { file: "&Plik", view: "&Widok", servers: "Serwery…", localServer: "Serwer lokalny", documentation: "Dokumentacja" },
  fr: { file: "&Fichier", view: "&Affichage", servers: "Serveurs…", localServer: "Serveur local", documentation: "Documentation" },
  tr: { file: "&Dosya", view: "&Görünüm", servers: "Sunucular…", localServer: "Yerel sunucu", documentation: "Belgeler" },
};

/** A system locale ("pl-PL", "tr") to the menu's language; English for any other. */
export function menuLanguage(locale: string | undefined): LanguageTag {
  return matchLanguage(locale) ?? "en";
}
