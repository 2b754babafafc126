/**
 * "Who may use this app" (issue 34): anyone who signs in, or only members of chosen organizations,
 * of chosen teams, or people with chosen global roles (any one rule suffices; the server refuses
 * everyone else with access_denied before any consent page). Choices come from what exists, so a
 * misspelt slug cannot shut everyone out; a stored name that no longer exists stays listed (and
 * checked) so saving the form does not drop it unseen.
 */
import { useTranslation } from "react-i18next";
import { CheckboxField } from "../../../ui/field";
import type { ClientChoices } from "../queries";

export interface AccessRulesValue {
  restricted: boolean;
  organizations: string[];
  teams: string[];
  roles: string[];
}

export const accessRulesOf = (client?: { allowed_organizations?: string[]; allowed_teams?: string[]; allowed_roles?: string[] }): AccessRulesValue => {
  const organizations = client?.allowed_organizations ?? [];
  const teams = client?.allowed_teams ?? [];
  const roles = client?.allowed_roles ?? [];
  return { restricted: organizations.length + teams.length + roles.length > 0, organizations, teams, roles };
};

export const noneChosen = (value: AccessRulesValue) => value.restricted && value.organizations.length + value.teams.length + value.roles.length === 0;

function toggled(list: string[], item: string, on: boolean): string[] {
  return on ? [...list, item] : list.filter((each) => each !== item);
}

/** Offered names plus stored ones that are not offered any more. */
const withStored = (offered: string[], stored: string[]) => [...offered, ...stored.filter((name) => !offered.includes(name))];

function Choices({ legend, empty, items, chosen, onChange }: { legend: string; empty: string; items: Array<{ value: string; label: string }>; chosen: string[]; onChange(next: string[]): void }) {
  return (
    <fieldset className="scope-choices access-choices">
      <legend>{legend}</legend>
      {items.length === 0 ? <p className="field-hint">{empty}</p> : null}
      {items.map((item) => (
        <CheckboxField key={item.value} label={item.label} checked={chosen.includes(item.value)} onChange={(event) => onChange(toggled(chosen, item.value, event.target.checked))} />
      ))}
    </fieldset>
  );
}

export function AccessRules({ value, choices, error, onChange }: { value: AccessRulesValue; choices: ClientChoices; error: string | undefined; onChange(value: AccessRulesValue): void }) {
  const { t } = useTranslation("oauth-provider");
  const orgNames = new Map(choices.organizations.map((org) => [org.slug, org.name]));
  const organizations = withStored([...orgNames.keys()], value.organizations).map((slug) => ({ value: slug, label: orgNames.has(slug) ? `${orgNames.get(slug) ?? slug} (${slug})` : slug }));
  const teams = withStored(
    choices.organizations.flatMap((org) => org.teams.map((team) => `${org.slug}/${team}`)),
    value.teams,
  ).map((team) => ({ value: team, label: team }));
  const roles = withStored(choices.roles, value.roles).map((role) => ({ value: role, label: role }));
  return (
    <fieldset className="scope-choices" aria-describedby={error ? "access-error" : undefined}>
      <legend>{t("access.legend")}</legend>
      <label className="field-checkbox">
        <input type="radio" name="access-kind" checked={!value.restricted} onChange={() => onChange({ ...value, restricted: false })} />
        <span>{t("access.anyone")}</span>
      </label>
      <label className="field-checkbox">
        <input type="radio" name="access-kind" checked={value.restricted} onChange={() => onChange({ ...value, restricted: true })} />
        <span>{t("access.chosen")}</span>
      </label>
      {value.restricted ? (
        <div className="access-rules">
          <p className="field-hint">{t("access.hint")}</p>
          <Choices legend={t("access.organizations")} empty={t("access.noOrganizations")} items={organizations} chosen={value.organizations} onChange={(next) => onChange({ ...value, organizations: next })} />
          <Choices legend={t("access.teams")} empty={t("access.noTeams")} items={teams} chosen={value.teams} onChange={(next) => onChange({ ...value, teams: next })} />
          <Choices legend={t("access.roles")} empty={t("access.noRoles")} items={roles} chosen={value.roles} onChange={(next) => onChange({ ...value, roles: next })} />
          {choices.truncated ? <p className="field-hint">{t("access.truncated")}</p> : null}
        </div>
      ) : null}
      {error ? (
        <p className="field-error" id="access-error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
