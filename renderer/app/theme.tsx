/**
 * Light and dark follow the system unless the person picks one; the choice is a display
 * preference, kept on the device (not a credential, so localStorage is fine).
 */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Menu, MenuItem } from "../ui/menu";

type Theme = "system" | "light" | "dark";
const KEY = "latchkey.theme";

function stored(): Theme {
  const value = typeof localStorage !== "undefined" ? localStorage.getItem(KEY) : null;
  return value === "light" || value === "dark" ? value : "system";
}

export function applyStoredTheme(): void {
  const theme = stored();
  if (theme === "system") delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = theme;
}

export function ThemeMenu() {
  const { t } = useTranslation();
  const [theme, setTheme] = useState<Theme>(stored);
  useEffect(() => {
    if (theme === "system") localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, theme);
    applyStoredTheme();
  }, [theme]);
  return (
    <Menu
      // No separate label: the visible "Theme: System" is the name (WCAG 2.5.3, label in name).
      trigger={
        <button type="button" className="button button-ghost">
          {t("theme.current", { name: t(`theme.${theme}`) })}
        </button>
      }
    >
      {(["system", "light", "dark"] as const).map((value) => (
        <MenuItem key={value} onSelect={() => setTheme(value)}>
          {t(`theme.${value}`)}
        </MenuItem>
      ))}
    </Menu>
  );
}
