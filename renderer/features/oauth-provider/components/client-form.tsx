/**
 * An application's settings, for creating one and for editing it: name, links, redirect URIs (one
 * per line, matched exactly by the server), public or confidential (only when creating: a client's
 * kind never changes), the scopes it may ask for, and whether first-party consent is skipped.
 */
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../ui/button";
import { DialogFooter } from "../../../ui/dialog-footer";
import { CheckboxField, TextAreaField, TextField } from "../../../ui/field";
import { FormError } from "../../../ui/form-error";
import type { OAuthClient } from "../queries";
import { SCOPES, useScopeText } from "./scope-list";

export interface ClientFormValues {
  client_name: string;
  client_uri?: string;
  logo_uri?: string;
  redirect_uris: string[];
  scope: string;
  skip_consent: boolean;
  /** Only when creating. */
  isPublic: boolean;
}

const DEFAULT_SCOPES = ["openid", "profile", "email", "offline_access"];

function validURL(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol !== "javascript:" && url.protocol !== "data:";
  } catch {
    return false;
  }
}

export function ClientForm({ client, busy, error, onCancel, onSubmit }: { client?: OAuthClient; busy: boolean; error: unknown; onCancel(): void; onSubmit(values: ClientFormValues): void }) {
  const { t } = useTranslation("oauth-provider");
  const scopeText = useScopeText();
  const [name, setName] = useState(client?.client_name ?? "");
  const [homepage, setHomepage] = useState(client?.client_uri ?? "");
  const [logo, setLogo] = useState(client?.logo_uri ?? "");
  const [redirects, setRedirects] = useState((client?.redirect_uris ?? []).join("\n"));
  const [isPublic, setIsPublic] = useState(client?.token_endpoint_auth_method === "none");
  const [scopes, setScopes] = useState<string[]>(client?.scope ? client.scope.split(" ") : DEFAULT_SCOPES);
  const [skipConsent, setSkipConsent] = useState(client?.skip_consent ?? false);
  const [checked, setChecked] = useState(false);

  const uris = redirects
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  const errors = {
    name: name.trim() ? undefined : t("form.nameRequired"),
    redirects: uris.length === 0 ? t("form.redirectsRequired") : uris.find((uri) => !validURL(uri)) ? t("form.redirectInvalid", { uri: uris.find((uri) => !validURL(uri)) ?? "" }) : undefined,
    homepage: homepage.trim() && !validURL(homepage.trim()) ? t("form.urlInvalid") : undefined,
    logo: logo.trim() && !validURL(logo.trim()) ? t("form.urlInvalid") : undefined,
    scopes: scopes.includes("openid") ? undefined : t("form.openidRequired"),
  };
  const shown = (message: string | undefined) => (checked ? message : undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (Object.values(errors).some(Boolean)) return;
    onSubmit({
      client_name: name.trim(),
      ...(homepage.trim() ? { client_uri: homepage.trim() } : {}),
      ...(logo.trim() ? { logo_uri: logo.trim() } : {}),
      redirect_uris: uris,
      scope: SCOPES.filter((scope) => scopes.includes(scope)).join(" "),
      skip_consent: skipConsent,
      isPublic,
    });
  };

  return (
    <form className="stack" noValidate onSubmit={submit}>
      <FormError error={error} />
      <TextField label={t("form.name")} value={name} onChange={(event) => setName(event.target.value)} error={shown(errors.name)} maxLength={256} autoComplete="off" />
      <TextAreaField
        label={t("form.redirects")}
        hint={t("form.redirectsHint")}
        value={redirects}
        onChange={(event) => setRedirects(event.target.value)}
        error={shown(errors.redirects)}
        rows={3}
        spellCheck={false}
        autoCapitalize="none"
      />
      {client ? null : (
        <fieldset className="scope-choices">
          <legend>{t("form.kind")}</legend>
          <label className="field-checkbox">
            <input type="radio" name="client-kind" checked={!isPublic} onChange={() => setIsPublic(false)} />
            <span>{t("form.confidential")}</span>
          </label>
          <label className="field-checkbox">
            <input type="radio" name="client-kind" checked={isPublic} onChange={() => setIsPublic(true)} />
            <span>{t("form.public")}</span>
          </label>
        </fieldset>
      )}
      <fieldset className="scope-choices" aria-describedby={shown(errors.scopes) ? "scope-error" : undefined}>
        <legend>{t("form.scopes")}</legend>
        {SCOPES.map((scope) => (
          <CheckboxField
            key={scope}
            label={`${scope} — ${scopeText(scope)}`}
            checked={scopes.includes(scope)}
            onChange={(event) => setScopes((current) => (event.target.checked ? [...current, scope] : current.filter((s) => s !== scope)))}
          />
        ))}
        {shown(errors.scopes) ? (
          <p className="field-error" id="scope-error" role="alert">
            {errors.scopes}
          </p>
        ) : null}
      </fieldset>
      <CheckboxField label={t("form.skipConsent")} checked={skipConsent} onChange={(event) => setSkipConsent(event.target.checked)} />
      <TextField label={t("form.homepage")} hint={t("form.optional")} value={homepage} onChange={(event) => setHomepage(event.target.value)} error={shown(errors.homepage)} type="url" autoComplete="off" />
      <TextField label={t("form.logo")} hint={t("form.logoHint")} value={logo} onChange={(event) => setLogo(event.target.value)} error={shown(errors.logo)} type="url" autoComplete="off" />
      <DialogFooter onCancel={onCancel}>
        <Button type="submit" variant="primary" busy={busy}>
          {client ? t("form.save") : t("form.create")}
        </Button>
      </DialogFooter>
    </form>
  );
}
