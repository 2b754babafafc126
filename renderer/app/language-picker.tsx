/**
 * The console's language. Signed out, the choice is a device preference (localStorage, like the
 * theme); signed in, it is stored on the user (update-user `language`) so mail and every other
 * device follow it, and the user's stored language wins when a session starts. With no choice
 * anywhere, the browser's languages decide (the same Accept-Language lookup the server uses).
 * `<html lang>` follows i18next (renderer/i18n/index.ts); dates and numbers follow it through ui/format.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { isLanguageTag, LANGUAGES, languageInfo, pickLanguage, type LanguageTag } from "../../shared/languages";
import { i18next, switchLanguage } from "../i18n";
import { Menu, MenuItem } from "../ui/menu";
import { saveLanguage } from "./queries";
import { toastError } from "../ui/errors";
import { sessionKey, useSession } from "./session";
import "./language-picker.css";

const KEY = "latchkey.language";

function storedLanguage(): LanguageTag | null {
  const value = typeof localStorage !== "undefined" ? localStorage.getItem(KEY) : null;
  return isLanguageTag(value) ? value : null;
}

function browserLanguage(): LanguageTag {
  const wanted = typeof navigator !== "undefined" ? (navigator.languages?.length ? navigator.languages : [navigator.language]) : [];
  // Earlier entries are preferred: give them falling q-values, as a browser's header would.
  return pickLanguage(wanted.map((tag, i) => `${tag};q=${Math.max(0.001, 1 - i * 0.01).toFixed(3)}`).join(","), "en");
}

function show(language: LanguageTag): Promise<void> {
  return i18next.language === language ? Promise.resolve() : switchLanguage(language).catch(() => undefined);
}

/**
 * Before the first render: the device's choice, else the browser's languages. English is in the
 * first script; another language's catalogues are fetched first, so the page never flashes English.
 */
export function applyInitialLanguage(): Promise<void> {
  return show(storedLanguage() ?? browserLanguage());
}

/** Signed in: the user's stored language wins over this device's (once per change of it). */
export function useUserLanguage(): void {
  const { data: session } = useSession();
  const chosen = session?.user.language ?? null;
  useEffect(() => {
    if (!isLanguageTag(chosen)) return;
    localStorage.setItem(KEY, chosen);
    void show(chosen);
  }, [chosen]);
}

function current(language: string): LanguageTag {
  return isLanguageTag(language) ? language : "en";
}

/** Drawn, not an emoji: machines without an emoji font would show an empty box. */
function GlobeIcon() {
  return (
    <svg aria-hidden="true" focusable="false" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" className="language-picker-icon">
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9M12 3C9.5 5.6 8.2 8.6 8.2 12s1.3 6.4 3.8 9" />
    </svg>
  );
}

export function LanguagePicker() {
  const { i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { data: session } = useSession();
  const [busy, setBusy] = useState(false);
  const active = languageInfo(current(i18n.language));

  const choose = async (language: LanguageTag) => {
    localStorage.setItem(KEY, language);
    await show(language);
    if (!session) return;
    setBusy(true);
    try {
      await saveLanguage(language);
      await queryClient.invalidateQueries({ queryKey: sessionKey });
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Menu
      // The visible name is inside the accessible one (WCAG 2.5.3): "Język: Polski".
      label={`${active.languageWord}: ${active.endonym}`}
      trigger={
        <button type="button" className="button button-ghost language-picker" disabled={busy}>
          <GlobeIcon /> <span lang={active.tag}>{active.endonym}</span>
        </button>
      }
    >
      {LANGUAGES.map((language) => (
        <MenuItem key={language.tag} onSelect={() => void choose(language.tag)}>
          <span lang={language.tag} aria-current={language.tag === active.tag ? "true" : undefined}>
            {language.endonym}
          </span>
        </MenuItem>
      ))}
    </Menu>
  );
}
