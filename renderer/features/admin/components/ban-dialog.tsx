/**
 * Ban with a reason and an expiry: presets (1 hour … 30 days, never) or a chosen date and time.
 * Used for one user (the panel) and for a selection (bulk). Keeps the input if the call fails.
 */
import { useEffect, type ReactNode } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Button } from "../../../ui/button";
import { Dialog } from "../../../ui/dialog";
import { SelectField, TextAreaField, TextField } from "../../../ui/field";
import { BAN_PRESETS, banEnd, toLocalInput, type BanPreset } from "../ban-expiry";
import { FormError } from "../../../ui/form-error";
import { DialogFooter } from "../../../ui/dialog-footer";
import { serverNow } from "../../../ui/server-clock";

export interface BanValues {
  banReason?: string | undefined;
  banExpiresIn?: number | undefined;
  banExpiresAt?: string | undefined;
}

interface FormValues {
  reason: string;
  preset: BanPreset;
  until: string;
}

export function BanDialog({
  open,
  onOpenChange,
  title,
  description,
  submitLabel,
  busy,
  error,
  onSubmit,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description: ReactNode;
  submitLabel: string;
  busy?: boolean;
  error?: string | undefined;
  onSubmit(values: BanValues): void;
}) {
  const { t } = useTranslation("admin");
  const form = useForm<FormValues>({ defaultValues: { reason: "", preset: "7d", until: "" } });
  const preset = form.watch("preset");
  useEffect(() => {
    if (open) form.reset({ reason: "", preset: "7d", until: toLocalInput(new Date(serverNow() + 7 * 24 * 3600_000)) });
  }, [open, form]);

  const submit = form.handleSubmit((values) => {
    const end = banEnd(values.preset, values.until);
    if (end === null) {
      form.setError("until", { message: t("ban.untilInvalid") });
      return;
    }
    onSubmit({ banReason: values.reason.trim() || undefined, ...end });
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={description}>
      <form className="stack" onSubmit={submit} noValidate>
        <TextAreaField label={t("ban.reason")} hint={t("ban.reasonHint")} rows={2} maxLength={1024} {...form.register("reason")} />
        <SelectField
          label={t("ban.expiry")}
          options={BAN_PRESETS.map((value) => ({ value, label: t(`ban.presets.${value}`) }))}
          {...form.register("preset")}
        />
        {preset === "custom" ? (
          <TextField type="datetime-local" label={t("ban.until")} error={form.formState.errors.until?.message} {...form.register("until")} />
        ) : null}
        <FormError>{error}</FormError>
        <DialogFooter onCancel={() => onOpenChange(false)}>
          <Button type="submit" variant="danger" busy={busy}>
            {submitLabel}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
