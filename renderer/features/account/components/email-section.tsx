/**
 * Change the email address. An unverified address changes at once (and a verification mail
 * goes to the new one); a verified one changes only when the link mailed to the new address is
 * opened. The screen says which of the two happened.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { errorText } from "../../../ui/errors";
import type { SessionData } from "../../../app/session";
import { Button } from "../../../ui/button";
import { TextField } from "../../../ui/field";
import { Section } from "../../../ui/page";
import { placeFieldError, useFieldMessage } from "../account-errors";
import { useChangeEmail } from "../queries";
import { FormError } from "../../../ui/form-error";

const schema = z.object({ newEmail: z.string().trim().min(1, "emailRequired").max(254).pipe(z.email("emailInvalid")) });
type Values = z.infer<typeof schema>;

const FIELD_OF: Partial<Record<string, keyof Values>> = {
  EMAIL_IS_THE_SAME: "newEmail",
  COULDNT_UPDATE_EMAIL: "newEmail",
  INVALID_EMAIL: "newEmail",
  USER_ALREADY_EXISTS: "newEmail",
};

type Outcome = { kind: "changed"; email: string } | { kind: "mailed"; email: string };

export function EmailSection({ user }: { user: SessionData["user"] }) {
  const { t } = useTranslation("account");
  const change = useChangeEmail();
  const message = useFieldMessage();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { newEmail: "" } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async ({ newEmail }) => {
    setOutcome(null);
    const wasVerified = user.emailVerified;
    try {
      await change.mutateAsync(newEmail);
    } catch (error) {
      const text = errorText(error);
      if (!placeFieldError(error, FIELD_OF, form.setError, text)) form.setError("root.server", { type: "server", message: text });
      return;
    }
    form.reset({ newEmail: "" });
    setOutcome({ kind: wasVerified ? "mailed" : "changed", email: newEmail.trim().toLowerCase() });
  });

  return (
    <Section title={t("email.title")} description={user.emailVerified ? t("email.descriptionVerified") : t("email.descriptionUnverified")}>
      {outcome ? (
        <p className="form-success" role="status">
          {outcome.kind === "changed" ? t("email.changedNow", { email: outcome.email }) : t("email.mailed", { email: outcome.email })}
        </p>
      ) : null}
      <form className="stack account-form" noValidate onSubmit={onSubmit}>
        <FormError>{errors.root?.server?.message}</FormError>
        <TextField label={t("email.newEmail")} type="email" autoComplete="email" autoCapitalize="none" spellCheck={false} error={message(errors.newEmail)} {...form.register("newEmail")} />
        <div className="row">
          <Button type="submit" variant="primary" busy={change.isPending}>
            {t("email.submit")}
          </Button>
        </div>
      </form>
    </Section>
  );
}
