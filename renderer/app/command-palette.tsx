/**
 * Ctrl/Cmd+K: jump to a page, a user by email (administrators), or an organization. Users are
 * searched on the server as you type (debounced), so it works on tenants of any size. The shell
 * carries only the button and the shortcut; the dialog (cmdk) loads when the palette first opens.
 */
import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

const CommandPaletteDialog = lazy(() => import("./command-palette-dialog").then((module) => ({ default: module.CommandPaletteDialog })));

export function CommandPalette() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on (closing keeps it, so it closes and reopens at once).
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (open) setWanted(true);
  }, [open]);

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "k") {
        event.preventDefault();
        setOpen((value) => !value);
      }
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  return (
    <>
      <button
        type="button"
        className="button button-ghost"
        onClick={() => setOpen(true)}
        onPointerEnter={() => void import("./command-palette-dialog")}
        aria-keyshortcuts="Control+K Meta+K"
      >
        {/* On a phone: a magnifier; the words stay the button's name (hidden visually, not from readers). */}
        <svg className="palette-button-icon" aria-hidden="true" focusable="false" width="16" height="16" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          <circle cx="7" cy="7" r="4.5" />
          <path d="M10.5 10.5L14 14" />
        </svg>
        <span className="palette-button-text">{t("palette.open")}</span> <kbd>Ctrl K</kbd>
      </button>
      {open || wanted ? (
        <Suspense fallback={null}>
          <CommandPaletteDialog open={open} setOpen={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
