/**
 * The consent page (/console/oauth2/consent?request=<id>): where /oauth2/authorize sends a
 * signed-in person whose answer an app needs. It names the app, what it asks for in plain words
 * and the account that would grant it; Allow or Deny goes to POST /oauth2/consent, whose answer
 * is the app's redirect URI (a code, or error=access_denied), loaded as a page.
 *
 * A request belongs to the account that started it, so "Switch account" signs another account in
 * and goes back to the app's same request at /oauth2/authorize (the details' `returnTo`), which
 * then meets the account they chose: a consent page naming it, or the app's code if it already
 * allowed the app.
 */
import { getRouteApi, Link } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../ui/button";
import { errorCode, errorText } from "../../../ui/errors";
import { FormError } from "../../../ui/form-error";
import { Loading } from "../../../ui/states";
import { AppLogo } from "../components/app-logo";
import { ProviderFrame as ConsentFrame } from "../components/provider-frame";
import { ScopeList } from "../components/scope-list";
import { useAnswerConsent, useConsentDetails, type ConsentDetails } from "../queries";
import "../oauth-provider.css";

const route = getRouteApi("/oauth2/consent");

export function ConsentPage() {
  const { t } = useTranslation("oauth-provider");
  const { request } = route.useSearch();
  const details = useConsentDetails(request);

  if (!request || (details.isError && errorCode(details.error) === "OAUTH_REQUEST_NOT_FOUND")) {
    return (
      <ConsentFrame title={t("consent.goneTitle")}>
        <p>{t("consent.goneBody")}</p>
      </ConsentFrame>
    );
  }
  if (details.isError) {
    return (
      <ConsentFrame title={t("consent.errorTitle")}>
        <p role="alert">{errorText(details.error)}</p>
        <Button onClick={() => void details.refetch()}>{t("consent.retry")}</Button>
      </ConsentFrame>
    );
  }
  if (details.isPending) {
    return (
      <ConsentFrame title={t("consent.loadingTitle")}>
        <Loading />
      </ConsentFrame>
    );
  }
  return <ConsentForm details={details.data} />;
}

function ConsentForm({ details }: { details: ConsentDetails }) {
  const { t } = useTranslation("oauth-provider");
  const answer = useAnswerConsent();
  // Which button was pressed: it shows busy, and after the answer the page says where it is going.
  const [choice, setChoice] = useState<"allow" | "deny" | null>(null);
  const name = details.client.client_name || details.client.client_id;
  const newScopes = details.scopes.filter((scope) => !details.previouslyGranted.includes(scope));
  const alreadyGranted = details.previouslyGranted.length > 0 && newScopes.length < details.scopes.length;
  const decided = answer.isSuccess;

  const decide = (accept: boolean) => {
    setChoice(accept ? "allow" : "deny");
    answer.mutate(
      { request: details.request, accept },
      // A page load, not an in-app navigation: the app's redirect URI is another site.
      { onSuccess: (result) => window.location.assign(result.redirect_uri) },
    );
  };
  const alreadyAnswered = answer.isError && errorCode(answer.error) === "OAUTH_REQUEST_NOT_FOUND";

  return (
    <ConsentFrame
      title={t("consent.title", { app: name })}
      app={
        <div className="consent-app">
          <AppLogo name={name} logoUri={details.client.logo_uri} size={48} />
          <div>
            <h1 id="page-title">{t("consent.title", { app: name })}</h1>
            {details.client.client_uri ? (
              <p className="muted">
                <a href={details.client.client_uri} target="_blank" rel="noreferrer noopener">
                  {hostOf(details.client.client_uri)}
                </a>
              </p>
            ) : null}
          </div>
        </div>
      }
    >
      <div className="consent-account">
        <p>
          {t("consent.signedInAs")} <strong>{details.account.email}</strong>
        </p>
        <Link
          to="/sign-in"
          search={
            details.returnTo
              ? { redirect: undefined, reason: "add-account", return: details.returnTo }
              : { redirect: `/oauth2/consent?request=${encodeURIComponent(details.request)}`, reason: "add-account" }
          }
        >
          {t("consent.switchAccount")}
        </Link>
      </div>
      <div className="stack">
        <p>{t("consent.wants", { app: name })}</p>
        <ScopeList scopes={details.scopes} label={t("consent.scopesLabel")} />
        {alreadyGranted ? <p className="muted consent-note">{t("consent.alreadyGranted")}</p> : null}
      </div>
      <FormError>{alreadyAnswered ? t("consent.goneBody") : answer.isError ? errorText(answer.error) : null}</FormError>
      {decided ? (
        <p role="status">{choice === "allow" ? t("consent.allowed", { app: name }) : t("consent.denied", { app: name })}</p>
      ) : (
        <div className="consent-actions">
          <Button onClick={() => decide(false)} busy={answer.isPending && choice === "deny"} disabled={answer.isPending || alreadyAnswered}>
            {t("consent.deny")}
          </Button>
          <Button variant="primary" onClick={() => decide(true)} busy={answer.isPending && choice === "allow"} disabled={answer.isPending || alreadyAnswered}>
            {t("consent.allow")}
          </Button>
        </div>
      )}
      <p className="muted consent-note">{t("consent.revokeLater")}</p>
    </ConsentFrame>
  );
}

function hostOf(uri: string): string {
  try {
    return new URL(uri).host;
  } catch {
    return uri;
  }
}
