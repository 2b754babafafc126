/** Dropdown menus on Radix (arrow keys, typeahead, Escape), styled once here. */
import { DropdownMenu } from "radix-ui";
import type { ReactNode } from "react";

/**
 * `label` names the trigger for assistive technology; it must contain the trigger's visible text
 * (WCAG 2.5.3, label in name), so a trigger whose text already names it is given none.
 */
export function Menu({ trigger, label, children }: { trigger: ReactNode; label?: string | undefined; children: ReactNode }) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild aria-label={label}>
        {trigger}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" align="end" sideOffset={4}>
          {children}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

export function MenuItem({ onSelect, children, destructive, disabled }: { onSelect(): void; children: ReactNode; destructive?: boolean; disabled?: boolean }) {
  return (
    <DropdownMenu.Item className={destructive ? "menu-item menu-item-danger" : "menu-item"} onSelect={onSelect} disabled={disabled}>
      {children}
    </DropdownMenu.Item>
  );
}

export function MenuLabel({ children }: { children: ReactNode }) {
  return <DropdownMenu.Label className="menu-label">{children}</DropdownMenu.Label>;
}

export function MenuSeparator() {
  return <DropdownMenu.Separator className="menu-separator" />;
}
