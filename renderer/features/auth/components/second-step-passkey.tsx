/**
 * "Sign in with a passkey", and conditional UI: while the sign-in form is open, the browser
 * offers saved passkeys in the username field's autofill (autocomplete="username webauthn").
 * A passkey sign-in needs no second step (a passkey already is two factors).
 */
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../app/api";
import { errorText } from "../../../app/errors";
import { Button } from "../../../ui/button";
import { FormError } from "../../../ui/form-error";

async function passkeySignIn(autofill: boolean): Promise<void> {
  const { startAuthentication } = await import("@simplewebauthn/browser");
  const options = await api.passkeyGenerateAuthenticateOptions({});
  const response = await startAuthentication({ optionsJSON: options as never, useBrowserAutofill: autofill });
  await api.passkeyVerifyAuthentication({ response: response as never });
}

export function PasskeySignIn({ onDone }: { onDone(): Promise<void> }) {
  const { t } = useTranslation("two-factor");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const done = useRef(onDone);
  done.current = onDone;

  useEffect(() => {
    // Conditional UI: a pending request the browser fulfils from autofill; harmless where unsupported.
    let cancelled = false;
    void (async () => {
      const { browserSupportsWebAuthnAutofill } = await import("@simplewebauthn/browser");
      if (cancelled || !(await browserSupportsWebAuthnAutofill())) return;
      try {
        await passkeySignIn(true);
        if (!cancelled) await done.current();
      } catch {
        // Autofill was abandoned or replaced by the button's request: nothing to show.
      }
    })();
    return () => {
      cancelled = true;
    };
  }, []);

  const click = async () => {
    setBusy(true);
    setError(null);
    try {
      await passkeySignIn(false);
      await onDone();
    } catch (caught) {
      setError(caught instanceof Error && caught.name === "NotAllowedError" ? t("passkeys.cancelled") : errorText(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="stack">
      <FormError>{error}</FormError>
      <Button type="button" onClick={click} busy={busy}>
        {t("passkeys.signIn")}
      </Button>
    </div>
  );
}
