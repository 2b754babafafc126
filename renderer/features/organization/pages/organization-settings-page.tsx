/** An organization's settings: name, slug, logo, metadata; leave; delete (type the slug). */
import { zodResolver } from "@hookform/resolvers/zod";
import { useNavigate } from "@tanstack/react-router";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { z } from "zod";
import { Button } from "../../../ui/button";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { TextAreaField, TextField } from "../../../ui/field";
import { Section } from "../../../ui/page";
import { useOrganizationSchema, useSlugCheck } from "../create-organization-dialog";
import { useOrganizationContext } from "../organization-context";
import { useDeleteOrganization, useLeaveOrganization, useOwnerCount, useUpdateOrganization } from "../queries";
import { isOwner } from "../shared";
import { FormError } from "../../../ui/form-error";
import "../organization.css";

function parseMetadata(text: string): Record<string, unknown> | undefined {
  if (text.trim() === "") return {};
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

export function OrganizationSettingsPage() {
  const { t } = useTranslation("organization");
  const { organization, can } = useOrganizationContext();
  const canUpdate = can({ organization: ["update"] });
  const canDelete = can({ organization: ["delete"] });
  const update = useUpdateOrganization(organization.id);
  const base = useOrganizationSchema();
  const schema = base.extend({
    slug: z.string().trim().min(1, t("form.slugRequired")).max(256, t("form.tooLong")),
    metadata: z.string().refine((value) => parseMetadata(value) !== undefined, t("form.metadataInvalid")),
  });
  const form = useForm<z.infer<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: {
      name: organization.name,
      slug: organization.slug,
      logo: organization.logo ?? "",
      metadata: organization.metadata && Object.keys(organization.metadata).length > 0 ? JSON.stringify(organization.metadata, null, 2) : "",
    },
  });
  const slugCheck = useSlugCheck(form.watch("slug"), organization.slug);

  const submit = form.handleSubmit(async (values) => {
    if (slugCheck.taken) return;
    try {
      const saved = await update.mutateAsync({ name: values.name, slug: values.slug, logo: values.logo || null, metadata: parseMetadata(values.metadata) ?? {} });
      form.reset({ ...values, slug: saved.slug, name: saved.name });
      toast.success(t("settings.saved"));
    } catch {
      /* shown below */
    }
  });

  return (
    <div className="stack">
      <Section title={t("settings.title")} description={canUpdate ? t("settings.description") : t("settings.readOnly")}>
        <form className="stack" onSubmit={submit} noValidate>
          <fieldset disabled={!canUpdate} className="stack" style={{ border: 0, padding: 0, margin: 0 }}>
            <legend className="visually-hidden">{t("settings.title")}</legend>
            <TextField label={t("form.name")} autoComplete="organization" error={form.formState.errors.name?.message} {...form.register("name")} />
            <TextField label={t("form.slug")} autoComplete="off" spellCheck={false} hint={slugCheck.hint} error={form.formState.errors.slug?.message ?? slugCheck.error} {...form.register("slug")} />
            <TextField label={t("form.logo")} type="url" inputMode="url" placeholder="https://" hint={t("form.logoHint")} error={form.formState.errors.logo?.message} {...form.register("logo")} />
            <div className="org-metadata">
              <TextAreaField label={t("form.metadata")} hint={t("form.metadataHint")} spellCheck={false} error={form.formState.errors.metadata?.message} {...form.register("metadata")} />
            </div>
          </fieldset>
          <FormError error={update.error} />
          {canUpdate ? (
            <div className="row">
              <Button type="submit" variant="primary" busy={update.isPending} disabled={slugCheck.taken}>
                {t("settings.save")}
              </Button>
            </div>
          ) : null}
        </form>
      </Section>
      <LeaveSection />
      {canDelete ? <DeleteSection /> : null}
    </div>
  );
}

function LeaveSection() {
  const { t } = useTranslation("organization");
  const { organization, role } = useOrganizationContext();
  const navigate = useNavigate();
  const leave = useLeaveOrganization(organization.id);
  const [open, setOpen] = useState(false);
  const owner = isOwner(role);
  const owners = useOwnerCount(organization.id, owner);
  // The only owner cannot leave (the server refuses too): say so beside a disabled button.
  const onlyOwner = owner && owners.data === 1;
  const reasonId = useId();
  return (
    <Section title={t("leave.title")} description={t("leave.description")}>
      <FormError error={leave.error} />
      <div className="row">
        <Button onClick={() => setOpen(true)} disabled={onlyOwner} aria-describedby={onlyOwner ? reasonId : undefined}>
          {t("leave.open")}
        </Button>
        {onlyOwner ? (
          <p id={reasonId} className="muted org-leave-reason">
            {t("leave.onlyOwner")}
          </p>
        ) : null}
      </div>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t("leave.confirmTitle", { name: organization.name })}
        description={t("leave.confirmBody")}
        confirmLabel={t("leave.confirm")}
        busy={leave.isPending}
        onConfirm={() =>
          leave.mutate(undefined, {
            onSuccess: () => {
              toast.success(t("leave.done", { name: organization.name }));
              void navigate({ to: "/organizations" });
            },
            onSettled: () => setOpen(false),
          })
        }
      />
    </Section>
  );
}

function DeleteSection() {
  const { t } = useTranslation("organization");
  const { organization } = useOrganizationContext();
  const navigate = useNavigate();
  const remove = useDeleteOrganization(organization.id);
  const [open, setOpen] = useState(false);
  return (
    <section className="card org-danger" aria-labelledby="delete-organization-title">
      <header className="card-header">
        <div>
          <h2 id="delete-organization-title">{t("delete.title")}</h2>
          <p className="card-description">{t("delete.description")}</p>
        </div>
      </header>
      <FormError error={remove.error} />
      <div className="row">
        <Button variant="danger" onClick={() => setOpen(true)}>
          {t("delete.open")}
        </Button>
      </div>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t("delete.confirmTitle", { name: organization.name })}
        description={t("delete.confirmBody")}
        confirmLabel={t("delete.confirm")}
        confirmText={organization.slug}
        busy={remove.isPending}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              toast.success(t("delete.done", { name: organization.name }));
              void navigate({ to: "/organizations" });
            },
            onSettled: () => setOpen(false),
          })
        }
      />
    </section>
  );
}
