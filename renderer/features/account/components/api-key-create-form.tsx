/**
 * A new API key: a name, an expiry, and optionally a limit to some administration actions (the
 * key never exceeds its owner; limiting it only narrows what a leaked key could do).
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { adminStatements, checkAdminPermission } from "../../../../shared/permissions";
import { usePermissionLabel } from "../../../app/permission-labels";
import { useSession } from "../../../app/session";
import { Button } from "../../../ui/button";
import { CheckboxField, SelectField, TextField } from "../../../ui/field";
import { FormError } from "../../../ui/form-error";
import { useCreateApiKey } from "../queries";

const DAY = 24 * 3600;
const EXPIRIES = ["never", "7", "30", "90", "365"] as const;

export function ApiKeyCreateForm({ onCreated }: { onCreated(key: string): void }) {
  const { t } = useTranslation("api-key");
  const create = useCreateApiKey();
  const [name, setName] = useState("");
  const [expiry, setExpiry] = useState<(typeof EXPIRIES)[number]>("90");
  const [limited, setLimited] = useState(false);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [nameError, setNameError] = useState<string | undefined>();
  const label = usePermissionLabel();
  const { data: session } = useSession();
  // A key never exceeds its owner: offer only what the owner holds (no administrator holds
  // user:impersonate-admins unless a custom role grants it, so it is not offered by default).
  const offered = Object.entries(adminStatements).flatMap(([resource, actions]) =>
    actions
      .filter((action) => session && checkAdminPermission({}, { id: session.user.id, role: session.user.role }, { [resource]: [action] }).success)
      .map((action) => ({ resource, action })),
  );

  const toggle = (permission: string, on: boolean) =>
    setChosen((previous) => {
      const next = new Set(previous);
      if (on) next.add(permission);
      else next.delete(permission);
      return next;
    });

  const submit = () => {
    if (!name.trim()) {
      setNameError(t("form.nameRequired"));
      return;
    }
    setNameError(undefined);
    const permissions: Record<string, string[]> = {};
    for (const entry of chosen) {
      const [resource, action] = entry.split(":") as [string, string];
      (permissions[resource] ??= []).push(action);
    }
    create.mutate(
      { name: name.trim(), ...(expiry === "never" ? {} : { expiresIn: Number(expiry) * DAY }), ...(limited ? { permissions } : {}) },
      {
        onSuccess: (created) => {
          setName("");
          setChosen(new Set());
          setLimited(false);
          onCreated(created.key);
        },
      },
    );
  };

  return (
    <form
      className="stack account-form"
      aria-label={t("form.title")}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className="account-grid">
        <TextField label={t("form.name")} value={name} maxLength={32} onChange={(event) => setName(event.target.value)} error={nameError} hint={t("form.nameHint")} />
        <SelectField
          label={t("form.expiry")}
          value={expiry}
          onChange={(event) => setExpiry(event.target.value as (typeof EXPIRIES)[number])}
          options={EXPIRIES.map((value) => ({ value, label: value === "never" ? t("form.never") : t("form.days", { count: Number(value) }) }))}
        />
      </div>
      <CheckboxField label={t("form.limit")} checked={limited} onChange={(event) => setLimited(event.target.checked)} />
      {limited ? (
        <fieldset className="stack">
          <legend>{t("form.permissions")}</legend>
          {offered.map(({ resource, action }) => (
            <CheckboxField
              key={`${resource}:${action}`}
              label={label(resource, action)}
              checked={chosen.has(`${resource}:${action}`)}
              onChange={(event) => toggle(`${resource}:${action}`, event.target.checked)}
            />
          ))}
        </fieldset>
      ) : null}
      <FormError error={create.isError ? create.error : undefined} />
      <div>
        <Button type="submit" disabled={create.isPending || (limited && chosen.size === 0)}>
          {t("form.create")}
        </Button>
      </div>
    </form>
  );
}
