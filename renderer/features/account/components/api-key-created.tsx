/** The new key, shown once: a read-only field to select, a copy button, and the warning that it will not be shown again. */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../ui/button";
import { TextField } from "../../../ui/field";

export function ApiKeyCreated({ apiKey, onDone }: { apiKey: string; onDone(): void }) {
  const { t } = useTranslation("api-key");
  const [copied, setCopied] = useState(false);
  return (
    <div className="stack" role="status">
      <p>
        <strong>{t("created.warning")}</strong>
      </p>
      <TextField label={t("created.label")} value={apiKey} readOnly onFocus={(event) => event.currentTarget.select()} spellCheck={false} />
      <div className="row">
        <Button
          onClick={() => {
            void navigator.clipboard?.writeText(apiKey).then(
              () => setCopied(true),
              () => setCopied(false),
            );
          }}
        >
          {copied ? t("created.copied") : t("created.copy")}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          {t("created.done")}
        </Button>
      </div>
    </div>
  );
}
