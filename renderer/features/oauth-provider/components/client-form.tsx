/**
 * An application's settings, for creating one and for editing it: name, links, redirect URIs (one
 * per line, matched exactly by the server), public or confidential (only when creating: a client's
 * kind never changes), the scopes it may ask for, and whether first-party consent is skipped; and
 * what the provider enforces (issue 32): the grant types, how a confidential app sends its secret,
 * PKCE for a confidential app, and whether it is a native app (loopback redirect on any port);
 * and (issue 34) the app's own claims and who may use it, picked from what the server offers.
 */
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { i18next } from "../../../i18n";
import { Button } from "../../../ui/button";
import { DialogFooter } from "../../../ui/dialog-footer";
import { CheckboxField, SelectField, TextAreaField, TextField } from "../../../ui/field";
import { FormError } from "../../../ui/form-error";
import { DEVICE_CODE_GRANT, OAUTH_GRANT_TYPES } from "../../../../shared/oauth-client-kinds";
import { Loading, ErrorState } from "../../../ui/states";
import { useClientChoices, type OAuthClient } from "../queries";
import { AccessRules, accessRulesOf, noneChosen, type AccessRulesValue } from "./access-rules";
import { ClaimsEditor, claimRowErrors, claimRowsOf, claimsOf, type ClaimRow } from "./claims-editor";
import { SCOPES, useScopeText } from "./scope-list";

export interface ClientFormValues {
  client_name: string;
  client_uri?: string;
  logo_uri?: string;
  redirect_uris: string[];
  scope: string;
  skip_consent: boolean;
  grant_types: Array<(typeof OAUTH_GRANT_TYPES)[number]>;
  application_type: "web" | "native";
  /** A confidential app's only: a public app sends no secret and always sends PKCE. */
  token_endpoint_auth_method?: "client_secret_basic" | "client_secret_post";
  require_pkce?: boolean;
  /** The app's own claims, name → `user.FIELD` or `literal:TEXT`; `{}` for none. */
  custom_claims: Record<string, string>;
  /** Who may use the app; three empty lists: anyone who signs in. */
  allowed_organizations: string[];
  allowed_teams: string[];
  allowed_roles: string[];
  /** Only when creating. */
  isPublic: boolean;
}

type GrantType = (typeof OAUTH_GRANT_TYPES)[number];

const DEFAULT_SCOPES = ["openid", "profile", "email", "offline_access"];

/** The server's refusals of single claims (issues at `custom_claims.NAME`), by claim name. */
function claimIssues(error: unknown): Map<string, string> {
  const issues = (error as { issues?: Array<{ path?: unknown; message?: unknown }> } | null)?.issues ?? [];
  const byName = new Map<string, string>();
  for (const issue of issues) {
    if (typeof issue.path === "string" && issue.path.startsWith("custom_claims.") && typeof issue.message === "string") byName.set(issue.path.slice("custom_claims.".length), issue.message);
  }
  return byName;
}

