/** Whether a user is banned (why, until when), with ban and unban. */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { errorText, toastError } from "../../../ui/errors";
import { useAdminCan } from "../../../app/permissions";
import { Button } from "../../../ui/button";
import { Section } from "../../../ui/page";
import { BanDialog } from "./ban-dialog";
import { banSummary, UserStatus } from "./user-status";
import { useBanUser, useUnbanUser, type AdminUser } from "../queries";

export function UserBanCard({ user }: { user: AdminUser }) {
  const { t } = useTranslation("admin");
  const canBan = useAdminCan({ user: ["ban"] });
  const ban = useBanUser();
  const unban = useUnbanUser();
  const [open, setOpen] = useState(false);
  return (
    <Section
      title={t("banState.title")}
      actions={
        canBan ? (
          user.banned ? (
            <Button busy={unban.isPending} onClick={() => unban.mutate(user.id, { onSuccess: () => toast.success(t("banState.unbanned", { email: user.email })), onError: toastError })}>
              {t("banState.unban")}
            </Button>
          ) : (
            <Button variant="danger" onClick={() => setOpen(true)}>
              {t("banState.ban")}
            </Button>
          )
        ) : null
      }
    >
      <div role="status" aria-live="polite" className="ban-state">
        <UserStatus user={user} />
        <p className="ban-state-text">{user.banned ? banSummary(t, user) : t("banState.notBanned")}</p>
      </div>
      <BanDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) ban.reset();
        }}
        title={t("banState.dialogTitle", { email: user.email })}
        description={t("banState.dialogDescription")}
        submitLabel={t("banState.submit")}
        busy={ban.isPending}
        error={ban.error ? errorText(ban.error) : undefined}
        onSubmit={(values) =>
          ban.mutate(
            { userId: user.id, ...values },
            {
              onSuccess: () => {
                setOpen(false);
                toast.success(t("banState.banned", { email: user.email }));
              },
            },
          )
        }
      />
    </Section>
  );
}
