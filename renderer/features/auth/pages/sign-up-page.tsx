/**
 * Create an account: name, email, password and an optional username. The form checks what it
 * can; the server's answers (address taken, password too short, username taken) land on their
 * field. When the server wants the address verified first it answers without a session, and
 * the screen says to check the mail. "Sign up with a passkey" (when the server's
 * `passkey.allowSignUp` is on) makes the account from the name and email alone, with no password.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { getRouteApi, Link, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { ApiError } from "../../../../shared/errors";
import { useResetAfterSessionChange } from "../../../app/session";
import { Button } from "../../../ui/button";
import { TextField } from "../../../ui/field";
import { authErrorText, placeFieldError, useFieldMessage } from "../auth-errors";
import { AuthFrame } from "../components/auth-frame";
import { ServerNotice } from "../components/server-notice";
import { passkeySignUp, usePasswordlessMethods, useSignUp } from "../queries";
import { isDesktop } from "../../../app/desktop";
import { FormError } from "../../../ui/form-error";

const route = getRouteApi("/sign-up");

const schema = z.object({
  name: z.string().trim().min(1, "nameRequired").max(256),
  email: z.string().trim().min(1, "emailRequired").max(254).pipe(z.email("emailInvalid")),
  password: z.string().min(1, "passwordRequired").max(4096),
  username: z
    .string()
    .trim()
    .max(256)
    .refine((value) => value === "" || /^[^\s@]+$/.test(value), "usernameInvalid"),
});
type Values = z.infer<typeof schema>;

/** Which field a server error belongs to. */
const FIELD_OF: Partial<Record<string, keyof Values>> = {
  USER_ALREADY_EXISTS: "email",
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: "email",
  INVALID_EMAIL: "email",
  PASSWORD_TOO_SHORT: "password",
  PASSWORD_TOO_LONG: "password",
  USERNAME_IS_ALREADY_TAKEN: "username",
  USERNAME_TOO_SHORT: "username",
  USERNAME_TOO_LONG: "username",
  INVALID_USERNAME: "username",
};

/**
 * "Too short" says by how much: the server's field issue carries the configured limit ("at least
 * 12 characters"), so the console shows the number without knowing the server's settings.
 */
function passwordLimitText(error: unknown, t: (key: string, options?: Record<string, unknown>) => string): string | null {
  if (!(error instanceof ApiError) || (error.code !== "PASSWORD_TOO_SHORT" && error.code !== "PASSWORD_TOO_LONG")) return null;
  const limit = error.issues?.map((issue) => /\d+/.exec(issue.message)?.[0]).find(Boolean);
  if (!limit) return null;
  return error.code === "PASSWORD_TOO_SHORT" ? t("signUp.passwordTooShortMin", { min: Number(limit) }) : t("signUp.passwordTooLongMax", { max: Number(limit) });
}

export function SignUpPage() {
  const { t } = useTranslation("auth");
  const { redirect, email, return: oauthReturn } = route.useSearch();
  const navigate = useNavigate();
  const reset = useResetAfterSessionChange();
  const signUp = useSignUp();
  const [formError, setFormError] = useState<string | null>(null);
  const [checkMail, setCheckMail] = useState<string | null>(null);
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { name: "", email: email ?? "", password: "", username: "" } });
  const { errors } = form.formState;
  const message = useFieldMessage();

  const methods = usePasswordlessMethods();
  const [passkeyBusy, setPasskeyBusy] = useState(false);

  const signedIn = async () => {
    await reset();
    // An app signing in through Latchkey (OpenID provider): back to its authorization request, as a page load.
    if (oauthReturn) return window.location.assign(oauthReturn);
    await navigate({ href: redirect && !redirect.startsWith("/sign-") ? redirect : "/account" });
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    let result;
    try {
      result = await signUp.mutateAsync(values);
    } catch (error) {
      const limit = passwordLimitText(error, t);
      if (limit) form.setError("password", { type: "server", message: limit }, { shouldFocus: true });
      else if (!placeFieldError(error, FIELD_OF, form.setError)) setFormError(authErrorText(error));
      return;
    }
    if (!result.token) {
      setCheckMail(result.user.email);
      return;
    }
    await signedIn();
  });

  // The same name and email as the form; the passkey stands in for the password.
  const withPasskey = async () => {
    setFormError(null);
    form.clearErrors();
    if (!(await form.trigger(["name", "email"], { shouldFocus: true }))) return;
    setPasskeyBusy(true);
    try {
      const result = await passkeySignUp(form.getValues());
      if (!result.signedIn) return setCheckMail(result.email);
      await signedIn();
    } catch (error) {
      if (error instanceof Error && error.name === "NotAllowedError") setFormError(t("signUp.passkeyCancelled"));
      else if (!placeFieldError(error, FIELD_OF, form.setError)) setFormError(authErrorText(error));
    } finally {
      setPasskeyBusy(false);
    }
  };

  if (checkMail) {
    return (
      <AuthFrame title={t("signUp.checkMailTitle")} footer={<Link to="/sign-in" search={{ redirect, reason: undefined, ...(oauthReturn ? { return: oauthReturn } : {}) }}>{t("signUp.backToSignIn")}</Link>}>
        <div className="auth-state" role="status">
          <p>{t("signUp.checkMailBody", { email: checkMail })}</p>
          <p className="muted">{t("signUp.checkMailHint")}</p>
        </div>
      </AuthFrame>
    );
  }

  return (
    <AuthFrame
      title={t("signUp.title")}
      footer={
        <p>
          {t("signUp.haveAccount")} <Link to="/sign-in" search={{ redirect, reason: undefined, ...(email ? { email } : {}), ...(oauthReturn ? { return: oauthReturn } : {}) }}>{t("signUp.signInLink")}</Link>
        </p>
      }
    >
      <ServerNotice />
      <form className="stack" noValidate onSubmit={onSubmit}>
        <FormError>{formError}</FormError>
        <TextField label={t("signUp.name")} autoComplete="name" autoFocus error={message(errors.name)} {...form.register("name")} />
        <TextField label={t("signUp.email")} type="email" autoComplete="email" autoCapitalize="none" spellCheck={false} error={message(errors.email)} {...form.register("email")} />
        <TextField label={t("signUp.password")} type="password" autoComplete="new-password" error={message(errors.password)} {...form.register("password")} />
        <TextField
          label={t("signUp.username")}
          hint={t("signUp.usernameHint")}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          error={message(errors.username)}
          {...form.register("username")}
        />
        <Button type="submit" variant="primary" busy={form.formState.isSubmitting}>
          {t("signUp.submit")}
        </Button>
      </form>
      {/* The desktop app signs in through the browser (docs/desktop.md): no WebAuthn in its window. */}
      {methods.data?.passkeySignUp && !isDesktop ? (
        <div className="stack">
          <p className="divider" role="separator">
            <span>{t("signUp.orPasskey")}</span>
          </p>
          <Button type="button" busy={passkeyBusy} aria-describedby="passkey-sign-up-hint" onClick={() => void withPasskey()}>
            {t("signUp.withPasskey")}
          </Button>
          <p id="passkey-sign-up-hint" className="field-hint">
            {t("signUp.passkeyHint")}
          </p>
        </div>
      ) : null}
    </AuthFrame>
  );
}
