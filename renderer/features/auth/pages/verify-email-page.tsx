/**
 * Where the verification link (and the email-change confirmation) lands: the server has checked
 * the token and sends the browser here, with ?error= when it failed. Signed in, a new link is
 * one click away.
 */
import { useQueryClient } from "@tanstack/react-query";
import { getRouteApi, Link } from "@tanstack/react-router";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { sessionKey, useSession } from "../../../app/session";
import { Button } from "../../../ui/button";
import { authErrorText } from "../auth-errors";
import { AuthFrame } from "../components/auth-frame";
import { useSendVerificationEmail } from "../queries";
import { FormError } from "../../../ui/form-error";

const route = getRouteApi("/verify-email");
const KNOWN_ERRORS = new Set(["token_expired", "invalid_token", "user_not_found", "unauthorized", "email_already_in_use"]);

export function VerifyEmailPage() {
  const { t } = useTranslation("auth");
  const { error } = route.useSearch();
  const queryClient = useQueryClient();
  const session = useSession();
  const resend = useSendVerificationEmail();

  // The address just changed state on the server: read the session again.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: sessionKey });
  }, [queryClient]);

  const user = session.data?.user;
  const signInLink = (
    <Link to="/sign-in" search={{ redirect: "/account", reason: undefined }}>
      {t("verify.signIn")}
    </Link>
  );
  if (!error) {
    return (
      <AuthFrame title={t("verify.doneTitle")}>
        <p className="form-success" role="status">
          {t("verify.doneBody")}
        </p>
        {user ? (
          <Link to="/account" className="button button-primary">
            {t("verify.toAccount")}
          </Link>
        ) : (
          signInLink
        )}
      </AuthFrame>
    );
  }

  const reasonKey = KNOWN_ERRORS.has(error) ? error : "unknown";
  const canResend = Boolean(user && !user.emailVerified) && reasonKey !== "user_not_found" && reasonKey !== "email_already_in_use";
  return (
    <AuthFrame title={t("verify.failedTitle")} footer={user ? <Link to="/account">{t("verify.toAccount")}</Link> : signInLink}>
      <div className="auth-state" role="alert">
        <p>{t(`verify.errors.${reasonKey}`)}</p>
      </div>
      {user && canResend ? (
        resend.isSuccess ? (
          <p className="form-success" role="status">
            {t("verify.resent", { email: user.email })}
          </p>
        ) : (
          <>
            <FormError>{resend.error ? authErrorText(resend.error) : null}</FormError>
            <Button variant="primary" busy={resend.isPending} onClick={() => resend.mutate(user.email)}>
              {t("verify.resend")}
            </Button>
          </>
        )
      ) : null}
      {!user && reasonKey !== "user_not_found" ? <p className="muted">{t("verify.signInToResend")}</p> : null}
    </AuthFrame>
  );
}
