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
        {t("palette.open")} <kbd>Ctrl K</kbd>
      </button>
      {open || wanted ? (
        <Suspense fallback={null}>
          <CommandPaletteDialog open={open} setOpen={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
