/**
 * Sign in by email or username (an "@" decides which) and password; in the desktop app, first of
 * all through the system browser (components/browser-sign-in.tsx). Also the way to add a
 * second account to this browser (multi-session: the current one stays signed in). After
 * success the previous user's cached data is dropped and the person goes where they were headed.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { getRouteApi, Link, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { useResetAfterSessionChange, useSession } from "../../../app/session";
import { Button } from "../../../ui/button";
import { CheckboxField, TextField } from "../../../ui/field";
import { authErrorText, useFieldMessage } from "../auth-errors";
import { AuthFrame } from "../components/auth-frame";
import { ServerNotice } from "../components/server-notice";
import { BrowserSignIn } from "../components/browser-sign-in";
import { isDesktop } from "../../../app/desktop";
import { ConfiguredSocialSignIn } from "../components/social-sign-in";
import { consoleSsoStart, SsoSignIn } from "../components/sso-sign-in";
import { SecondStep } from "../components/second-step";
import { PasskeySignIn } from "../components/second-step-passkey";
import { passkeySupport } from "../../../app/passkey-support";
import { consolePasswordless, useSignIn } from "../queries";
import { PasswordlessSignIn } from "../components/passwordless-sign-in";
import { FormError } from "../../../ui/form-error";
import { readHandOff } from "../hand-off-params";
import { DesktopHandOff } from "./desktop-hand-off";

const route = getRouteApi("/sign-in");

const schema = z.object({
  identifier: z.string().trim().min(1, "identifierRequired").max(256),
  password: z.string().min(1, "passwordRequired").max(4096),
  rememberMe: z.boolean(),
});
type Values = z.infer<typeof schema>;

/**
 * Where to go after signing in: `redirect` is an in-app path with its search (checked by the
 * route), so it goes as an href; a signed-out page (sign-in itself) would lead nowhere.
 */
/** `methods=totp,otp` from a held redirect sign-in; only the two known methods. */
function secondStepMethods(methods: string | undefined): Array<"totp" | "otp"> {
  const known = (methods ?? "").split(",").filter((m): m is "totp" | "otp" => m === "totp" || m === "otp");
  return known.length ? known : ["otp"];
}

function afterSignIn(redirect: string | undefined): string {
  // A desktop hand-off's mailed link held at the second step returns to its own way back, which
  // sends the app its code once the second step is passed (hand-off-params.ts, linkReturnPath);
  // a social or SSO round trip held there returns to the page that passes the cookie's code on
  // (this tab's sessionStorage still names the app's address).
  if (redirect?.startsWith("/sign-in?handoff=link&") || redirect === "/sign-in?handoff=cookie") return redirect;
  return redirect && !/^\/(sign-in|sign-up|forgot-password|reset-password|goodbye)\b/.test(redirect) ? redirect : "/account";
}

/** The desktop app's browser sign-in has a page of its own; everyone else gets the console's. */
export function SignInPage() {
  const search = route.useSearch();
  const handOff = readHandOff(search);
  if (search.handoff === "link") return <DesktopHandOff arrival={{ kind: "link", search, failed: search.reason === "link-failed" }} />;
  if (search.handoff === "cookie") return <DesktopHandOff arrival={{ kind: "social" }} />;
  if (handOff.kind !== "none") return <DesktopHandOff arrival={{ kind: "request", request: handOff }} />;
  return <ConsoleSignIn />;
}

