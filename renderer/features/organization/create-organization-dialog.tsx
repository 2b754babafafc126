/** "Create organization": name, a slug suggested from it and checked as you type, an optional logo. */
import { zodResolver } from "@hookform/resolvers/zod";
import { useNavigate } from "@tanstack/react-router";
import { useEffect, useEffectEvent, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { Button } from "../../ui/button";
import { Dialog } from "../../ui/dialog";
import { TextField } from "../../ui/field";
import { useCreateOrganization, useSlugAvailable } from "./queries";
import { useDebounced } from "../../ui/use-debounced";
import { SLUG_PATTERN, suggestSlug } from "./shared";
import { FormError } from "../../ui/form-error";
import { DialogFooter } from "../../ui/dialog-footer";

export function useOrganizationSchema() {
  const { t } = useTranslation("organization");
  return z.object({
    name: z.string().trim().min(1, t("form.nameRequired")).max(256, t("form.tooLong")),
    slug: z.string().trim().min(1, t("form.slugRequired")).max(256, t("form.tooLong")).regex(SLUG_PATTERN, t("form.slugFormat")),
    logo: z
      .string()
      .trim()
      .max(2048, t("form.tooLong"))
      .refine((value) => value === "" || /^https:\/\/\S+$/i.test(value), t("form.logoFormat")),
  });
}

/** The inline verdict on a slug being typed: taken, free, or still checking. */
export function useSlugCheck(slug: string, unchangedFrom?: string) {
  const { t } = useTranslation("organization");
  const debounced = useDebounced(slug.trim(), 250);
  const shouldCheck = SLUG_PATTERN.test(debounced) && debounced !== unchangedFrom;
  const check = useSlugAvailable(debounced, shouldCheck);
  const settled = debounced === slug.trim();
  const taken = shouldCheck && settled && check.data === false;
  const free = shouldCheck && settled && check.data === true;
  return {
    taken,
    error: taken ? t("form.slugTaken") : undefined,
    hint: free ? t("form.slugFree") : shouldCheck && (check.isFetching || !settled) ? t("form.slugChecking") : t("form.slugHint"),
  };
}

export function CreateOrganizationDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const { t } = useTranslation("organization");
  const navigate = useNavigate();
  const create = useCreateOrganization();
  const schema = useOrganizationSchema();
  const [slugEdited, setSlugEdited] = useState(false);
  const form = useForm<z.infer<typeof schema>>({ resolver: zodResolver(schema), defaultValues: { name: "", slug: "", logo: "" } });
  const name = form.watch("name");
  const slug = form.watch("slug");
  const slugCheck = useSlugCheck(slug);

  useEffect(() => {
    if (!slugEdited) form.setValue("slug", suggestSlug(name), { shouldValidate: form.formState.isSubmitted });
  }, [name, slugEdited, form]);
  const resetAll = useEffectEvent(() => {
    form.reset();
    setSlugEdited(false);
    create.reset();
  });
  useEffect(() => {
    if (!open) resetAll();
  }, [open]);

  const submit = form.handleSubmit(async (values) => {
    if (slugCheck.taken) return;
    try {
      const organization = await create.mutateAsync({ name: values.name, slug: values.slug, logo: values.logo || null });
      onOpenChange(false);
      void navigate({ to: "/organizations/$organizationId", params: { organizationId: organization.id } });
    } catch {
      /* shown below from create.error */
    }
  });

  const slugField = form.register("slug", { onChange: () => setSlugEdited(true) });
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t("create.title")} description={t("create.description")}>
      <form className="stack" onSubmit={submit} noValidate>
        <TextField label={t("form.name")} autoComplete="organization" error={form.formState.errors.name?.message} {...form.register("name")} />
        <TextField
          label={t("form.slug")}
          autoComplete="off"
          spellCheck={false}
          hint={slugCheck.hint}
          error={form.formState.errors.slug?.message ?? slugCheck.error}
          {...slugField}
        />
        <TextField label={t("form.logo")} type="url" inputMode="url" placeholder="https://" hint={t("form.logoHint")} error={form.formState.errors.logo?.message} {...form.register("logo")} />
        <FormError error={create.error} />
        <DialogFooter onCancel={() => onOpenChange(false)}>
          <Button type="submit" variant="primary" busy={create.isPending} disabled={slugCheck.taken}>
            {t("create.submit")}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
