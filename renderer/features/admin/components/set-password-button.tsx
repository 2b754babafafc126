/** Set a user's password from a dialog. */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "../../../ui/button";
import { Dialog } from "../../../ui/dialog";
import { TextField } from "../../../ui/field";
import { useSetUserPassword, type AdminUser } from "../queries";
import { FormError } from "../../../ui/form-error";
import { DialogFooter } from "../../../ui/dialog-footer";

export function SetPasswordButton({ user }: { user: AdminUser }) {
  const { t } = useTranslation("admin");
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const setUserPassword = useSetUserPassword(user.id);
  return (
    <>
      <Button onClick={() => setOpen(true)}>{t("password.button")}</Button>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) {
            setPassword("");
            setUserPassword.reset();
          }
        }}
        title={t("password.title", { email: user.email })}
        description={t("password.description")}
      >
        <form
          className="stack"
          onSubmit={(event) => {
            event.preventDefault();
            setUserPassword.mutate(password, {
              onSuccess: () => {
                setOpen(false);
                setPassword("");
                toast.success(t("password.saved", { email: user.email }));
              },
            });
          }}
        >
          <TextField label={t("password.label")} type="password" autoComplete="new-password" value={password} onChange={(event) => setPassword(event.target.value)} required />
          <FormError error={setUserPassword.error} />
          <DialogFooter onCancel={() => setOpen(false)}>
            <Button type="submit" variant="primary" disabled={password === ""} busy={setUserPassword.isPending}>
              {t("password.submit")}
            </Button>
          </DialogFooter>
        </form>
      </Dialog>
    </>
  );
}
