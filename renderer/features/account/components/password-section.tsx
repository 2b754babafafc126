/** Change the password; optionally end every other session (a lost laptop, a shared computer). */
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { errorCode, errorText } from "../../../ui/errors";
import { Button } from "../../../ui/button";
import { CheckboxField, TextField } from "../../../ui/field";
import { Section } from "../../../ui/page";
import { placeFieldError, useFieldMessage } from "../account-errors";
import { useChangePassword } from "../queries";
import { FormError } from "../../../ui/form-error";

const schema = z
  .object({
    currentPassword: z.string().min(1, "currentRequired").max(4096),
    newPassword: z.string().min(1, "newRequired").max(4096),
    confirmPassword: z.string().min(1, "confirmRequired"),
    revokeOtherSessions: z.boolean(),
  })
  .refine((values) => values.newPassword === values.confirmPassword, { path: ["confirmPassword"], message: "passwordsDiffer" });
type Values = z.infer<typeof schema>;

const FIELD_OF: Partial<Record<string, keyof Values>> = {
  INVALID_PASSWORD: "currentPassword",
  PASSWORD_TOO_SHORT: "newPassword",
  PASSWORD_TOO_LONG: "newPassword",
};

export function PasswordSection({ hasPassword }: { hasPassword: boolean | undefined }) {
  const { t } = useTranslation("account");
  const change = useChangePassword();
  const message = useFieldMessage();
  const [done, setDone] = useState<"kept" | "revoked" | null>(null);
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { currentPassword: "", newPassword: "", confirmPassword: "", revokeOtherSessions: true } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword, revokeOtherSessions }) => {
    setDone(null);
    try {
      await change.mutateAsync({ currentPassword, newPassword, revokeOtherSessions });
    } catch (error) {
      const text = errorCode(error) === "INVALID_PASSWORD" ? t("password.wrongCurrent") : errorText(error);
      if (!placeFieldError(error, FIELD_OF, form.setError, text)) form.setError("root.server", { type: "server", message: text });
      return;
    }
    form.reset({ currentPassword: "", newPassword: "", confirmPassword: "", revokeOtherSessions });
    setDone(revokeOtherSessions ? "revoked" : "kept");
  });

  if (hasPassword === false) {
    return (
      <Section title={t("password.title")}>
        <p className="muted">{t("password.noPassword")}</p>
      </Section>
    );
  }
  return (
    <Section title={t("password.title")} description={t("password.description")}>
      {done ? (
        <p className="form-success" role="status">
          {done === "revoked" ? t("password.changedRevoked") : t("password.changed")}
        </p>
      ) : null}
      <form className="stack account-form" noValidate onSubmit={onSubmit}>
        <FormError>{errors.root?.server?.message}</FormError>
        <TextField label={t("password.current")} type="password" autoComplete="current-password" error={message(errors.currentPassword)} {...form.register("currentPassword")} />
        <div className="account-grid">
          <TextField label={t("password.new")} type="password" autoComplete="new-password" error={message(errors.newPassword)} {...form.register("newPassword")} />
          <TextField label={t("password.confirm")} type="password" autoComplete="new-password" error={message(errors.confirmPassword)} {...form.register("confirmPassword")} />
        </div>
        <CheckboxField label={t("password.revokeOthers")} {...form.register("revokeOtherSessions")} />
        <div className="row">
          <Button type="submit" variant="primary" busy={change.isPending}>
            {t("password.submit")}
          </Button>
        </div>
      </form>
    </Section>
  );
}
