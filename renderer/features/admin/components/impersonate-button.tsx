/**
 * Sign in as a user (impersonation), remembering where to come back to. Not in the desktop app:
 * main keeps one credential per server, so impersonating would replace the administrator's and
 * "Stop impersonating" could not bring it back (the server parks it in a browser cookie).
 */
import { useNavigate, useRouterState } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { isDesktop } from "../../../app/desktop";
import { toastError } from "../../../ui/errors";
import { rememberImpersonationReturn } from "../../../app/impersonation-banner";
import { useResetAfterSessionChange } from "../../../app/session";
import { Button } from "../../../ui/button";
import { useImpersonateUser, type AdminUser } from "../queries";

export function ImpersonateButton({ user, disabled }: { user: AdminUser; disabled: boolean }) {
  const { t } = useTranslation("admin");
  if (isDesktop) {
    return (
      <span className="impersonate-desktop">
        <Button disabled aria-describedby="impersonate-desktop-hint">
          {t("impersonate.button")}
        </Button>
        <span id="impersonate-desktop-hint" className="muted">
          {t("impersonate.desktop")}
        </span>
      </span>
    );
  }
  return <ImpersonateAction user={user} disabled={disabled} />;
}

function ImpersonateAction({ user, disabled }: { user: AdminUser; disabled: boolean }) {
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
