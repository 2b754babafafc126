/** The create-user dialog's form (zod + react-hook-form), loaded only when the dialog first opens. */
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { z } from "zod";
import { useAdminCan } from "../../../app/permissions";
import { Button } from "../../../ui/button";
import { SelectField, TextField } from "../../../ui/field";
import { useCreateUser } from "../queries";
import { ROLE_NAMES } from "../roles";
import { FormError } from "../../../ui/form-error";
import { DialogFooter } from "../../../ui/dialog-footer";

export function CreateUserForm({ onCreated, onCancel }: { onCreated(userId: string): void; onCancel(): void }) {
  const { t } = useTranslation("admin");
  const canSetRole = useAdminCan({ user: ["set-role"] });
  const create = useCreateUser();
  const schema = z.object({
    email: z.string().trim().min(1, t("create.emailRequired")).email(t("create.emailInvalid")),
    name: z.string().trim().max(256),
    password: z.string().max(4096),
    role: z.string(),
  });
  type Values = z.infer<typeof schema>;
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { email: "", name: "", password: "", role: "user" } });
  const errors = form.formState.errors;

  const submit = form.handleSubmit((values) => {
    create.mutate(
      {
        email: values.email,
        name: values.name,
        ...(values.password ? { password: values.password } : {}),
        ...(canSetRole ? { role: values.role } : {}),
      },
      {
        onSuccess: (result) => {
          toast.success(t("create.created", { email: result.user.email }));
          form.reset();
          onCreated(result.user.id);
        },
      },
    );
  });

  return (
    <form className="stack" onSubmit={submit} noValidate>
      <TextField label={t("create.email")} type="email" autoComplete="off" error={errors.email?.message} {...form.register("email")} />
      <TextField label={t("create.name")} autoComplete="off" error={errors.name?.message} {...form.register("name")} />
      <TextField label={t("create.password")} type="password" autoComplete="new-password" hint={t("create.passwordHint")} error={errors.password?.message} {...form.register("password")} />
      {canSetRole ? <SelectField label={t("create.role")} options={ROLE_NAMES.map((role) => ({ value: role, label: t(`roles.${role}`, { defaultValue: role }) }))} {...form.register("role")} /> : null}
      <FormError error={create.error} />
      <DialogFooter onCancel={onCancel}>
        <Button type="submit" variant="primary" busy={create.isPending}>
          {t("create.submit")}
        </Button>
      </DialogFooter>
    </form>
  );
}