function ConsoleSignIn() {
  const { t } = useTranslation("auth");
  const { redirect, reason, methods, email, return: oauthReturn } = route.useSearch();
  const navigate = useNavigate();
  const reset = useResetAfterSessionChange();
  const session = useSession();
  const signIn = useSignIn();
  const addingAccount = reason === "add-account";
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { identifier: email ?? "", password: "", rememberMe: true } });
  const { errors } = form.formState;
  const message = useFieldMessage();
  // Two-factor accounts: the password answered {twoFactorRedirect}; the second step comes next.
  // A redirect sign-in (social, a verification link) held at the second step arrives here with
  // reason=second-step and the methods; the pending sign-in is in the server's two-factor cookie.
  const [secondStep, setSecondStep] = useState<Array<"totp" | "otp"> | null>(reason === "second-step" ? secondStepMethods(methods) : null);
  const finish = async () => {
    await reset();
    // An app signing in through Latchkey (OpenID provider): back to its authorization request, as a page load.
    if (oauthReturn) return window.location.assign(oauthReturn);
    await navigate({ href: afterSignIn(redirect) });
  };

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const answer = await signIn.mutateAsync(values);
      if (answer.twoFactorRedirect) return setSecondStep(answer.twoFactorMethods ?? []);
    } catch {
      return; // shown from signIn.error; the typed values stay
    }
    await finish();
  });

  if (secondStep) {
    return (
      <AuthFrame title={t("signIn.title")}>
        <SecondStep methods={secondStep} onDone={finish} onRestart={() => setSecondStep(null)} />
      </AuthFrame>
    );
  }

  const current = session.data;
  return (
    <AuthFrame
      title={addingAccount ? t("signIn.addTitle") : t("signIn.title")}
      description={addingAccount ? t("signIn.addDescription") : undefined}
      footer={
        <p>
          {t("signIn.noAccount")}{" "}
          <Link to="/sign-up" search={{ redirect, ...(email ? { email } : {}), ...(oauthReturn ? { return: oauthReturn } : {}) }}>
            {t("signIn.signUpLink")}
          </Link>
        </p>
      }
    >
      <ServerNotice />
      {reason === "signed-out" ? (
        <p className="form-info" role="status">
          {t("signIn.reasonSignedOut")}
        </p>
      ) : null}
      {current && !addingAccount && !oauthReturn ? (
        <p className="form-info">
          {t("signIn.alreadySignedIn", { email: current.user.email })} <Link to="/account">{t("signIn.continue")}</Link>
        </p>
      ) : null}
      <BrowserSignIn onDone={finish} />
      <ConfiguredSocialSignIn returnTo={afterSignIn(redirect)} oauthReturn={oauthReturn} />
      {/* In the app, passkeys are the browser's (above): the app's own origin is no relying party. */}
      {/* Nor where the browser cannot use one (an IP address, plain http): the account page says why (issue 33). */}
      {isDesktop || !passkeySupport().ok ? null : <PasskeySignIn onDone={finish} onSecondStep={setSecondStep} />}
      {/* A magic link comes back signed in: to the app's waiting request, or where the person was headed. */}
      <PasswordlessSignIn email={() => form.getValues("identifier")} calls={consolePasswordless(oauthReturn ?? `/console${afterSignIn(redirect)}`)} onDone={finish} onSecondStep={setSecondStep}>
      <form className="stack" noValidate onSubmit={onSubmit}>
        <FormError>{signIn.error ? authErrorText(signIn.error) : null}</FormError>
        <TextField
          label={t("signIn.identifier")}
          autoComplete="username webauthn"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus
          error={message(errors.identifier)}
          {...form.register("identifier")}
        />
        <TextField
          label={t("signIn.password")}
          type="password"
          autoComplete="current-password"
          error={message(errors.password)}
          {...form.register("password")}
        />
        <div className="spread">
          <CheckboxField label={t("signIn.rememberMe")} {...form.register("rememberMe")} />
          <Link to="/forgot-password">{t("signIn.forgotLink")}</Link>
        </div>
        <Button type="submit" variant="primary" busy={signIn.isPending || form.formState.isSubmitting}>
          {t("signIn.submit")}
        </Button>
      </form>
      </PasswordlessSignIn>
      {/* The desktop app's window is no place for an identity provider's pages (as for social): the
          app signs in through the browser, whose hand-off page offers SSO (desktop-hand-off.tsx). */}
      {isDesktop ? null : <SsoSignIn email={() => form.getValues("identifier")} start={consoleSsoStart(afterSignIn(redirect), oauthReturn)} />}
    </AuthFrame>
  );
}
