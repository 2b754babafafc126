/** Show, hide and reorder the users table's columns (a Radix popover; remembered by the caller). */
import { Popover } from "radix-ui";
import { useTranslation } from "react-i18next";
import { Button } from "../../../ui/button";
import type { ColumnPrefs, UserColumn } from "../column-prefs";

export function ColumnMenu({
  prefs,
  labelOf,
  onToggle,
  onMove,
  onReset,
}: {
  prefs: ColumnPrefs;
  labelOf(column: UserColumn): string;
  onToggle(column: UserColumn): void;
  onMove(column: UserColumn, by: -1 | 1): void;
  onReset(): void;
}) {
  const { t } = useTranslation("admin");
  return (
    <Popover.Root>
      <Popover.Trigger asChild>
        <Button>{t("columnsMenu.open")}</Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content className="menu column-menu" align="end" sideOffset={4} aria-label={t("columnsMenu.label")}>
          <p className="menu-label" id="column-menu-title">
            {t("columnsMenu.label")}
          </p>
          <ul className="column-list" aria-labelledby="column-menu-title">
            {prefs.order.map((column, index) => {
              const label = labelOf(column);
              return (
                <li key={column} className="column-item">
                  <label className="column-toggle">
                    <input type="checkbox" checked={!prefs.hidden.includes(column)} disabled={column === "email"} onChange={() => onToggle(column)} />
                    {label}
                  </label>
                  <span className="column-move">
                    <Button size="small" variant="ghost" aria-label={t("columnsMenu.moveUp", { column: label })} disabled={index === 0} onClick={() => onMove(column, -1)}>
                      ↑
                    </Button>
                    <Button size="small" variant="ghost" aria-label={t("columnsMenu.moveDown", { column: label })} disabled={index === prefs.order.length - 1} onClick={() => onMove(column, 1)}>
                      ↓
                    </Button>
                  </span>
                </li>
              );
            })}
          </ul>
          <Button size="small" variant="ghost" onClick={onReset}>
            {t("columnsMenu.reset")}
          </Button>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
