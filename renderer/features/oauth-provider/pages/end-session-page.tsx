/**
 * The sign-out confirmation (/console/oauth2/end-session?request=<id>): where /oauth2/end-session
 * sends a browser whose request carried no ID token naming this browser's session (issue 32,
 * finding 4). A cross-site link or image can make the browser ask, but only the person pressing
 * Sign out here ends the session: the answer is a same-origin POST (/oauth2/end-session-confirm).
 * Either answer goes back to the app when it proved itself with an ID token and a registered
 * address; otherwise the page says what happened.
 */
import { getRouteApi, Link } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useResetAfterSessionChange } from "../../../app/session";
import { Button } from "../../../ui/button";
import { errorCode, errorStatus, errorText } from "../../../ui/errors";
import { FormError } from "../../../ui/form-error";
import { Loading } from "../../../ui/states";
import { AppLogo } from "../components/app-logo";
import { ProviderFrame } from "../components/provider-frame";
import { useAnswerEndSession, useEndSessionDetails, type EndSessionDetails } from "../queries";

const route = getRouteApi("/oauth2/end-session");

export function EndSessionPage() {
  const { t } = useTranslation("oauth-provider");
  const { request } = route.useSearch();
  const details = useEndSessionDetails(request);

  // Expired, answered, another session's, or no session at all (already signed out): nothing to ask.
  if (!request || (details.isError && (errorCode(details.error) === "OAUTH_REQUEST_NOT_FOUND" || errorStatus(details.error) === 401))) {
    return (
      <ProviderFrame title={t("endSession.goneTitle")}>
        <p>{t("endSession.goneBody")}</p>
      </ProviderFrame>
    );
  }
  if (details.isError) {
    return (
      <ProviderFrame title={t("consent.errorTitle")}>
        <p role="alert">{errorText(details.error)}</p>
        <Button onClick={() => void details.refetch()}>{t("consent.retry")}</Button>
      </ProviderFrame>
    );
  }
  if (details.isPending) {
    return (
      <ProviderFrame title={t("consent.loadingTitle")}>
        <Loading />
      </ProviderFrame>
    );
  }
  return <EndSessionForm details={details.data} />;
}

function EndSessionForm({ details }: { details: EndSessionDetails }) {
  const { t } = useTranslation("oauth-provider");
  const answer = useAnswerEndSession();
  const reset = useResetAfterSessionChange();
  const [choice, setChoice] = useState<"sign-out" | "stay" | null>(null);
  const name = details.client ? details.client.client_name || details.client.client_id : null;

  const decide = (accept: boolean) => {
    setChoice(accept ? "sign-out" : "stay");
    answer.mutate(
      { request: details.request, accept },
      {
        onSuccess: (result) => {
          // A page load, not an in-app navigation: the app's address is another site.
          if (result.redirect_uri) window.location.assign(result.redirect_uri);
          else if (accept) void reset();
        },
      },
    );
  };
  const gone = answer.isError && errorCode(answer.error) === "OAUTH_REQUEST_NOT_FOUND";
  const title = t("endSession.title");

  if (answer.isSuccess) {
    const back = answer.data.redirect_uri !== undefined && name !== null;
    return (
      <ProviderFrame title={title}>
        <p role="status">
          {choice === "sign-out" ? (back ? t("endSession.signedOutBack", { app: name }) : t("endSession.signedOut")) : back ? t("endSession.stayedBack", { app: name }) : t("endSession.stayed")}
        </p>
        {answer.data.redirect_uri ? null : choice === "sign-out" ? (
          <Link to="/sign-in" search={{ redirect: undefined, reason: undefined }}>
            {t("endSession.signInAgain")}
          </Link>
        ) : (
          <Link to="/">{t("endSession.toAccount")}</Link>
        )}
      </ProviderFrame>
    );
  }

  return (
    <ProviderFrame
      title={title}
      app={
        name !== null ? (
          <div className="consent-app">
            <AppLogo name={name} logoUri={details.client?.logo_uri} size={48} />
            <h1 id="page-title">{title}</h1>
          </div>
        ) : undefined
      }
    >
      <p>{name !== null ? t("endSession.askedBy", { app: name }) : t("endSession.askedByUnknown")}</p>
      <div className="consent-account">
        <p>
          {t("consent.signedInAs")} <strong>{details.account.email}</strong>
        </p>
      </div>
      <p className="muted consent-note">{t("endSession.explain")}</p>
      <FormError>{gone ? t("endSession.goneBody") : answer.isError ? errorText(answer.error) : null}</FormError>
      <div className="consent-actions">
        <Button onClick={() => decide(false)} busy={answer.isPending && choice === "stay"} disabled={answer.isPending || gone}>
          {t("endSession.stay")}
        </Button>
        <Button variant="primary" onClick={() => decide(true)} busy={answer.isPending && choice === "sign-out"} disabled={answer.isPending || gone}>
          {t("endSession.signOut")}
        </Button>
      </div>
    </ProviderFrame>
  );
}
