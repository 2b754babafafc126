/**
 * "Are you sure?" for destructive actions. With `confirmText`, the person must type it (a slug,
 * an email) before the button enables: the guard against deleting the wrong thing.
 */
import { useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "./button";
import { Dialog } from "./dialog";
import { TextField } from "./field";

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  /** Must be typed exactly to enable the button. */
  confirmText?: string;
  destructive?: boolean;
  busy?: boolean;
  onConfirm(): void;
  children?: ReactNode;
}

export function ConfirmDialog({ open, onOpenChange, title, description, confirmLabel, confirmText, destructive = true, busy, onConfirm, children }: ConfirmDialogProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState("");
  useEffect(() => {
    if (!open) setTyped("");
  }, [open]);
  const ready = confirmText === undefined || typed.trim() === confirmText;
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={description}>
      <form
        className="stack"
        onSubmit={(event) => {
          event.preventDefault();
          if (ready) onConfirm();
        }}
      >
        {children}
        {confirmText !== undefined ? (
          <TextField label={t("typeToConfirm", { value: confirmText })} value={typed} onChange={(event) => setTyped(event.target.value)} autoComplete="off" spellCheck={false} />
        ) : null}
        <div className="dialog-footer">
          <Button onClick={() => onOpenChange(false)}>{t("cancel")}</Button>
          <Button type="submit" variant={destructive ? "danger" : "primary"} disabled={!ready} busy={busy}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
