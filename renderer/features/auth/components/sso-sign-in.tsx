/**
 * "Sign in with single sign-on": the address typed above routes to its organization's identity
 * provider (verified domains only, docs/sso.md); the whole page goes there and the server brings
 * it back to where the person was headed, or to this page with `?error=` (shown by the social slot).
 * Offered only while the server has `sso.enabled` (GET /providers says `sso`).
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../ui/button";
import { FormError } from "../../../ui/form-error";
import { authErrorText } from "../auth-errors";
import { startSso, useSsoOffered } from "../queries";

export function SsoSignIn({ email, returnTo, oauthReturn }: { email(): string; returnTo: string; oauthReturn?: string | undefined }) {
  const { t } = useTranslation("auth");
  const offered = useSsoOffered();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!offered.data) return null;
  const start = async () => {
    const address = email().trim();
    if (!address.includes("@")) {
      setError(t("sso.emailFirst"));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const callbackURL = oauthReturn ?? `/console${returnTo}`;
      const errorCallbackURL = oauthReturn ? `/console/sign-in?${new URLSearchParams({ return: oauthReturn }).toString()}` : "/console/sign-in";
      const url = await startSso({ email: address, callbackURL, errorCallbackURL });
      window.location.assign(url);
    } catch (problem) {
      setError(authErrorText(problem));
      setBusy(false);
    }
  };
  return (
    <div className="stack">
      <FormError>{error}</FormError>
      <Button busy={busy} onClick={() => void start()}>
        {t("sso.button")}
      </Button>
    </div>
  );
}
