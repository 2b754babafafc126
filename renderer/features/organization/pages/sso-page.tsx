/**
 * The organization's "Single sign-on" tab (owners and admins): its identity providers — add, edit,
 * remove, prove the domain by a DNS TXT record (or, for a server administrator, vouch for it by
 * hand) — and, for owners, the SCIM connections its directory provisions people through.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import type { SsoProvider } from "../../../../shared/contract/sso";
import { splitRoles } from "../../../../shared/permissions";
import { useAdminCan } from "../../../app/permissions";
import { Button } from "../../../ui/button";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { DataTable } from "../../../ui/data-table";
import { Dialog } from "../../../ui/dialog";
import { TextField } from "../../../ui/field";
import { FormError } from "../../../ui/form-error";
import { Section } from "../../../ui/page";
import { QueryStates } from "../../../ui/query-states";
import { Badge, EmptyState, ErrorState, Loading } from "../../../ui/states";
import { SsoProviderForm } from "../components/sso-provider-form";
import { ScimSection } from "../components/scim-section";
import { useOrganizationContext } from "../organization-context";
import { useDeleteProvider, useMarkDomainVerified, useSsoProviders, useVerificationRecords, useVerifyDomain } from "../sso-queries";
import "../organization.css";

export function SsoPage() {
  const { t } = useTranslation("organization");
  const { organization, role } = useOrganizationContext();
  const providers = useSsoProviders(organization.id);
  const [editing, setEditing] = useState<SsoProvider | "new" | null>(null);
  const [verifying, setVerifying] = useState<string | null>(null);
  const [removing, setRemoving] = useState<SsoProvider | null>(null);
  const list = providers.data ?? [];
  const isOwner = splitRoles(role).includes("owner");

  return (
    <div className="stack">
      <Section
        title={t("sso.title")}
        description={t("sso.description")}
        actions={
          <Button variant="primary" onClick={() => setEditing("new")}>
            {t("sso.addProvider")}
          </Button>
        }
      >
        <QueryStates query={providers} isEmpty={list.length === 0} empty={<EmptyState title={t("sso.emptyTitle")}>{t("sso.emptyBody")}</EmptyState>}>
          <DataTable caption={t("sso.title")} stacked columns={[t("sso.provider"), t("sso.type"), t("sso.issuer"), t("sso.domain")]} actionsLabel={t("sso.actions")}>
            {list.map((provider) => (
              <tr key={provider.providerId}>
                <td data-label={t("sso.provider")} className="mono">
                  {provider.providerId}
                </td>
                <td data-label={t("sso.type")}>{provider.type === "saml" ? t("sso.typeSaml") : t("sso.typeOidc")}</td>
                <td data-label={t("sso.issuer")} className="mono">
                  {provider.issuer}
                </td>
                <td data-label={t("sso.domain")}>
                  <span className="row">
                    <span className="mono">{provider.domain}</span>
                    {provider.domainVerified ? <Badge tone="good">{t("sso.verified")}</Badge> : <Badge tone="warn">{t("sso.unverified")}</Badge>}
                  </span>
                </td>
                <td>
                  <span className="row">
                    {provider.domainVerified ? null : (
                      <Button size="small" onClick={() => setVerifying(provider.providerId)} aria-label={t("sso.verifyFor", { id: provider.providerId })}>
                        {t("sso.verify")}
                      </Button>
                    )}
                    <Button size="small" onClick={() => setEditing(provider)} aria-label={t("sso.editFor", { id: provider.providerId })}>
                      {t("sso.edit")}
                    </Button>
                    <Button size="small" variant="ghost" onClick={() => setRemoving(provider)} aria-label={t("sso.removeFor", { id: provider.providerId })}>
                      {t("sso.remove")}
                    </Button>
                  </span>
                </td>
              </tr>
            ))}
          </DataTable>
        </QueryStates>
      </Section>
      {isOwner ? <ScimSection /> : null}
      <Dialog open={editing !== null} onOpenChange={(open) => (open ? undefined : setEditing(null))} title={editing === "new" ? t("sso.addTitle") : t("sso.editTitle", { id: editing?.providerId ?? "" })} wide>
        {editing !== null ? (
          <SsoProviderForm
            organizationId={organization.id}
            editing={editing === "new" ? null : editing}
            onCancel={() => setEditing(null)}
            onDone={(answer) => {
              setEditing(null);
              // A new domain is proved next: the record to publish is what the person needs now.
              if (answer.domainVerificationToken) setVerifying(answer.providerId);
            }}
          />
        ) : null}
      </Dialog>
      <VerifyDialog providerId={verifying} organizationId={organization.id} onClose={() => setVerifying(null)} />
      <RemoveDialog provider={removing} organizationId={organization.id} onClose={() => setRemoving(null)} />
    </div>
  );
}

function VerifyDialog({ providerId, organizationId, onClose }: { providerId: string | null; organizationId: string; onClose(): void }) {
  const { t } = useTranslation("organization");
  const records = useVerificationRecords(providerId);
  const verify = useVerifyDomain(organizationId);
  const mark = useMarkDomainVerified(organizationId);
  const administrator = useAdminCan({ user: ["list"] });
  const close = () => {
    verify.reset();
    mark.reset();
    onClose();
  };
  const verified = () => {
    toast.success(t("sso.domainVerified", { id: providerId ?? "" }));
    close();
  };
  return (
    <Dialog open={providerId !== null} onOpenChange={(open) => (open ? undefined : close())} title={t("sso.verifyTitle", { id: providerId ?? "" })} description={t("sso.verifyBody")} wide>
      {records.isPending ? (
        <Loading />
      ) : records.isError ? (
        <ErrorState error={records.error} />
      ) : (
        <div className="stack">
          {records.data.domainVerificationRecords.map((record) => (
            <div className="stack" key={record.name}>
              <TextField label={t("sso.recordName")} value={record.name} readOnly spellCheck={false} className="secret-value" onFocus={(event) => event.currentTarget.select()} />
              <TextField label={t("sso.recordValue")} value={record.value} readOnly spellCheck={false} className="secret-value" onFocus={(event) => event.currentTarget.select()} />
            </div>
          ))}
          <FormError error={verify.error ?? mark.error} />
          <div className="dialog-footer">
            {administrator ? (
              <Button busy={mark.isPending} onClick={() => providerId && mark.mutate(providerId, { onSuccess: verified })}>
                {t("sso.markVerified")}
              </Button>
            ) : null}
            <Button variant="primary" busy={verify.isPending} onClick={() => providerId && verify.mutate(providerId, { onSuccess: verified })}>
              {t("sso.checkDns")}
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}

function RemoveDialog({ provider, organizationId, onClose }: { provider: SsoProvider | null; organizationId: string; onClose(): void }) {
  const { t } = useTranslation("organization");
  const remove = useDeleteProvider(organizationId);
  return (
    <ConfirmDialog
      open={provider !== null}
      onOpenChange={(open) => {
        if (!open) {
          remove.reset();
          onClose();
        }
      }}
      title={t("sso.removeTitle", { id: provider?.providerId ?? "" })}
      description={t("sso.removeBody")}
      confirmLabel={t("sso.removeConfirm")}
      busy={remove.isPending}
      onConfirm={() =>
        provider &&
        remove.mutate(provider.providerId, {
          onSuccess: () => {
            toast.success(t("sso.removed", { id: provider.providerId }));
            onClose();
          },
        })
      }
    >
      <FormError error={remove.error} />
    </ConfirmDialog>
  );
}
