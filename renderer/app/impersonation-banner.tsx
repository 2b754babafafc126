/**
 * While an administrator acts as someone else, this banner stays on every page. Stopping returns
 * the administrator to the page they were on when they started (kept in sessionStorage: a
 * location, not a credential).
 */
import { useMutation } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "../ui/button";
import { stopImpersonating } from "./queries";
import { toastError } from "../ui/errors";
import { useResetAfterSessionChange, useSession } from "./session";

const RETURN_KEY = "latchkey.impersonation.return";

/** Call before starting to impersonate: where to come back to. */
export function rememberImpersonationReturn(path: string): void {
  sessionStorage.setItem(RETURN_KEY, path);
}

function takeImpersonationReturn(): string {
  const path = sessionStorage.getItem(RETURN_KEY);
  sessionStorage.removeItem(RETURN_KEY);
  return path && path.startsWith("/") && !path.startsWith("//") ? path : "/admin/users";
}

export function ImpersonationBanner() {
  const { t } = useTranslation();
  const { data } = useSession();
  const navigate = useNavigate();
  const reset = useResetAfterSessionChange();
  const stop = useMutation({
    mutationFn: stopImpersonating,
    onSuccess: async () => {
      await reset();
      toast.success(t("impersonation.stopped"));
      await navigate({ href: takeImpersonationReturn() });
    },
    onError: toastError,
  });
  if (!data?.session.impersonatedBy) return null;
  return (
    <div className="impersonation-banner" role="region" aria-label={t("impersonation.stop")}>
      <span>{t("impersonation.banner", { name: data.user.name || data.user.email, email: data.user.email })}</span>
      <Button variant="primary" size="small" busy={stop.isPending} onClick={() => stop.mutate()}>
        {t("impersonation.stop")}
      </Button>
    </div>
  );
}
