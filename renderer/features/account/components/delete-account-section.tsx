/**
 * Delete the account. The password confirms it; a freshly signed-in session may leave it empty
 * (the server asks for it otherwise). When the server is set to confirm by mail, a link goes to
 * the address and the account is deleted when it is opened in this browser.
 */
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorCode, errorText } from "../../../ui/errors";
import type { SessionData } from "../../../app/session";
import { Button } from "../../../ui/button";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { TextField } from "../../../ui/field";
import { Section } from "../../../ui/page";
import { useDeleteAccount } from "../queries";

export function DeleteAccountSection({ user, hasPassword }: { user: SessionData["user"]; hasPassword: boolean | undefined }) {
  const { t } = useTranslation("account");
  const navigate = useNavigate();
  const remove = useDeleteAccount();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [mailed, setMailed] = useState(false);

  const close = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setPassword("");
      setError(null);
    }
  };
  const onConfirm = () => {
    setError(null);
    remove.mutate(password === "" ? undefined : password, {
      onSuccess: async (result) => {
        if (result.message === "Verification email sent") {
          setMailed(true);
          close(false);
          return;
        }
        close(false);
        await navigate({ to: "/goodbye", search: { error: undefined } });
      },
      onError: (failure) => {
        const code = errorCode(failure);
        if (code === "SESSION_EXPIRED") setError(hasPassword === false ? t("delete.signInAgain") : t("delete.passwordNeeded"));
        else if (code === "INVALID_PASSWORD") setError(t("delete.wrongPassword"));
        else setError(errorText(failure));
      },
    });
  };

  return (
    <Section title={t("delete.title")} description={t("delete.description")}>
      {mailed ? (
        <p className="form-success" role="status">
          {t("delete.mailed", { email: user.email })}
        </p>
      ) : null}
      <div className="row">
        <Button variant="danger" onClick={() => setOpen(true)}>
          {t("delete.open")}
        </Button>
      </div>
      <ConfirmDialog
        open={open}
        onOpenChange={close}
        title={t("delete.dialogTitle")}
        description={t("delete.dialogBody")}
        confirmLabel={t("delete.confirm")}
        busy={remove.isPending}
        onConfirm={onConfirm}
      >
        {hasPassword !== false ? (
          <TextField
            label={t("delete.password")}
            hint={t("delete.passwordHint")}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={error ?? undefined}
          />
        ) : error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
      </ConfirmDialog>
    </Section>
  );
}
