/**
 * The account's sign-in lockout (docs/lockout.md): failed sign-ins in a row, whether sign-in is
 * refused and until when, and Unlock for administrators who may update users.
 */
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { toastError } from "../../../ui/errors";
import { useAdminCan } from "../../../app/permissions";
import { Button } from "../../../ui/button";
import { formatDateTime } from "../../../ui/format";
import { Section } from "../../../ui/page";
import { useUnlockUser, type AdminUser } from "../queries";
import { isLockedNow } from "./user-status";

export function UserLockoutCard({ user }: { user: AdminUser }) {
  const { t } = useTranslation("admin");
  const canUnlock = useAdminCan({ user: ["update"] });
  const unlock = useUnlockUser();
  const locked = isLockedNow(user);
  const count = user.failedSignInCount ?? 0;
  return (
    <Section
      title={t("lockState.title")}
      actions={
        canUnlock && (locked || count > 0) ? (
          <Button busy={unlock.isPending} onClick={() => unlock.mutate(user.id, { onSuccess: () => toast.success(t("lockState.unlocked", { email: user.email })), onError: toastError })}>
            {t("lockState.unlock")}
          </Button>
        ) : null
      }
    >
      <p role="status" aria-live="polite">
        {locked ? t("lockState.locked", { date: formatDateTime(user.lockedUntil as string), count }) : t("lockState.notLocked", { count })}
      </p>
    </Section>
  );
}
