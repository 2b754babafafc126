/**
 * "Email me a link" and "Email me a code" under the password form, for the address typed in the
 * sign-in field, when the server has the method on (GET /providers says). A link: "check your
 * mail", worded the same whether or not the address has an account (no enumeration). A code: a
 * six-digit field; a two-factor user goes on to the second step as after a password. While a
 * link or code is pending the password form (`children`) gives way. docs/passwordless.md.
 */
import { useState, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../ui/button";
import { TextField } from "../../../ui/field";
import { FormError } from "../../../ui/form-error";
import { errorCode, errorText } from "../../../ui/errors";
import { isEmailIdentifier, usePasswordlessMethods, type PasswordlessCalls, type SecondStepMethods } from "../queries";

type Stage = { kind: "form" } | { kind: "link-sent"; email: string } | { kind: "code"; email: string };

interface Props {
  /** The address in the page's identifier field, read when a button is pressed. */
  email(): string;
  calls: PasswordlessCalls;
  onDone(): Promise<void> | void;
  onSecondStep(methods: SecondStepMethods): void;
  children: ReactNode;
}

export function PasswordlessSignIn({ email, calls, onDone, onSecondStep, children }: Props) {
  const { t } = useTranslation("auth");
  const methods = usePasswordlessMethods();
  const [stage, setStage] = useState<Stage>({ kind: "form" });
  const [busy, setBusy] = useState<"link" | "code" | "verify" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dead, setDead] = useState(false);
  const [code, setCode] = useState("");
  const [linkFailed] = useState(() => (typeof window === "undefined" ? false : new URLSearchParams(window.location.search).get("reason") === "link-failed"));

  const send = async (what: "link" | "code", address = email().trim()) => {
    setError(null);
    if (!isEmailIdentifier(address)) return setError(t("passwordless.emailFirst"));
    setBusy(what);
    try {
      await (what === "link" && calls.sendLink ? calls.sendLink(address) : calls.sendCode(address));
      setDead(false);
      setCode("");
      setStage(what === "link" ? { kind: "link-sent", email: address } : { kind: "code", email: address });
    } catch (caught) {
      setError(errorText(caught));
    } finally {
      setBusy(null);
    }
  };

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    if (stage.kind !== "code") return;
    setError(null);
    const value = code.trim();
    if (!/^\d{6}$/.test(value)) return setError(t("passwordless.codeFormat"));
    setBusy("verify");
    try {
      const secondStep = await calls.signInWithCode(stage.email, value);
      if (secondStep) return onSecondStep(secondStep);
      await onDone();
    } catch (caught) {
      // Too many wrong tries or expired: this code is spent, only a new one helps.
      const failed = errorCode(caught);
      if (failed === "TOO_MANY_ATTEMPTS" || failed === "OTP_EXPIRED") setDead(true);
      setError(errorText(caught));
    } finally {
      setBusy(null);
    }
  };

  const back = () => {
    setError(null);
    setStage({ kind: "form" });
  };

  if (stage.kind === "link-sent") {
    return (
      <section className="stack" aria-labelledby="passwordless-link-title">
        <h2 id="passwordless-link-title">{t("passwordless.checkMailTitle")}</h2>
        <p role="status">{t("passwordless.linkSent", { email: stage.email })}</p>
        <FormError>{error}</FormError>
        <div className="spread">
          <Button variant="ghost" onClick={back}>
            {t("passwordless.back")}
          </Button>
          <Button busy={busy === "link"} onClick={() => void send("link", stage.email)}>
            {t("passwordless.sendAgain")}
          </Button>
        </div>
      </section>
    );
  }

  if (stage.kind === "code") {
    return (
      <section className="stack" aria-labelledby="passwordless-code-title">
        <h2 id="passwordless-code-title">{t("passwordless.checkMailTitle")}</h2>
        <p role="status">{t("passwordless.codeSent", { email: stage.email })}</p>
        <form className="stack" noValidate onSubmit={(event) => void verify(event)}>
          <FormError>{error}</FormError>
          <TextField
            label={t("passwordless.codeLabel")}
            autoComplete="one-time-code"
            inputMode="numeric"
            pattern="[0-9]*"
            maxLength={6}
            autoFocus
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\s/g, ""))}
          />
          {dead ? null : (
            <Button type="submit" variant="primary" busy={busy === "verify"}>
              {t("passwordless.verify")}
            </Button>
          )}
        </form>
        <div className="spread">
          <Button variant="ghost" onClick={back}>
            {t("passwordless.back")}
          </Button>
          <Button variant={dead ? "primary" : "secondary"} busy={busy === "code"} onClick={() => void send("code", stage.email)}>
            {t("passwordless.newCode")}
          </Button>
        </div>
      </section>
    );
  }

  const magicLink = Boolean(methods.data?.magicLink && calls.sendLink);
  const emailOTP = methods.data?.emailOTP ?? false;
  return (
    <>
      {linkFailed ? <FormError>{t("passwordless.linkFailed")}</FormError> : null}
      {children}
      {magicLink || emailOTP ? (
        <div className="stack">
          <p className="divider" role="separator">
            <span>{t("passwordless.or")}</span>
          </p>
          <FormError>{error}</FormError>
          {magicLink ? (
            <Button busy={busy === "link"} onClick={() => void send("link")}>
              {t("passwordless.emailLink")}
            </Button>
          ) : null}
          {emailOTP ? (
            <Button busy={busy === "code"} onClick={() => void send("code")}>
              {t("passwordless.emailCode")}
            </Button>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
