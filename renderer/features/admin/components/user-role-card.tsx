/** A user's role, changed by those allowed to (set-role). */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { toastError } from "../../../ui/errors";
import { useAdminCan } from "../../../app/permissions";
import { Button } from "../../../ui/button";
import { SelectField } from "../../../ui/field";
import { Section } from "../../../ui/page";
import { useSetRole, type AdminUser } from "../queries";
import { ROLE_NAMES, roleName } from "../roles";
import { FormError } from "../../../ui/form-error";

export function UserRoleCard({ user }: { user: AdminUser }) {
  const { t, i18n } = useTranslation("admin");
  const nameOf = (value: string) => roleName(t, i18n.language, value);
  const canSetRole = useAdminCan({ user: ["set-role"] });
  const setRole = useSetRole(user.id);
  const [role, setRoleValue] = useState(user.role);
  useEffect(() => setRoleValue(user.role), [user.role]);
  const options = ROLE_NAMES.includes(user.role) ? ROLE_NAMES : [...ROLE_NAMES, user.role];
  return (
    <Section title={t("role.title")} description={t("role.description")}>
      <form
        className="row role-form"
        onSubmit={(event) => {
          event.preventDefault();
          setRole.mutate(role, { onSuccess: () => toast.success(t("role.saved", { role: nameOf(role) })), onError: toastError });
        }}
      >
        <SelectField
          label={t("role.label")}
          value={role}
          disabled={!canSetRole}
          onChange={(event) => setRoleValue(event.target.value)}
          options={options.map((name) => ({ value: name, label: nameOf(name) }))}
        />
        {canSetRole ? (
          <Button type="submit" variant="primary" disabled={role === user.role} busy={setRole.isPending}>
            {t("role.save")}
          </Button>
        ) : null}
      </form>
      <FormError error={setRole.error} />
    </Section>
  );
}
