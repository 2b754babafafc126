/** A modal dialog on Radix (focus trap, Escape, labelled by its title, focus back to its opener on close). */
import { Dialog as Radix } from "radix-ui";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useReturnFocus } from "./return-focus";

export interface DialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /** Buttons at the bottom (a form's submit usually lives in children instead). */
  footer?: ReactNode;
  wide?: boolean;
}

export function Dialog({ open, onOpenChange, title, description, children, footer, wide }: DialogProps) {
  const { t } = useTranslation();
  // Opened from state, not from a Radix trigger: focus goes back to the opener by hand (issue 33).
  const returnFocus = useReturnFocus(open);
  return (
    <Radix.Root open={open} onOpenChange={onOpenChange}>
      <Radix.Portal>
        <Radix.Overlay className="dialog-overlay" />
        <Radix.Content className={wide ? "dialog dialog-wide" : "dialog"} onCloseAutoFocus={returnFocus}>
          <Radix.Title className="dialog-title">{title}</Radix.Title>
          {description ? <Radix.Description className="dialog-description">{description}</Radix.Description> : <Radix.Description className="visually-hidden">{title}</Radix.Description>}
          <div className="dialog-body">{children}</div>
          {footer ? <div className="dialog-footer">{footer}</div> : null}
          <Radix.Close className="dialog-close" aria-label={t("close")}>
            ×
          </Radix.Close>
        </Radix.Content>
      </Radix.Portal>
    </Radix.Root>
  );
}
