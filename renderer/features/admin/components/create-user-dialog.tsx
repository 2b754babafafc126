/** "Create user": email, name, password and role → create-user; the server's message stays inline. */
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { z } from "zod";
import { errorText } from "../../../app/errors";
import { useAdminCan } from "../../../app/permissions";
import { Button } from "../../../ui/button";
import { Dialog } from "../../../ui/dialog";
import { SelectField, TextField } from "../../../ui/field";
import { useCreateUser } from "../queries";
import { ROLE_NAMES } from "../roles";
import { FormError } from "../../../ui/form-error";
import { DialogFooter } from "../../../ui/dialog-footer";

export function CreateUserDialog({ onCreated }: { onCreated(userId: string): void }) {
  const { t } = useTranslation("admin");
  const [open, setOpen] = useState(false);
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
          setOpen(false);
          form.reset();
          onCreated(result.user.id);
        },
      },
    );
  });

  return (
    <>
      <Button variant="primary" onClick={() => setOpen(true)}>
        {t("create.open")}
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) create.reset();
        }}
        title={t("create.title")}
        description={t("create.description")}
      >
        <form className="stack" onSubmit={submit} noValidate>
          <TextField label={t("create.email")} type="email" autoComplete="off" error={errors.email?.message} {...form.register("email")} />
          <TextField label={t("create.name")} autoComplete="off" error={errors.name?.message} {...form.register("name")} />
          <TextField label={t("create.password")} type="password" autoComplete="new-password" hint={t("create.passwordHint")} error={errors.password?.message} {...form.register("password")} />
          {canSetRole ? <SelectField label={t("create.role")} options={ROLE_NAMES.map((role) => ({ value: role, label: t(`roles.${role}`, { defaultValue: role }) }))} {...form.register("role")} /> : null}
          <FormError error={create.error} />
          <DialogFooter onCancel={() => setOpen(false)}>
            <Button type="submit" variant="primary" busy={create.isPending}>
              {t("create.submit")}
            </Button>
          </DialogFooter>
        </form>
      </Dialog>
    </>
  );
}
