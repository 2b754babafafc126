/**
 * Choose a new password. The mailed link passes through the server, which sends the browser
 * here with ?token= (good link) or ?error=INVALID_TOKEN (used, expired or unknown).
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { getRouteApi, Link } from "@tanstack/react-router";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { errorCode } from "../../../ui/errors";
import { Button } from "../../../ui/button";
import { TextField } from "../../../ui/field";
import { authErrorText, placeFieldError, useFieldMessage } from "../auth-errors";
import { AuthFrame } from "../components/auth-frame";
import { useResetPassword } from "../queries";
import { FormError } from "../../../ui/form-error";

const route = getRouteApi("/reset-password");

const schema = z
  .object({
    newPassword: z.string().min(1, "passwordRequired").max(4096),
    confirmPassword: z.string().min(1, "confirmRequired"),
  })
  .refine((values) => values.newPassword === values.confirmPassword, { path: ["confirmPassword"], message: "passwordsDiffer" });
type Values = z.infer<typeof schema>;

const FIELD_OF: Partial<Record<string, keyof Values>> = { PASSWORD_TOO_SHORT: "newPassword", PASSWORD_TOO_LONG: "newPassword" };
const LINK_ERRORS = new Set(["INVALID_TOKEN", "TOKEN_EXPIRED"]);

export function ResetPasswordPage() {
  const { t } = useTranslation("auth");
  const { token, error } = route.useSearch();
  const reset = useResetPassword();
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { newPassword: "", confirmPassword: "" } });
  const message = useFieldMessage();
  const signInLink = (
    <Link to="/sign-in" search={{ redirect: undefined, reason: undefined }}>
      {t("reset.signIn")}
    </Link>
  );

  const linkBroken = Boolean(error) || !token || (reset.error !== null && LINK_ERRORS.has(errorCode(reset.error) ?? ""));
  if (linkBroken && !reset.isSuccess) {
    return (
      <AuthFrame title={t("reset.invalidTitle")} footer={signInLink}>
        <div className="auth-state" role="alert">
          <p>{token || error ? t("reset.invalidBody") : t("reset.missingBody")}</p>
        </div>
        <Link to="/forgot-password" className="button button-primary">
          {t("reset.requestNew")}
        </Link>
      </AuthFrame>
    );
  }
  if (reset.isSuccess) {
    return (
      <AuthFrame title={t("reset.doneTitle")}>
        <p className="form-success" role="status">
          {t("reset.doneBody")}
        </p>
        <Link to="/sign-in" search={{ redirect: undefined, reason: undefined }} className="button button-primary">
          {t("reset.signIn")}
        </Link>
      </AuthFrame>
    );
  }

  const onSubmit = form.handleSubmit(async ({ newPassword }) => {
    try {
      await reset.mutateAsync({ newPassword, token: token ?? "" });
    } catch (failure) {
      placeFieldError(failure, FIELD_OF, form.setError);
    }
  });
  const placed = reset.error !== null && FIELD_OF[errorCode(reset.error) ?? ""] !== undefined;
  return (
    <AuthFrame title={t("reset.title")} description={t("reset.description")} footer={signInLink}>
      <form className="stack" noValidate onSubmit={onSubmit}>
        <FormError>{reset.error && !placed ? authErrorText(reset.error) : null}</FormError>
        <TextField label={t("reset.newPassword")} type="password" autoComplete="new-password" autoFocus error={message(form.formState.errors.newPassword)} {...form.register("newPassword")} />
        <TextField label={t("reset.confirmPassword")} type="password" autoComplete="new-password" error={message(form.formState.errors.confirmPassword)} {...form.register("confirmPassword")} />
        <Button type="submit" variant="primary" busy={form.formState.isSubmitting}>
          {t("reset.submit")}
        </Button>
      </form>
    </AuthFrame>
  );
}
