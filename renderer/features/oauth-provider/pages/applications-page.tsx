/**
 * Administration → Applications: the apps that sign people in through Latchkey (OpenID Connect
 * clients). Create one (a confidential app's secret is shown once), edit it, rotate its secret,
 * disable or enable it, delete it, and see who has granted it access.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { AdminGate } from "../../../app/admin-gate";
import { useAdminCan } from "../../../app/permissions";
import { Button } from "../../../ui/button";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { DataTable } from "../../../ui/data-table";
import { Dialog } from "../../../ui/dialog";
import { toastError } from "../../../ui/errors";
import { formatDate } from "../../../ui/format";
import { Menu, MenuItem, MenuSeparator } from "../../../ui/menu";
import { Page } from "../../../ui/page";
import { QueryStates } from "../../../ui/query-states";
import { Badge, EmptyState } from "../../../ui/states";
import { AppLogo } from "../components/app-logo";
import { ClientForm, type ClientFormValues } from "../components/client-form";
import { ClientGrantsDialog } from "../components/client-grants-dialog";
import { SecretDialog, type ShownSecret } from "../components/secret-dialog";
import { useCreateClient, useDeleteClient, useOAuthClients, useRotateSecret, useSetClientDisabled, useUpdateClient, type OAuthClient } from "../queries";
import "../oauth-provider.css";

const nameOf = (client: OAuthClient) => client.client_name || client.client_id;
const isPublic = (client: OAuthClient) => client.token_endpoint_auth_method === "none";

export function ApplicationsPage() {
  const { t } = useTranslation("oauth-provider");
  const canCreate = useAdminCan({ oauthClient: ["create"] });
  const [creating, setCreating] = useState(false);
  return (
    <Page
      title={t("apps.title")}
      description={t("apps.description")}
      actions={
        canCreate ? (
          <Button variant="primary" onClick={() => setCreating(true)}>
            {t("apps.create")}
          </Button>
        ) : null
      }
    >
      <AdminGate request={{ oauthClient: ["read"] }} denied={<EmptyState title={t("apps.notAllowedTitle")}>{t("apps.notAllowedBody")}</EmptyState>}>
        <Applications creating={creating} setCreating={setCreating} />
      </AdminGate>
    </Page>
  );
}

function Applications({ creating, setCreating }: { creating: boolean; setCreating(open: boolean): void }) {
  const { t } = useTranslation("oauth-provider");
  const canUpdate = useAdminCan({ oauthClient: ["update"] });
  const canDelete = useAdminCan({ oauthClient: ["delete"] });
  const clients = useOAuthClients(true);
  const create = useCreateClient();
  const update = useUpdateClient();
  const rotate = useRotateSecret();
  const setDisabled = useSetClientDisabled();
  const remove = useDeleteClient();
  const [secret, setSecret] = useState<ShownSecret | null>(null);
  const [editing, setEditing] = useState<OAuthClient | null>(null);
  const [rotating, setRotating] = useState<OAuthClient | null>(null);
  const [deleting, setDeleting] = useState<OAuthClient | null>(null);
  const [grantsOf, setGrantsOf] = useState<OAuthClient | null>(null);
  const list = clients.data ?? [];

  const onCreate = ({ isPublic: publicClient, ...values }: ClientFormValues) =>
    create.mutate(
      { ...values, ...(values.redirect_uris.length ? {} : { redirect_uris: undefined }), token_endpoint_auth_method: publicClient ? "none" : (values.token_endpoint_auth_method ?? "client_secret_basic") },
      {
        onSuccess: (created) => {
          setCreating(false);
          create.reset();
          toast.success(t("apps.created", { app: values.client_name }));
          if (created.client_secret) setSecret({ name: values.client_name, clientId: created.client_id, secret: created.client_secret, rotated: false });
        },
      },
    );
  const onEdit = ({ isPublic: _kind, ...values }: ClientFormValues) => {
    if (!editing) return;
    update.mutate(
      // An app without redirect URIs (client_credentials only) keeps none: the server needs at least one when given.
      { client_id: editing.client_id, update: { ...values, redirect_uris: values.redirect_uris.length ? values.redirect_uris : undefined } },
      {
        onSuccess: () => {
          toast.success(t("apps.saved", { app: values.client_name }));
          setEditing(null);
          update.reset();
        },
      },
    );
  };
  const toggle = (client: OAuthClient) =>
    setDisabled.mutate(
      { client_id: client.client_id, disabled: !client.disabled },
      { onSuccess: () => toast.success(client.disabled ? t("apps.enabled", { app: nameOf(client) }) : t("apps.disabled", { app: nameOf(client) })), onError: toastError },
    );

  return (
    <>
      <QueryStates query={clients} isEmpty={list.length === 0} empty={<EmptyState title={t("apps.empty")}>{t("apps.emptyBody")}</EmptyState>}>
        <DataTable caption={t("apps.title")} columns={[t("apps.name"), t("apps.clientId"), t("apps.type"), t("apps.status"), t("apps.createdAt")]} actionsLabel={t("apps.actions")}>
          {list.map((client) => (
            <tr key={client.client_id}>
              <td>
                <span className="app-name-cell">
                  <AppLogo name={nameOf(client)} logoUri={client.logo_uri} size={28} />
                  <strong>{nameOf(client)}</strong>
                </span>
              </td>
              <td>
                <code className="client-id">{client.client_id}</code>
              </td>
              <td>{isPublic(client) ? t("apps.public") : t("apps.confidential")}</td>
              <td>{client.disabled ? <Badge tone="bad">{t("apps.statusDisabled")}</Badge> : <Badge tone="good">{t("apps.statusActive")}</Badge>}</td>
              <td>{client.client_id_issued_at ? formatDate(client.client_id_issued_at * 1000) : ""}</td>
              <td>
                <Menu
                  label={t("apps.manageLabel", { app: nameOf(client) })}
                  trigger={
                    <Button size="small">{t("apps.manage")}</Button>
                  }
                >
                  <MenuItem onSelect={() => setGrantsOf(client)}>{t("apps.whoHasAccess")}</MenuItem>
                  {canUpdate ? <MenuItem onSelect={() => setEditing(client)}>{t("apps.edit")}</MenuItem> : null}
                  {canUpdate && !isPublic(client) ? <MenuItem onSelect={() => setRotating(client)}>{t("apps.rotate")}</MenuItem> : null}
                  {canUpdate ? <MenuItem onSelect={() => toggle(client)}>{client.disabled ? t("apps.enable") : t("apps.disable")}</MenuItem> : null}
                  {canDelete ? (
                    <>
                      <MenuSeparator />
                      <MenuItem destructive onSelect={() => setDeleting(client)}>
                        {t("apps.delete")}
                      </MenuItem>
                    </>
                  ) : null}
                </Menu>
              </td>
            </tr>
          ))}
        </DataTable>
      </QueryStates>

      <Dialog
        open={creating}
        onOpenChange={(open) => {
          setCreating(open);
          if (!open) create.reset();
        }}
        title={t("apps.createTitle")}
        description={t("apps.createDescription")}
        wide
      >
        <ClientForm busy={create.isPending} error={create.error} onCancel={() => setCreating(false)} onSubmit={onCreate} />
      </Dialog>
      <Dialog
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) {
            setEditing(null);
            update.reset();
          }
        }}
        title={t("apps.editTitle", { app: editing ? nameOf(editing) : "" })}
        wide
      >
        {editing ? <ClientForm key={editing.client_id} client={editing} busy={update.isPending} error={update.error} onCancel={() => setEditing(null)} onSubmit={onEdit} /> : null}
      </Dialog>
      <ConfirmDialog
        open={rotating !== null}
        onOpenChange={(open) => !open && setRotating(null)}
        title={t("apps.rotateTitle", { app: rotating ? nameOf(rotating) : "" })}
        description={t("apps.rotateBody")}
        confirmLabel={t("apps.rotate")}
        busy={rotate.isPending}
        onConfirm={() => {
          if (!rotating) return;
          const client = rotating;
          rotate.mutate(client.client_id, {
            onSuccess: (rotated) => {
              setRotating(null);
              setSecret({ name: nameOf(client), clientId: client.client_id, secret: rotated.client_secret, rotated: true });
            },
            onError: toastError,
          });
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t("apps.deleteTitle", { app: deleting ? nameOf(deleting) : "" })}
        description={t("apps.deleteBody")}
        confirmLabel={t("apps.delete")}
        confirmText={deleting ? nameOf(deleting) : undefined}
        busy={remove.isPending}
        onConfirm={() => {
          if (!deleting) return;
          const client = deleting;
          remove.mutate(client.client_id, {
            onSuccess: () => {
              toast.success(t("apps.deleted", { app: nameOf(client) }));
              setDeleting(null);
            },
            onError: toastError,
          });
        }}
      />
      <SecretDialog shown={secret} onClose={() => setSecret(null)} />
      <ClientGrantsDialog client={grantsOf} onClose={() => setGrantsOf(null)} />
    </>
  );
}
