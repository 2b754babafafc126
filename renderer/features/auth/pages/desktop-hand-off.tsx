/**
 * The sign-in page when the desktop app opened it (`?client_id&state&code_challenge&redirect_uri`,
 * `?handoff=cookie` back from a social or SSO provider, or `?handoff=link` from a mailed link): every method signs in with the hand-off
 * parameters, and the code the server answers goes to the app's loopback or `latchkey:` address.
 * A person already signed in here may hand that account over instead ("Continue as …").
 * Why only those addresses: hand-off-params.ts.
 */
import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useSession } from "../../../app/session";
import { Button } from "../../../ui/button";
import { CheckboxField, TextField } from "../../../ui/field";
import { FormError } from "../../../ui/form-error";
import { errorCode, errorText } from "../../../ui/errors";
import { AuthFrame } from "../components/auth-frame";
import { PasskeySignIn } from "../components/second-step-passkey";
import { SecondStep } from "../components/second-step";
import { SocialSignIn, useReturnedSocialError } from "../components/social-sign-in";
import { SsoSignIn } from "../components/sso-sign-in";
import { handOffTarget, rememberHandOff, takeLinkedHandOff, takeReturnedHandOff, type HandOffParams, type HandOffRequest } from "../hand-off-params";
import { PasswordlessSignIn } from "../components/passwordless-sign-in";
import { handOffPasskeySignIn, handOffPasswordless, handOffPasswordSignIn, handOffSocialURL, handOffSsoURL, handOffTransferUser, handOffVerifySecondStep, type HandOffStep } from "../hand-off-queries";
import { useSocialProviders, type SecondStepMethods } from "../queries";

/** How the page was reached: the app's link, back from a social provider, or a mailed link's way back. */
export type HandOffArrival = { kind: "request"; request: HandOffRequest } | { kind: "social" } | { kind: "link"; search: LinkedSearch; failed: boolean };
type LinkedSearch = Parameters<typeof takeLinkedHandOff>[0];

export function DesktopHandOff({ arrival }: { arrival: HandOffArrival }) {
  const { t } = useTranslation("auth");
  // Back from a social sign-in: the code is in the server's cookie, the app's address in this tab.
  // From a mailed link: the code is in the cookie, the app's address in the link's way back.
  const [fromCookie] = useState(() => (arrival.kind === "social" ? takeReturnedHandOff() : arrival.kind === "link" && !arrival.failed ? takeLinkedHandOff(arrival.search) : null));
  const [sent, setSent] = useState(false);

  const send = (params: HandOffParams, code: string) => {
    setSent(true);
    window.location.assign(handOffTarget(params.redirectUri, code, params.state));
  };

  useEffect(() => {
    if (!fromCookie) return;
    setSent(true);
    window.location.assign(handOffTarget(fromCookie.params.redirectUri, fromCookie.code, fromCookie.params.state));
  }, [fromCookie]);

  if (sent) {
    return (
      <AuthFrame title={t("desktop.doneTitle")}>
        <p role="status">{t("desktop.doneText")}</p>
      </AuthFrame>
    );
  }
  if (arrival.kind === "link" && !fromCookie) return <Refused text={t("desktop.mailedLinkFailed")} />;
  if (arrival.kind === "social" && !fromCookie) return <Refused text={t("desktop.returnedFailed")} />;
  if (arrival.kind !== "request") return null;
  const { request } = arrival;
  if (request.kind === "invalid") return <Refused text={request.reason === "redirect" ? t("desktop.invalidRedirect") : t("desktop.invalidLink")} />;
  if (request.kind !== "valid") return null;
  return <HandOffSignIn params={request.params} onCode={(code) => send(request.params, code)} />;
}

function Refused({ text }: { text: string }) {
  const { t } = useTranslation("auth");
  return (
    <AuthFrame title={t("desktop.title")}>
      <FormError>{text}</FormError>
    </AuthFrame>
  );
}

