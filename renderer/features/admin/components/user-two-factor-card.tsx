/**
 * Whether the user has two-factor on, and Reset for administrators who may update users (a lost
 * phone): the secret, backup codes and trusted devices are forgotten; the reset is audited.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { toastError } from "../../../ui/errors";
import { useAdminCan } from "../../../app/permissions";
import { Button } from "../../../ui/button";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { Section } from "../../../ui/page";
import { useResetTwoFactor, type AdminUser } from "../queries";

export function UserTwoFactorCard({ user }: { user: AdminUser }) {
  const { t } = useTranslation("two-factor");
  const canReset = useAdminCan({ user: ["update"] });
  const reset = useResetTwoFactor();
  const [confirming, setConfirming] = useState(false);
  return (
    <Section
      title={t("admin.title")}
      actions={
        canReset && user.twoFactorEnabled ? (
          <Button variant="danger" onClick={() => setConfirming(true)}>
            {t("admin.reset")}
          </Button>
        ) : null
      }
    >
      <p role="status">{user.twoFactorEnabled ? t("admin.on") : t("admin.off")}</p>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t("admin.resetTitle")}
        description={t("admin.resetBody", { email: user.email })}
        confirmLabel={t("admin.reset")}
        busy={reset.isPending}
        onConfirm={() =>
          reset.mutate(user.id, {
            onSuccess: () => {
              setConfirming(false);
              toast.success(t("admin.resetDone", { email: user.email }));
            },
            onError: toastError,
          })
        }
      />
    </Section>
  );
}
