/**
 * A confidential client's secret, shown once (after creating the client or rotating its secret):
 * the server keeps only a digest, so this dialog is the only place it ever appears.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../ui/button";
import { Dialog } from "../../../ui/dialog";
import { TextField } from "../../../ui/field";

export interface ShownSecret {
  name: string;
  clientId: string;
  secret: string;
  rotated: boolean;
}

export function SecretDialog({ shown, onClose }: { shown: ShownSecret | null; onClose(): void }) {
  const { t } = useTranslation("oauth-provider");
  const [copied, setCopied] = useState(false);
  return (
    <Dialog
      open={shown !== null}
      onOpenChange={(open) => {
        if (!open) {
          setCopied(false);
          onClose();
        }
      }}
      title={shown?.rotated ? t("secret.rotatedTitle", { app: shown.name }) : t("secret.createdTitle", { app: shown?.name ?? "" })}
      description={t("secret.warning")}
    >
      {shown ? (
        <div className="stack">
          <TextField label={t("secret.clientId")} value={shown.clientId} readOnly onFocus={(event) => event.currentTarget.select()} spellCheck={false} className="secret-value" />
          <TextField label={t("secret.secret")} value={shown.secret} readOnly onFocus={(event) => event.currentTarget.select()} spellCheck={false} className="secret-value" />
          <div className="dialog-footer">
            <Button
              onClick={() => {
                void navigator.clipboard?.writeText(shown.secret).then(
                  () => setCopied(true),
                  () => setCopied(false),
                );
              }}
            >
              {copied ? t("secret.copied") : t("secret.copy")}
            </Button>
            <Button
              variant="primary"
              onClick={() => {
                setCopied(false);
                onClose();
              }}
            >
              {t("secret.done")}
            </Button>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
