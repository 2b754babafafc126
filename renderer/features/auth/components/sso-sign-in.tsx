/**
 * "Sign in with single sign-on": the address typed above routes to its organization's identity
 * provider (verified domains only, docs/sso.md); the whole page goes there and the server brings
 * it back to where the person was headed, or to the sign-in page with `?error=` (shown by the
 * social slot). Offered only while the server has `sso.enabled` (GET /providers says `sso`).
 * The console's sign-in page and the desktop hand-off's share it; each says where the round trip
 * ends (`start`): the console's page goes on to the person's page or an app's waiting request,
 * the hand-off's to the page that passes the app its code.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../ui/button";
import { FormError } from "../../../ui/form-error";
import { authErrorText } from "../auth-errors";
import { startSso, useSsoOffered } from "../queries";

/** Asks the server for the identity provider's address for this email address. */
export type StartSso = (email: string) => Promise<string>;

/**
 * The console's: back to `returnTo` (an in-app path); or, when an app's request waits on this
 * sign-in (the OpenID provider's /oauth2/authorize, checked by the route), back to that request,
 * a failure returning to this page still carrying it.
 */
export function consoleSsoStart(returnTo: string, oauthReturn: string | undefined): StartSso {
  return (email) =>
    startSso({
      email,
      callbackURL: oauthReturn ?? `/console${returnTo}`,
      errorCallbackURL: oauthReturn ? `/console/sign-in?${new URLSearchParams({ return: oauthReturn }).toString()}` : "/console/sign-in",
    });
}

export function SsoSignIn({ email, start }: { email(): string; start: StartSso }) {
  const { t } = useTranslation("auth");
  const offered = useSsoOffered();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!offered.data) return null;
  const begin = async () => {
    const address = email().trim();
    if (!address.includes("@")) {
      setError(t("sso.emailFirst"));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      window.location.assign(await start(address));
    } catch (problem) {
      setError(authErrorText(problem));
      setBusy(false);
    }
  };
  return (
    <div className="stack">
      <FormError>{error}</FormError>
      <Button busy={busy} onClick={() => void begin()}>
        {t("sso.button")}
      </Button>
    </div>
  );
}
