/**
 * The device approval page (/console/device, RFC 8628's verification_uri; issue 34 items 5, 6):
 * a TV, a terminal or `auth login --device` shows a code; the person types it here (or arrives
 * with `?user_code=` from verification_uri_complete), sees which app and scopes — or which
 * machine, for the command line — and approves or denies. The route sends a signed-out person to
 * the sign-in page (any method, the second step included), which comes back here.
 */
import { getRouteApi } from "@tanstack/react-router";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../ui/button";
import { errorText } from "../../../ui/errors";
import { TextField } from "../../../ui/field";
import { FormError } from "../../../ui/form-error";
import { AppLogo } from "../components/app-logo";
import { ProviderFrame } from "../components/provider-frame";
import { ScopeList } from "../components/scope-list";
import { useDecideDevice, useDeviceDetails, type DeviceDetails } from "../queries";
import "../oauth-provider.css";

const route = getRouteApi("/device");

export function DevicePage() {
  const { t } = useTranslation("oauth-provider");
  const { user_code: fromLink } = route.useSearch();
  const [typed, setTyped] = useState(fromLink ?? "");
  const [asked, setAsked] = useState<string | undefined>(fromLink);
  const details = useDeviceDetails(asked);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAsked(typed.trim());
  };

  if (details.isSuccess && asked) return <DeviceDecision details={details.data} />;
  return (
    <ProviderFrame title={t("device.enterTitle")}>
      <p>{t("device.enterBody")}</p>
      <form className="stack" onSubmit={submit} noValidate>
        <TextField
          label={t("device.codeLabel")}
          hint={t("device.codeHint")}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={32}
          required
        />
        <FormError>{details.isError ? errorText(details.error) : null}</FormError>
        <Button type="submit" variant="primary" busy={details.isFetching} disabled={typed.trim() === ""}>
          {t("device.continue")}
        </Button>
      </form>
    </ProviderFrame>
  );
}

function DeviceDecision({ details }: { details: DeviceDetails }) {
  const { t } = useTranslation("oauth-provider");
  const decide = useDecideDevice();
  const [choice, setChoice] = useState<"approve" | "deny" | null>(null);
  const name = details.kind === "cli" ? t("device.cliName") : details.client?.client_name || details.client?.client_id || "";
  const title = details.kind === "cli" ? t("device.cliTitle", { host: details.host ?? "" }) : t("device.appTitle", { app: name });

  const answer = (accept: boolean) => {
    setChoice(accept ? "approve" : "deny");
    decide.mutate({ user_code: details.userCode, accept });
  };

  return (
    <ProviderFrame
      title={title}
      app={
        <div className="consent-app">
          <AppLogo name={name} logoUri={details.client?.logo_uri} size={48} />
          <div>
            <h1 id="page-title">{title}</h1>
            <p className="muted">{t("device.codeShown", { code: details.userCode })}</p>
          </div>
        </div>
      }
    >
      <div className="consent-account">
        <p>
          {t("consent.signedInAs")} <strong>{details.account.email}</strong>
        </p>
      </div>
      <div className="stack">
        {details.kind === "cli" ? (
          <p>{t("device.cliWants", { host: details.host ?? "" })}</p>
        ) : (
          <>
            <p>{t("consent.wants", { app: name })}</p>
            <ScopeList scopes={details.scopes} label={t("consent.scopesLabel")} />
          </>
        )}
        <p className="muted consent-note">{t("device.checkCode")}</p>
      </div>
      <FormError>{decide.isError ? errorText(decide.error) : null}</FormError>
      {decide.isSuccess ? (
        <p role="status">{choice === "approve" ? t("device.approved") : t("device.denied")}</p>
      ) : (
        <div className="consent-actions">
          <Button onClick={() => answer(false)} busy={decide.isPending && choice === "deny"} disabled={decide.isPending || decide.isError}>
            {t("device.deny")}
          </Button>
          <Button variant="primary" onClick={() => answer(true)} busy={decide.isPending && choice === "approve"} disabled={decide.isPending || decide.isError}>
            {t("device.approve")}
          </Button>
        </div>
      )}
    </ProviderFrame>
  );
}