/** A grant type another release added before its words were translated still gets a box, named as the protocol names it. */
function grantLabel(t: (key: string) => string, grant: string): string {
  const key = `form.grant.${grantKey(grant)}`;
  return i18next.exists(key, { ns: "oauth-provider" }) ? t(key) : grant;
}

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
  const [grants, setGrants] = useState<GrantType[]>((client?.grant_types ?? ["authorization_code", "refresh_token"]).filter((g): g is GrantType => (OAUTH_GRANT_TYPES as readonly string[]).includes(g)));
  const [authMethod, setAuthMethod] = useState<"client_secret_basic" | "client_secret_post">(client?.token_endpoint_auth_method === "client_secret_post" ? "client_secret_post" : "client_secret_basic");
  const [requirePkce, setRequirePkce] = useState(client?.require_pkce ?? false);
  const [native, setNative] = useState(client?.application_type === "native");
  const [claimRows, setClaimRows] = useState<ClaimRow[]>(() => claimRowsOf(client?.custom_claims));
  const [access, setAccess] = useState<AccessRulesValue>(() => accessRulesOf(client));
  const choices = useClientChoices();
  const [checked, setChecked] = useState(false);
  // Scopes the form has no box for (an API's own, e.g. reports:read) are kept as they are.
  const otherScopes = (client?.scope ?? "").split(" ").filter((scope) => scope && !(SCOPES as readonly string[]).includes(scope));
  const offered = OAUTH_GRANT_TYPES.filter((grant) => !(isPublic && grant === "client_credentials"));
  const chosenGrants = grants.filter((grant) => offered.includes(grant));
  const signsPeopleIn = chosenGrants.includes("authorization_code");

  const uris = redirects
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  const errors = {
    name: name.trim() ? undefined : t("form.nameRequired"),
    grants: chosenGrants.length === 0 ? t("form.grantsRequired") : undefined,
    redirects: uris.length === 0 && signsPeopleIn ? t("form.redirectsRequired") : uris.find((uri) => !validURL(uri)) ? t("form.redirectInvalid", { uri: uris.find((uri) => !validURL(uri)) ?? "" }) : undefined,
    homepage: homepage.trim() && !validURL(homepage.trim()) ? t("form.urlInvalid") : undefined,
    logo: logo.trim() && !validURL(logo.trim()) ? t("form.urlInvalid") : undefined,
    scopes: scopes.includes("openid") || !signsPeopleIn ? undefined : t("form.openidRequired"),
    access: noneChosen(access) ? t("access.noneChosen") : undefined,
  };
  const rowErrors = claimRowErrors(claimRows, t);
  const serverClaimErrors = claimIssues(error);
  const shownRowErrors = new Map<number, string>();
  for (const row of claimRows) {
    const message = (checked ? rowErrors.get(row.key) : undefined) ?? serverClaimErrors.get(row.name.trim());
    if (message) shownRowErrors.set(row.key, message);
  }
  const shown = (message: string | undefined) => (checked ? message : undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (Object.values(errors).some(Boolean) || rowErrors.size > 0) return;
    onSubmit({
      client_name: name.trim(),
      ...(homepage.trim() ? { client_uri: homepage.trim() } : {}),
      ...(logo.trim() ? { logo_uri: logo.trim() } : {}),
      redirect_uris: uris,
      scope: [...SCOPES.filter((scope) => scopes.includes(scope)), ...otherScopes].join(" "),
      skip_consent: skipConsent,
      grant_types: chosenGrants,
      application_type: native ? "native" : "web",
      ...(isPublic ? {} : { token_endpoint_auth_method: authMethod, require_pkce: requirePkce }),
      custom_claims: claimsOf(claimRows),
      allowed_organizations: access.restricted ? access.organizations : [],
      allowed_teams: access.restricted ? access.teams : [],
      allowed_roles: access.restricted ? access.roles : [],
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
      <fieldset className="scope-choices" aria-describedby={shown(errors.grants) ? "grant-error" : undefined}>
        <legend>{t("form.grantTypes")}</legend>
        {offered.map((grant) => (
          <CheckboxField
            key={grant}
            label={grantLabel(t, grant)}
            checked={grants.includes(grant)}
            onChange={(event) => setGrants((current) => (event.target.checked ? [...current, grant] : current.filter((g) => g !== grant)))}
          />
        ))}
        {shown(errors.grants) ? (
          <p className="field-error" id="grant-error" role="alert">
            {errors.grants}
          </p>
        ) : null}
      </fieldset>
      {isPublic ? null : (
        <>
          <SelectField
            label={t("form.authMethod")}
            hint={t("form.authMethodHint")}
            value={authMethod}
            onChange={(event) => setAuthMethod(event.target.value === "client_secret_post" ? "client_secret_post" : "client_secret_basic")}
            options={[
              { value: "client_secret_basic", label: t("form.authBasic") },
              { value: "client_secret_post", label: t("form.authPost") },
            ]}
          />
          <CheckboxField label={t("form.requirePkce")} checked={requirePkce} onChange={(event) => setRequirePkce(event.target.checked)} />
        </>
      )}
      <CheckboxField label={t("form.native")} checked={native} onChange={(event) => setNative(event.target.checked)} />
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
      {choices.isPending ? (
        <Loading label={t("form.choicesLoading")} />
      ) : choices.isError ? (
        <ErrorState error={choices.error} onRetry={() => void choices.refetch()} />
      ) : (
        <>
          <ClaimsEditor rows={claimRows} userFields={choices.data.userFields} errors={shownRowErrors} onChange={setClaimRows} />
          <AccessRules value={access} choices={choices.data} error={shown(errors.access)} onChange={setAccess} />
        </>
      )}
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

/** A catalogue key for a grant: the device grant's URN holds colons, which i18next reads as a namespace separator. */
function grantKey(grant: string): string {
  return grant === DEVICE_CODE_GRANT ? "device_code" : grant;
}
