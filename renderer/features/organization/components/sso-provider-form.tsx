/**
 * Adding or changing an identity provider (zod + react-hook-form): OpenID Connect (client id and
 * secret, discovery) or SAML (entry point, the IdP's metadata XML or its entity ID and certificate,
 * audience, signed assertions, NameID format), and for both the claim or attribute mapping: which
 * claim holds the email and the name, and which one sets a first sign-in's member role through a
 * `value=role` table (sso-mapping.ts). The client secret is write-only: the server never answers
 * it, so editing leaves it unchanged unless a new one is typed.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { z } from "zod";
import type { SsoProvider } from "../../../../shared/contract/sso";
import { Button } from "../../../ui/button";
import { DialogFooter } from "../../../ui/dialog-footer";
import { CheckboxField, SelectField, TextAreaField, TextField } from "../../../ui/field";
import { FormError } from "../../../ui/form-error";
import { useRegisterProvider, useUpdateProvider } from "../sso-queries";
import { formatRoleMap, NAME_ID_FORMATS, parseRoleMap, parseScopes } from "../sso-mapping";

const blank = (value: string) => value.trim() === "";
const trimmed = (value: string) => (blank(value) ? undefined : value.trim());

export function SsoProviderForm({ organizationId, editing, onDone, onCancel }: { organizationId: string; editing: SsoProvider | null; onDone(answer: { providerId: string; domainVerificationToken?: string | undefined }): void; onCancel(): void }) {
  const { t } = useTranslation("organization");
  const register = useRegisterProvider(organizationId);
  const update = useUpdateProvider(organizationId);
  const url = (value: string) => blank(value) || z.url().safeParse(value.trim()).success;
  const schema = z
    .object({
      type: z.enum(["oidc", "saml"]),
      providerId: z.string().trim().regex(/^[A-Za-z0-9._-]{1,64}$/, t("sso.form.providerIdInvalid")),
      issuer: z.string().trim().refine((value) => !blank(value) && url(value), t("sso.form.urlInvalid")),
      domain: z.string().trim().min(1, t("sso.form.domainRequired")),
      clientId: z.string(),
      clientSecret: z.string(),
      discoveryEndpoint: z.string().refine(url, t("sso.form.urlInvalid")),
      entryPoint: z.string().refine(url, t("sso.form.urlInvalid")),
      metadata: z.string(),
      entityID: z.string(),
      cert: z.string(),
      audience: z.string(),
      wantAssertionsSigned: z.boolean(),
      authnRequestsSigned: z.boolean(),
      identifierFormat: z.string(),
      scopes: z.string().refine((value) => parseScopes(value) !== null, t("sso.form.scopesInvalid")),
      pkce: z.boolean(),
      mappingEmail: z.string().trim().max(128, t("sso.form.claimTooLong")),
      mappingName: z.string().trim().max(128, t("sso.form.claimTooLong")),
      mappingRole: z.string().trim().max(128, t("sso.form.claimTooLong")),
      roleMap: z.string().refine((value) => parseRoleMap(value) !== null, t("sso.form.roleMapInvalid")),
    })
    .superRefine((values, ctx) => {
      const missing = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
      if (values.type === "oidc") {
        if (!editing && blank(values.clientId)) missing("clientId", t("sso.form.clientIdRequired"));
        if (!editing && blank(values.clientSecret)) missing("clientSecret", t("sso.form.clientSecretRequired"));
      } else {
        if (blank(values.entryPoint)) missing("entryPoint", t("sso.form.entryPointRequired"));
        if (!editing && blank(values.metadata) && (blank(values.entityID) || blank(values.cert))) missing("metadata", t("sso.form.metadataRequired"));
      }
      // A role table without the claim it reads would never apply.
      if (blank(values.mappingRole) && Object.keys(parseRoleMap(values.roleMap) ?? {}).length > 0) missing("mappingRole", t("sso.form.roleClaimRequired"));
    });
  type Values = z.infer<typeof schema>;
  const oidc = editing?.oidcConfig;
  const saml = editing?.samlConfig;
  const mapping = (oidc?.mapping ?? saml?.mapping ?? {}) as Record<string, unknown>;
  const mapped = (key: string) => (typeof mapping[key] === "string" ? (mapping[key] as string) : "");
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      type: editing?.type ?? "oidc",
      providerId: editing?.providerId ?? "",
      issuer: editing?.issuer ?? "",
      domain: editing?.domain ?? "",
      clientId: "",
      clientSecret: "",
      discoveryEndpoint: oidc?.discoveryEndpoint ?? "",
      entryPoint: saml?.entryPoint ?? "",
      metadata: "",
      entityID: "",
      cert: "",
      audience: saml?.audience ?? "",
      wantAssertionsSigned: saml?.wantAssertionsSigned ?? true,
      authnRequestsSigned: saml?.authnRequestsSigned ?? false,
      identifierFormat: saml?.identifierFormat ?? "",
      scopes: (oidc?.scopes ?? []).join(" "),
      pkce: oidc?.pkce ?? true,
      mappingEmail: mapped("email"),
      mappingName: mapped("name"),
      mappingRole: mapped("role"),
      roleMap: formatRoleMap(mapping.roleMap),
    },
  });
  const errors = form.formState.errors;
  const type = form.watch("type");
  const mutation = editing ? update : register;

  const submit = form.handleSubmit((values) => {
    const idpMetadata = !blank(values.metadata) ? { metadata: values.metadata } : !blank(values.entityID) || !blank(values.cert) ? { entityID: trimmed(values.entityID), cert: trimmed(values.cert) } : undefined;
    const oidcConfig = {
      clientId: trimmed(values.clientId),
      clientSecret: trimmed(values.clientSecret),
      discoveryEndpoint: trimmed(values.discoveryEndpoint),
      // Sent when set anew or changed: an edit that touches neither leaves the stored ones alone.
      scopes: values.scopes.trim() !== (oidc?.scopes ?? []).join(" ") && parseScopes(values.scopes)?.length ? parseScopes(values.scopes)! : undefined,
      pkce: values.pkce !== (oidc?.pkce ?? true) ? values.pkce : undefined,
      mapping: mappingOf(values),
    };
    const samlConfig = {
      entryPoint: trimmed(values.entryPoint),
      idpMetadata,
      audience: trimmed(values.audience),
      wantAssertionsSigned: values.wantAssertionsSigned,
      // Sent when set or changed: the server makes the key and certificate on first use.
      authnRequestsSigned: values.authnRequestsSigned !== (saml?.authnRequestsSigned ?? false) ? values.authnRequestsSigned : undefined,
      identifierFormat: trimmed(values.identifierFormat),
      mapping: mappingOf(values),
    };
    const chosen: Record<string, unknown> = values.type === "oidc" ? oidcConfig : samlConfig;
    const given = Object.fromEntries(Object.entries(chosen).filter(([, value]) => value !== undefined));
    // An edit that leaves every field of the configuration alone sends none of it.
    const config = editing && values.type === "oidc" && Object.keys(given).length === 0 ? {} : { [values.type === "oidc" ? "oidcConfig" : "samlConfig"]: given };
    const done = (answer: { providerId: string; domainVerificationToken?: string | undefined }) => {
      toast.success(t(editing ? "sso.updated" : "sso.added", { id: answer.providerId }));
      onDone(answer);
    };
    if (editing) {
      const changedDomain = values.domain.trim() !== editing.domain ? { domain: values.domain.trim() } : {};
      const changedIssuer = values.issuer.trim() !== editing.issuer ? { issuer: values.issuer.trim() } : {};
      update.mutate({ providerId: editing.providerId, ...changedIssuer, ...changedDomain, ...config } as never, { onSuccess: done });
    } else {
      register.mutate({ providerId: values.providerId.trim(), issuer: values.issuer.trim(), domain: values.domain.trim(), organizationId, ...config } as never, { onSuccess: done });
    }
  });

  // The mapping's defaults: better-auth's claim names for OpenID, the usual attribute names for SAML.
  const defaults = type === "saml" ? { email: "email", name: "displayName" } : { email: "email", name: "name" };
  const mappingFields = (
    <fieldset className="stack">
      <legend>{type === "saml" ? t("sso.form.attributeMapping") : t("sso.form.claimMapping")}</legend>
      <TextField label={t("sso.form.mappingEmail")} hint={t("sso.form.mappingDefault", { name: defaults.email })} autoComplete="off" spellCheck={false} error={errors.mappingEmail?.message} {...form.register("mappingEmail")} />
      <TextField label={t("sso.form.mappingName")} hint={t("sso.form.mappingDefault", { name: defaults.name })} autoComplete="off" spellCheck={false} error={errors.mappingName?.message} {...form.register("mappingName")} />
      <TextField label={t("sso.form.mappingRole")} hint={t("sso.form.mappingRoleHint")} autoComplete="off" spellCheck={false} error={errors.mappingRole?.message} {...form.register("mappingRole")} />
      <TextAreaField label={t("sso.form.roleMap")} hint={t("sso.form.roleMapHint")} rows={3} spellCheck={false} error={errors.roleMap?.message} {...form.register("roleMap")} />
    </fieldset>
  );

  return (
    <form className="stack" onSubmit={submit} noValidate>
      {editing ? null : (
        <SelectField
          label={t("sso.form.type")}
          options={[
            { value: "oidc", label: t("sso.typeOidc") },
            { value: "saml", label: t("sso.typeSaml") },
          ]}
          {...form.register("type")}
        />
      )}
      {editing ? null : <TextField label={t("sso.form.providerId")} hint={t("sso.form.providerIdHint")} autoComplete="off" spellCheck={false} error={errors.providerId?.message} {...form.register("providerId")} />}
      <TextField label={type === "saml" ? t("sso.form.spEntityId") : t("sso.form.issuer")} hint={type === "saml" ? t("sso.form.spEntityIdHint") : t("sso.form.issuerHint")} autoComplete="off" spellCheck={false} error={errors.issuer?.message} {...form.register("issuer")} />
      <TextField label={t("sso.form.domain")} hint={t("sso.form.domainHint")} autoComplete="off" spellCheck={false} error={errors.domain?.message} {...form.register("domain")} />
      {type === "oidc" ? (
        <>
          <TextField label={t("sso.form.clientId")} hint={editing ? t("sso.form.clientIdKeep", { last: oidc?.clientIdLastFour ?? "" }) : undefined} autoComplete="off" spellCheck={false} error={errors.clientId?.message} {...form.register("clientId")} />
          <TextField label={t("sso.form.clientSecret")} type="password" hint={editing ? t("sso.form.clientSecretKeep") : t("sso.form.clientSecretHint")} autoComplete="new-password" error={errors.clientSecret?.message} {...form.register("clientSecret")} />
          <TextField label={t("sso.form.discovery")} hint={t("sso.form.discoveryHint")} autoComplete="off" spellCheck={false} error={errors.discoveryEndpoint?.message} {...form.register("discoveryEndpoint")} />
          <TextField label={t("sso.form.scopes")} hint={t("sso.form.scopesHint")} autoComplete="off" spellCheck={false} error={errors.scopes?.message} {...form.register("scopes")} />
          <CheckboxField label={t("sso.form.pkce")} {...form.register("pkce")} />
          {mappingFields}
        </>
      ) : (
        <>
          <TextField label={t("sso.form.entryPoint")} autoComplete="off" spellCheck={false} error={errors.entryPoint?.message} {...form.register("entryPoint")} />
          <TextAreaField label={t("sso.form.metadata")} hint={editing ? t("sso.form.metadataKeep") : t("sso.form.metadataHint")} rows={4} spellCheck={false} error={errors.metadata?.message} {...form.register("metadata")} />
          <TextField label={t("sso.form.entityId")} autoComplete="off" spellCheck={false} {...form.register("entityID")} />
          <TextAreaField label={t("sso.form.cert")} rows={3} spellCheck={false} {...form.register("cert")} />
          <TextField label={t("sso.form.audience")} hint={t("sso.form.audienceHint")} autoComplete="off" spellCheck={false} {...form.register("audience")} />
          <CheckboxField label={t("sso.form.wantAssertionsSigned")} {...form.register("wantAssertionsSigned")} />
          <CheckboxField label={t("sso.form.authnRequestsSigned")} hint={t("sso.form.authnRequestsSignedHint")} {...form.register("authnRequestsSigned")} />
          <SelectField
            label={t("sso.form.identifierFormat")}
            hint={t("sso.form.identifierFormatHint")}
            options={[{ value: "", label: t("sso.form.nameId.idp") }, ...NAME_ID_FORMATS.map((format) => ({ value: format.value, label: t(`sso.form.nameId.${format.key}`) }))]}
            {...form.register("identifierFormat")}
          />
          {mappingFields}
        </>
      )}
      <FormError error={mutation.error} />
      <DialogFooter onCancel={onCancel}>
        <Button type="submit" variant="primary" busy={mutation.isPending}>
          {editing ? t("sso.form.save") : t("sso.form.add")}
        </Button>
      </DialogFooter>
    </form>
  );
}

/**
 * The claim (or attribute) mapping as the API takes it, or nothing when no field of it is typed
 * (the server's defaults then apply). The API wants email and name whenever a mapping is given.
 */
function mappingOf(values: { type: "oidc" | "saml"; mappingEmail: string; mappingName: string; mappingRole: string; roleMap: string }): Record<string, unknown> | undefined {
  const roleMap = parseRoleMap(values.roleMap) ?? {};
  if ([values.mappingEmail, values.mappingName, values.mappingRole].every(blank) && Object.keys(roleMap).length === 0) return undefined;
  return {
    email: trimmed(values.mappingEmail) ?? "email",
    name: trimmed(values.mappingName) ?? (values.type === "saml" ? "displayName" : "name"),
    ...(blank(values.mappingRole) ? {} : { role: values.mappingRole.trim() }),
    ...(Object.keys(roleMap).length ? { roleMap } : {}),
  };
}
