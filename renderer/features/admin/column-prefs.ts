/**
 * Which columns of the users table are shown, and in what order: a display preference kept in
 * localStorage (never a credential), so the table looks the same after a reload.
 */
import { useCallback, useState } from "react";

export const USER_COLUMNS = ["email", "name", "username", "role", "status", "createdAt", "lastSignIn"] as const;
export type UserColumn = (typeof USER_COLUMNS)[number];

export interface ColumnPrefs {
  order: UserColumn[];
  hidden: UserColumn[];
}

const KEY = "latchkey.admin.users.columns";
/** Username starts hidden so the default columns fit a 1280 px window; the Columns menu shows it. */
const DEFAULTS: ColumnPrefs = { order: [...USER_COLUMNS], hidden: ["username"] };

function isColumn(value: unknown): value is UserColumn {
  return typeof value === "string" && (USER_COLUMNS as readonly string[]).includes(value);
}

/** Stored prefs, repaired: unknown names dropped, new columns appended, email always shown. */
export function readColumnPrefs(): ColumnPrefs {
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) ?? "null") as Partial<ColumnPrefs> | null;
    if (!raw || typeof raw !== "object") return DEFAULTS;
    const order = Array.isArray(raw.order) ? [...new Set(raw.order.filter(isColumn))] : [];
    for (const column of USER_COLUMNS) if (!order.includes(column)) order.push(column);
    const hidden = Array.isArray(raw.hidden) ? raw.hidden.filter(isColumn).filter((c) => c !== "email") : [];
    return { order, hidden };
  } catch {
    return DEFAULTS;
  }
}

export function useColumnPrefs() {
  const [prefs, setPrefs] = useState<ColumnPrefs>(readColumnPrefs);
  const update = useCallback((next: ColumnPrefs) => {
    setPrefs(next);
    try {
      localStorage.setItem(KEY, JSON.stringify(next));
    } catch {
      /* storage full or blocked: the preference lasts for this visit only */
    }
  }, []);
  const toggle = useCallback(
    (column: UserColumn) => {
      if (column === "email") return;
      update({ ...prefs, hidden: prefs.hidden.includes(column) ? prefs.hidden.filter((c) => c !== column) : [...prefs.hidden, column] });
    },
    [prefs, update],
  );
  const move = useCallback(
    (column: UserColumn, by: -1 | 1) => {
      const order = [...prefs.order];
      const from = order.indexOf(column);
      const to = from + by;
      if (from < 0 || to < 0 || to >= order.length) return;
      [order[from], order[to]] = [order[to]!, order[from]!];
      update({ ...prefs, order });
    },
    [prefs, update],
  );
  const reset = useCallback(() => update(DEFAULTS), [update]);
  return { prefs, toggle, move, reset };
}