function HandOffSignIn({ params, onCode }: { params: HandOffParams; onCode(code: string): void }) {
  const { t } = useTranslation("auth");
  const session = useSession();
  const providers = useSocialProviders();
  const [otherAccount, setOtherAccount] = useState(false);
  const [secondStep, setSecondStep] = useState<SecondStepMethods | null>(null);
  const [identifier, setIdentifier] = useState("");
  const [password, setPassword] = useState("");
  const [rememberMe, setRememberMe] = useState(true);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // An SSO round trip that failed comes back to this hand-off with `?error=` (hand-off-queries.ts, handOffSsoURL).
  const returned = useReturnedSocialError();

  const run = async (what: string, action: () => Promise<HandOffStep | string>) => {
    setBusy(what);
    setError(null);
    try {
      const step = await action();
      if (typeof step === "string") onCode(step);
      else if ("code" in step) onCode(step.code);
      else setSecondStep(step.secondStep);
    } catch (caught) {
      setError(errorText(caught));
      // A session past its fresh age may not hand itself over (docs/desktop.md): sign in anew here.
      if (errorCode(caught) === "SESSION_NOT_FRESH") setOtherAccount(true);
    } finally {
      setBusy(null);
    }
  };

  if (secondStep) {
    return (
      <AuthFrame title={t("desktop.title")}>
        <SecondStep
          methods={secondStep}
          verify={async (method, code, trustDevice) => onCode(await handOffVerifySecondStep(params, method, code, trustDevice))}
          onDone={async () => undefined}
          onRestart={() => setSecondStep(null)}
        />
      </AuthFrame>
    );
  }

  const current = session.data;
  if (current && !otherAccount) {
    return (
      <AuthFrame title={t("desktop.title")} description={t("desktop.intro")}>
        <FormError>{error}</FormError>
        <div className="stack">
          <Button variant="primary" busy={busy === "transfer"} onClick={() => void run("transfer", () => handOffTransferUser(params))}>
            {t("desktop.continueAs", { email: current.user.email })}
          </Button>
          <Button variant="ghost" onClick={() => setOtherAccount(true)}>
            {t("desktop.otherAccount")}
          </Button>
        </div>
      </AuthFrame>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!identifier.trim() || !password) return setError(t("desktop.fieldsRequired"));
    void run("password", () => handOffPasswordSignIn(params, { identifier, password, rememberMe }));
  };

  return (
    <AuthFrame title={t("desktop.title")} description={t("desktop.intro")}>
      {returned ? <FormError>{t("social.failed", { code: returned })}</FormError> : null}
      <SocialSignIn
        providers={providers.data ?? []}
        busyProvider={busy ?? undefined}
        onSelect={(provider) => {
          setBusy(provider.id);
          rememberHandOff(params);
          window.location.assign(handOffSocialURL(params, provider.id));
        }}
      />
      <PasskeySignIn
        signIn={async (autofill) => {
          const step = await handOffPasskeySignIn(params, autofill);
          if ("code" in step) {
            onCode(step.code);
            return null;
          }
          return step.secondStep;
        }}
        onDone={async () => undefined}
        onSecondStep={setSecondStep}
      />
      <PasswordlessSignIn email={() => identifier} calls={handOffPasswordless(params, onCode)} onDone={() => undefined} onSecondStep={setSecondStep}>
      <form className="stack" noValidate onSubmit={submit}>
        <FormError>{error}</FormError>
        <TextField label={t("signIn.identifier")} autoComplete="username webauthn" autoCapitalize="none" spellCheck={false} autoFocus value={identifier} onChange={(event) => setIdentifier(event.target.value)} />
        <TextField label={t("signIn.password")} type="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} />
        <CheckboxField label={t("signIn.rememberMe")} checked={rememberMe} onChange={(event) => setRememberMe(event.target.checked)} />
        <Button type="submit" variant="primary" busy={busy === "password"}>
          {t("signIn.submit")}
        </Button>
      </form>
      </PasswordlessSignIn>
      {/* The organization's identity provider in this browser; the round trip ends on `?handoff=cookie`, as a social one does. */}
      <SsoSignIn
        email={() => identifier}
        start={async (email) => {
          const url = await handOffSsoURL(params, email);
          rememberHandOff(params);
          return url;
        }}
      />
    </AuthFrame>
  );
}
