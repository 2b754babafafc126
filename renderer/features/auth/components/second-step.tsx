/**
 * The second step of a password sign-in for accounts with two-factor on: a code from the
 * authenticator app, a backup code, or a code by mail; "trust this device" skips the step on
 * this browser for 30 days. The pending sign-in lives in a signed cookie the server set.
 */
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { errorCode, errorText } from "../../../ui/errors";
import { Button } from "../../../ui/button";
import { CheckboxField, TextField } from "../../../ui/field";
import { FormError } from "../../../ui/form-error";
import { sendSecondStepCode, verifySecondStep } from "../queries";

type Method = "totp" | "backup" | "otp";

/** `verify` replaces the plain check (the desktop hand-off's carries its parameters and takes the code). */
export function SecondStep({ methods, onDone, onRestart, verify = verifySecondStep }: { methods: Array<"totp" | "otp">; onDone(): Promise<void>; onRestart(): void; verify?: typeof verifySecondStep }) {
  const { t } = useTranslation("two-factor");
  const [method, setMethod] = useState<Method>(methods.includes("totp") ? "totp" : "otp");
  const [code, setCode] = useState("");
  const [trustDevice, setTrustDevice] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [mailed, setMailed] = useState(false);
  const [expired, setExpired] = useState(false);

  const fail = (caught: unknown) => {
    const code = errorCode(caught);
    // The pending sign-in is gone (expired, or too many wrong codes): only a new sign-in helps.
    if (code === "INVALID_TWO_FACTOR_COOKIE" || code === "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE") setExpired(true);
    setError(errorText(caught));
  };

  const sendMail = async () => {
    setError(null);
    try {
      await sendSecondStepCode();
      setMailed(true);
    } catch (caught) {
      fail(caught);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      const value = code.trim();
      await verify(method, value, trustDevice);
      await onDone();
    } catch (caught) {
      fail(caught);
    } finally {
      setBusy(false);
    }
  };

  const choose = (next: Method) => {
    setMethod(next);
    setCode("");
    setError(null);
  };

  const label = method === "totp" ? t("step.totpLabel") : method === "backup" ? t("step.backupLabel") : t("step.otpLabel");
  return (
    <div className="stack">
      <p>{method === "totp" ? t("step.totpIntro") : method === "backup" ? t("step.backupIntro") : t("step.otpIntro")}</p>
      <FormError>{error}</FormError>
      {expired ? (
        <Button type="button" variant="primary" onClick={onRestart}>
          {t("step.restart")}
        </Button>
      ) : (
        <form className="stack" noValidate onSubmit={submit}>
          {method === "otp" ? (
            <div className="row">
              <Button type="button" onClick={sendMail}>
                {mailed ? t("step.resend") : t("step.send")}
              </Button>
              {mailed ? (
                <span role="status" className="muted">
                  {t("step.sent")}
                </span>
              ) : null}
            </div>
          ) : null}
          <TextField
            label={label}
            inputMode={method === "backup" ? "text" : "numeric"}
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            autoFocus
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
          <CheckboxField label={t("step.trustDevice")} checked={trustDevice} onChange={(event) => setTrustDevice(event.target.checked)} />
          <Button type="submit" variant="primary" busy={busy} disabled={!code.trim()}>
            {t("step.verify")}
          </Button>
        </form>
      )}
      <div className="row">
        {method !== "totp" && methods.includes("totp") ? (
          <Button type="button" variant="ghost" onClick={() => choose("totp")}>
            {t("step.useTotp")}
          </Button>
        ) : null}
        {method !== "backup" && methods.includes("totp") ? (
          <Button type="button" variant="ghost" onClick={() => choose("backup")}>
            {t("step.useBackup")}
          </Button>
        ) : null}
        {method !== "otp" && methods.includes("otp") ? (
          <Button type="button" variant="ghost" onClick={() => choose("otp")}>
            {t("step.useOtp")}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
