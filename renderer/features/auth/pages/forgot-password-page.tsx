/**
 * Ask for a password-reset link. The answer is the same whether or not the address has an
 * account, so the screen always shows the same neutral confirmation.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { Button } from "../../../ui/button";
import { TextField } from "../../../ui/field";
import { authErrorText, useFieldMessage } from "../auth-errors";
import { AuthFrame } from "../components/auth-frame";
import { useRequestPasswordReset } from "../queries";
import { FormError } from "../../../ui/form-error";

const schema = z.object({ email: z.string().trim().min(1, "emailRequired").max(254).pipe(z.email("emailInvalid")) });
type Values = z.infer<typeof schema>;

export function ForgotPasswordPage() {
  const { t } = useTranslation("auth");
  const request = useRequestPasswordReset();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { email: "" } });
  const message = useFieldMessage();
  const footer = <Link to="/sign-in" search={{ redirect: undefined, reason: undefined }}>{t("forgot.backToSignIn")}</Link>;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    try {
      await request.mutateAsync(email);
      setSentTo(email.trim());
    } catch {
      /* shown from request.error */
    }
  });

  if (sentTo) {
    return (
      <AuthFrame title={t("forgot.sentTitle")} footer={footer}>
        <div className="auth-state" role="status">
          <p>{t("forgot.sentBody", { email: sentTo })}</p>
          <p className="muted">{t("forgot.sentHint")}</p>
        </div>
        <Button onClick={() => setSentTo(null)}>{t("forgot.tryAnother")}</Button>
      </AuthFrame>
    );
  }
  return (
    <AuthFrame title={t("forgot.title")} description={t("forgot.description")} footer={footer}>
      <form className="stack" noValidate onSubmit={onSubmit}>
        <FormError>{request.error ? authErrorText(request.error) : null}</FormError>
        <TextField label={t("forgot.email")} type="email" autoComplete="email" autoCapitalize="none" spellCheck={false} autoFocus error={message(form.formState.errors.email)} {...form.register("email")} />
        <Button type="submit" variant="primary" busy={form.formState.isSubmitting}>
          {t("forgot.submit")}
        </Button>
      </form>
    </AuthFrame>
  );
}
