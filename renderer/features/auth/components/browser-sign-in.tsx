/**
 * Electron only: the app's main way in. The person signs in in their system browser, where their
 * passkeys, authenticator and provider sessions are, and the browser hands the session to the app
 * (docs/desktop.md, "Signing in through the browser"). The password form below stays for those
 * who prefer it.
 */
import { useTranslation } from "react-i18next";
import { isDesktop } from "../../../app/desktop";
import { Button } from "../../../ui/button";
import { FormError } from "../../../ui/form-error";
import { authErrorText } from "../auth-errors";
import { useBrowserSignIn } from "../queries";

export function BrowserSignIn({ onDone }: { onDone: () => Promise<void> }) {
  const { t } = useTranslation("auth");
  const signIn = useBrowserSignIn();
  if (!isDesktop) return null;
  return (
    <div className="stack">
      <FormError>{signIn.error ? authErrorText(signIn.error) : null}</FormError>
      {/* Not busy-locked: pressed again (the browser tab was closed), main starts over and drops the first. */}
      <Button variant="primary" onClick={() => signIn.mutate(undefined, { onSuccess: () => void onDone() })}>
        {t("signIn.withBrowser")}
      </Button>
      {signIn.isPending ? (
        <p className="form-info" role="status">
          {t("signIn.waitingForBrowser")}
        </p>
      ) : null}
      <p className="muted">{t("signIn.orHere")}</p>
    </div>
  );
}
