/**
 * "Sign in with a passkey", and conditional UI: while the sign-in form is open, the browser
 * offers saved passkeys in the username field's autofill (autocomplete="username webauthn").
 * A passkey asserted with user verification (PIN, biometric) is two factors and needs no second
 * step; a touch-only one is one factor, and a two-factor account then goes on to the code.
 */
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../../ui/errors";
import { Button } from "../../../ui/button";
import { FormError } from "../../../ui/form-error";
import { passkeySignIn, type SecondStepMethods } from "../queries";


/** `signIn` replaces the plain passkey sign-in (the desktop hand-off's carries its parameters). */
export function PasskeySignIn({ onDone, onSecondStep, signIn = passkeySignIn }: { onDone(): Promise<void>; onSecondStep(methods: SecondStepMethods): void; signIn?: typeof passkeySignIn }) {
  const { t } = useTranslation("two-factor");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const done = useRef(onDone);
  done.current = onDone;
  const secondStep = useRef(onSecondStep);
  secondStep.current = onSecondStep;
  const start = useRef(signIn);
  start.current = signIn;

  useEffect(() => {
    // Conditional UI: a pending request the browser fulfils from autofill; harmless where unsupported.
    let cancelled = false;
    void (async () => {
      const { browserSupportsWebAuthnAutofill } = await import("@simplewebauthn/browser");
      if (cancelled || !(await browserSupportsWebAuthnAutofill())) return;
      try {
        const held = await start.current(true);
        if (cancelled) return;
        if (held) secondStep.current(held);
        else await done.current();
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
      const held = await signIn(false);
      if (held) onSecondStep(held);
      else await onDone();
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
