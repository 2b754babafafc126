/**
 * Sign in as a user (impersonation), remembering where to come back to. In the desktop app main
 * parks the administrator's own session while it lasts (electron/main/accounts.ts).
 */
import { useNavigate, useRouterState } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { toastError } from "../../../ui/errors";
import { rememberImpersonationReturn } from "../../../app/impersonation-banner";
import { useResetAfterSessionChange } from "../../../app/session";
import { Button } from "../../../ui/button";
import { useImpersonateUser, type AdminUser } from "../queries";

export function ImpersonateButton({ user, disabled }: { user: AdminUser; disabled: boolean }) {
  const { t } = useTranslation("admin");
  const href = useRouterState({ select: (state) => state.location.href });
  const navigate = useNavigate();
  const reset = useResetAfterSessionChange();
  const impersonate = useImpersonateUser();
  return (
    <Button
      disabled={disabled}
      title={disabled ? t("impersonate.self") : undefined}
      busy={impersonate.isPending}
      onClick={() => {
        rememberImpersonationReturn(href);
        impersonate.mutate(user.id, {
          onSuccess: async () => {
            await reset();
            toast.success(t("impersonate.started", { email: user.email }));
            await navigate({ to: "/account" });
          },
          onError: toastError,
        });
      }}
    >
      {t("impersonate.button")}
    </Button>
  );
}
