/** A dialog form's buttons: Cancel (closes), then the caller's submit button(s). */
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "./button";

export function DialogFooter({ onCancel, children }: { onCancel(): void; children: ReactNode }) {
  const { t } = useTranslation("common");
  return (
    <div className="dialog-footer">
      <Button onClick={onCancel}>{t("cancel")}</Button>
      {children}
    </div>
  );
}
