/** Remove a user, after typing their email to confirm. */
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "../../../ui/button";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { useRemoveUser, type AdminUser } from "../queries";
import { FormError } from "../../../ui/form-error";

export function RemoveUserButton({ user }: { user: AdminUser }) {
  const { t } = useTranslation("admin");
  const [open, setOpen] = useState(false);
  const remove = useRemoveUser();
  const navigate = useNavigate();
  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)}>
        {t("remove.button")}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) remove.reset();
        }}
        title={t("remove.title", { email: user.email })}
        description={t("remove.description")}
        confirmLabel={t("remove.submit")}
        confirmText={user.email}
        busy={remove.isPending}
        onConfirm={() =>
          remove.mutate(user.id, {
            onSuccess: () => {
              setOpen(false);
              toast.success(t("remove.done", { email: user.email }));
              void navigate({ to: "/admin/users" });
            },
          })
        }
      >
        <FormError error={remove.error} />
      </ConfirmDialog>
    </>
  );
}
