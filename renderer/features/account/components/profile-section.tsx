/**
 * Name, picture and username. The name shows at once everywhere (optimistic) and comes back if
 * the server refuses; the verification state of the address sits here with a resend button.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { z } from "zod";
import { errorText } from "../../../ui/errors";
import type { SessionData } from "../../../app/session";
import { Button } from "../../../ui/button";
import { TextField } from "../../../ui/field";
import { Section } from "../../../ui/page";
import { Badge } from "../../../ui/states";
import { placeFieldError, useFieldMessage } from "../account-errors";
import { useSendVerification, useUpdateProfile, type ProfileInput } from "../queries";
import { FormError } from "../../../ui/form-error";

const schema = z.object({
  name: z.string().trim().min(1, "nameRequired").max(256),
  image: z
    .string()
    .trim()
    .max(2048)
    .refine((value) => value === "" || /^https?:\/\/\S+$/i.test(value), "imageInvalid"),
  username: z.string().trim().max(256).refine((value) => !/[\s@]/.test(value), "usernameInvalid"),
  displayUsername: z.string().trim().max(256),
});
type Values = z.infer<typeof schema>;

const FIELD_OF: Partial<Record<string, keyof Values>> = {
  USERNAME_IS_ALREADY_TAKEN: "username",
  USERNAME_TOO_SHORT: "username",
  USERNAME_TOO_LONG: "username",
  INVALID_USERNAME: "username",
  INVALID_DISPLAY_USERNAME: "displayUsername",
};

function valuesOf(user: SessionData["user"]): Values {
  return { name: user.name, image: user.image ?? "", username: user.username ?? "", displayUsername: user.displayUsername ?? "" };
}

export function ProfileSection({ user }: { user: SessionData["user"] }) {
  const { t } = useTranslation("account");
  const update = useUpdateProfile();
  const resend = useSendVerification();
  const message = useFieldMessage();
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: valuesOf(user) });
  const { errors, isDirty, dirtyFields } = form.formState;

  // Another tab or the server changed the profile: show it, unless the person is editing.
  useEffect(() => {
    if (!form.formState.isDirty) form.reset(valuesOf(user));
  }, [user, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    const input: ProfileInput = {};
    if (dirtyFields.name) input.name = values.name;
    if (dirtyFields.image) input.image = values.image === "" ? null : values.image;
    if (dirtyFields.username && values.username !== "") input.username = values.username;
    if (dirtyFields.displayUsername && values.displayUsername !== "") input.displayUsername = values.displayUsername;
    if (Object.keys(input).length === 0) return;
    try {
      await update.mutateAsync(input);
      form.reset(values);
      toast.success(t("profile.saved"));
    } catch (error) {
      if (!placeFieldError(error, FIELD_OF, form.setError)) form.setError("root.server", { type: "server", message: errorText(error) });
    }
  });

  return (
    <Section title={t("profile.title")} description={t("profile.description")}>
      <div className="row">
        <span className="muted">{t("profile.email")}</span>
        <strong className="email-address">{user.email}</strong>
        {user.emailVerified ? <Badge tone="good">{t("profile.verified")}</Badge> : <Badge tone="warn">{t("profile.unverified")}</Badge>}
        {!user.emailVerified ? (
          resend.isSuccess ? (
            <span role="status" className="muted">
              {t("profile.verificationSent", { email: user.email })}
            </span>
          ) : (
            <Button size="small" busy={resend.isPending} onClick={() => resend.mutate(user.email, { onError: (error) => toast.error(errorText(error)) })}>
              {t("profile.resendVerification")}
            </Button>
          )
        ) : null}
      </div>
      <form className="stack account-form" noValidate onSubmit={onSubmit}>
        <FormError>{errors.root?.server?.message}</FormError>
        <div className="account-grid">
          <TextField label={t("profile.name")} autoComplete="name" error={message(errors.name)} {...form.register("name")} />
          <TextField label={t("profile.image")} hint={t("profile.imageHint")} type="url" autoComplete="photo" error={message(errors.image)} {...form.register("image")} />
          <TextField label={t("profile.username")} hint={t("profile.usernameHint")} autoComplete="username" autoCapitalize="none" spellCheck={false} error={message(errors.username)} {...form.register("username")} />
          <TextField label={t("profile.displayUsername")} hint={t("profile.displayUsernameHint")} autoCapitalize="none" spellCheck={false} error={message(errors.displayUsername)} {...form.register("displayUsername")} />
        </div>
        <div className="row">
          <Button type="submit" variant="primary" disabled={!isDirty} busy={update.isPending}>
            {t("profile.save")}
          </Button>
          {isDirty ? (
            <Button variant="ghost" onClick={() => form.reset(valuesOf(user))}>
              {t("profile.discard")}
            </Button>
          ) : null}
        </div>
      </form>
    </Section>
  );
}
