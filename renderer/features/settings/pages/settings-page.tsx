/**
 * Administration → Server settings: the settings that change while the server runs (docs/settings.md),
 * grouped, each with a switch or a field. A change applies on every server at once; what the
 * configuration (file, environment, flags) names is locked here and says so.
 */
import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { AdminGate } from "../../../app/admin-gate";
import { useAdminCan } from "../../../app/permissions";
import { Button } from "../../../ui/button";
import { errorText, toastError } from "../../../ui/errors";
import { formatDateTime } from "../../../ui/format";
import { Page, Section } from "../../../ui/page";
import { QueryStates } from "../../../ui/query-states";
import { Badge, EmptyState } from "../../../ui/states";
import { useResetSetting, useSetSetting, useSettings, type Setting, type SettingValue } from "../queries";
import "../settings.css";

/** The server's groups in the order people look for them; a newer server's unknown group goes last. */
const GROUP_ORDER = ["sign-up", "two-factor", "social", "account", "organization", "session", "audit"];

const PROVIDER_NAMES: Record<string, string> = { github: "GitHub", gitlab: "GitLab", google: "Google", microsoft: "Microsoft", apple: "Apple", discord: "Discord", facebook: "Facebook" };

export function SettingsPage() {
  const { t } = useTranslation("settings");
  return (
    <Page title={t("title")} description={t("description")}>
      <AdminGate request={{ settings: ["read"] }} denied={<EmptyState title={t("notAllowedTitle")}>{t("notAllowedBody")}</EmptyState>}>
        <SettingsList />
      </AdminGate>
    </Page>
  );
}

function SettingsList() {
  const { t } = useTranslation("settings");
  const settings = useSettings();
  const list = settings.data?.settings ?? [];
  const groups = [...new Set([...GROUP_ORDER.filter((group) => list.some((entry) => entry.group === group)), ...list.map((entry) => entry.group)])];
  return (
    <QueryStates query={settings} isEmpty={list.length === 0} empty={<EmptyState title={t("emptyTitle")}>{t("emptyBody")}</EmptyState>}>
      {groups.map((group) => (
        <Section key={group} title={t(`groups.${group}`, { defaultValue: group })}>
          <ul className="settings-list">
            {list
              .filter((entry) => entry.group === group)
              .map((entry) => (
                <SettingRow key={entry.key} setting={entry} />
              ))}
          </ul>
        </Section>
      ))}
    </QueryStates>
  );
}

/** The setting's name and explanation in the console's language; a newer server's unknown key shows as itself. */
function useSettingWords(key: string): { label: string; help: string } {
  const { t, i18n } = useTranslation("settings");
  const provider = /^(socialProviders|genericOAuth)\.([^.]+)\.(enabled|disableSignUp)$/.exec(key);
  if (provider) {
    const name = PROVIDER_NAMES[provider[2]!] ?? provider[2]!;
    return { label: t(`provider.${provider[3]}.label`, { provider: name }), help: t(`provider.${provider[3]}.help`, { provider: name }) };
  }
  if (!i18n.exists(`settings.${key}.label`, { ns: "settings" })) return { label: key, help: "" };
  return { label: t(`settings.${key}.label`), help: t(`settings.${key}.help`) };
}

function SettingRow({ setting }: { setting: Setting }) {
  const { t } = useTranslation("settings");
  const { label, help } = useSettingWords(setting.key);
  const canUpdate = useAdminCan({ settings: ["update"] });
  const reset = useResetSetting();
  const id = useId();
  const editable = canUpdate && !setting.locked;
  const who = setting.updatedBy ? (setting.updatedBy.name || setting.updatedBy.email || t("someone")) : t("someone");
  const onReset = () =>
    reset.mutate(setting.key, {
      onSuccess: () => toast.success(t("resetDone", { setting: label })),
      onError: toastError,
    });
  return (
    <li className="setting" data-key={setting.key}>
      <div className="setting-text">
        <label htmlFor={id} className="setting-label">
          {label}
        </label>
        {help ? (
          <p className="field-hint" id={`${id}-help`}>
            {help}
          </p>
        ) : null}
        <p className="setting-source" id={`${id}-source`}>
          {setting.locked ? <Badge tone="info">{t("locked")}</Badge> : null}
          {setting.locked ? ` ${t("lockedHint")}` : setting.source === "console" ? t("changedBy", { who, when: formatDateTime(setting.updatedAt) }) : t("default")}
        </p>
      </div>
      <div className="setting-control">
        {setting.kind === "boolean" ? (
          <SwitchControl id={id} setting={setting} label={label} disabled={!editable} />
        ) : (
          <ValueControl id={id} setting={setting} label={label} disabled={!editable} />
        )}
        {editable && setting.source === "console" ? (
          <Button size="small" variant="ghost" busy={reset.isPending} onClick={onReset} aria-label={t("resetNamed", { setting: label })}>
            {t("reset")}
          </Button>
        ) : null}
      </div>
    </li>
  );
}

function SwitchControl({ id, setting, label, disabled }: { id: string; setting: Setting; label: string; disabled: boolean }) {
  const { t } = useTranslation("settings");
  const set = useSetSetting();
  const on = setting.value === true;
  return (
    <span className="setting-switch">
      <input
        id={id}
        type="checkbox"
        role="switch"
        checked={on}
        disabled={disabled || set.isPending}
        aria-describedby={`${id}-help ${id}-source`}
        onChange={(event) =>
          set.mutate(
            { key: setting.key, value: event.target.checked },
            { onSuccess: () => toast.success(t("saved", { setting: label })), onError: toastError },
          )
        }
      />
      <span aria-hidden="true">{on ? t("on") : t("off")}</span>
    </span>
  );
}

/** A number or a list of names (comma separated), saved with its own button. */
function ValueControl({ id, setting, label, disabled }: { id: string; setting: Setting; label: string; disabled: boolean }) {
  const { t } = useTranslation("settings");
  const set = useSetSetting();
  const shown = Array.isArray(setting.value) ? setting.value.join(", ") : String(setting.value);
  const [draft, setDraft] = useState(shown);
  const [error, setError] = useState<string | null>(null);
  const list = setting.kind === "list";
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const value: SettingValue = list
      ? draft
          .split(",")
          .map((part) => part.trim())
          .filter(Boolean)
      : Number(draft);
    setError(null);
    set.mutate(
      { key: setting.key, value },
      {
        onSuccess: (answer) => {
          const now = answer.setting.value;
          setDraft(Array.isArray(now) ? now.join(", ") : String(now));
          toast.success(t("saved", { setting: label }));
        },
        onError: (failure) => setError(errorText(failure)),
      },
    );
  };
  return (
    <form className="setting-value" onSubmit={onSubmit} noValidate>
      <input
        id={id}
        className="input"
        type={list ? "text" : "number"}
        inputMode={list ? undefined : "numeric"}
        value={draft}
        disabled={disabled}
        placeholder={list ? t("listPlaceholder") : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={[`${id}-help`, `${id}-source`, error ? `${id}-error` : ""].filter(Boolean).join(" ")}
        onChange={(event) => setDraft(event.target.value)}
      />
      {disabled ? null : (
        <Button type="submit" size="small" busy={set.isPending} disabled={draft === shown} aria-label={t("saveNamed", { setting: label })}>
          {t("save")}
        </Button>
      )}
      {error ? (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
