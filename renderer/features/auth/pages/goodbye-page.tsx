/**
 * Where the mailed delete-account confirmation lands (and where deleting at once leads): the
 * account is gone, or ?error= says why the link did not work.
 */
import { getRouteApi, Link } from "@tanstack/react-router";
import { useEffect, useEffectEvent } from "react";
import { useTranslation } from "react-i18next";
import { useResetAfterSessionChange } from "../../../app/session";
import { AuthFrame } from "../components/auth-frame";

const route = getRouteApi("/goodbye");
const KNOWN_ERRORS = new Set(["token_expired", "invalid_token", "unauthorized"]);

export function GoodbyePage() {
  const { t } = useTranslation("auth");
  const { error } = route.useSearch();
  const reset = useResetAfterSessionChange();

  // The deleted user's cached data (and session) must not linger.
  // Once, on arrival: reset is a new function each render, not a reason to run again.
  const resetOnArrival = useEffectEvent(() => void reset());
  useEffect(() => resetOnArrival(), []);

  if (error) {
    const reasonKey = KNOWN_ERRORS.has(error) ? error : "unknown";
    return (
      <AuthFrame title={t("goodbye.failedTitle")}>
        <div className="auth-state" role="alert">
          <p>{t(`goodbye.errors.${reasonKey}`)}</p>
        </div>
        <Link to="/sign-in" search={{ redirect: "/account", reason: undefined }} className="button button-primary">
          {t("goodbye.signIn")}
        </Link>
      </AuthFrame>
    );
  }
  return (
    <AuthFrame title={t("goodbye.title")}>
      <p className="form-success" role="status">
        {t("goodbye.body")}
      </p>
      <p className="muted">{t("goodbye.hint")}</p>
      <Link to="/sign-up" search={{ redirect: undefined }} className="button">
        {t("goodbye.signUp")}
      </Link>
    </AuthFrame>
  );
}
