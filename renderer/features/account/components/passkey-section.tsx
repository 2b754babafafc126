/** The person's passkeys: add one (the browser's WebAuthn dialog), rename and delete. */
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import type { Passkey } from "../../../../shared/contract/passkey";
import { errorText, toastError } from "../../../ui/errors";
import { Button } from "../../../ui/button";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { DataTable } from "../../../ui/data-table";
import { Dialog } from "../../../ui/dialog";
import { TextField } from "../../../ui/field";
import { FormError } from "../../../ui/form-error";
import { formatDateTime } from "../../../ui/format";
import { Section } from "../../../ui/page";
import { QueryStates } from "../../../ui/query-states";
import { EmptyState } from "../../../ui/states";
import { useAddPasskey, useDeletePasskey, usePasskeys, useRenamePasskey } from "../queries";
import { passkeySupport, type PasskeySupport } from "../../../app/passkey-support";

function RenameDialog({ passkey, onClose }: { passkey: Passkey | null; onClose(): void }) {
  const { t } = useTranslation("two-factor");
  const rename = useRenamePasskey();
  const [name, setName] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!passkey) return;
    rename.mutate({ id: passkey.id, name }, { onSuccess: () => onClose(), onError: toastError });
  };
  return (
    <Dialog open={passkey !== null} onOpenChange={(open) => !open && onClose()} title={t("passkeys.renameTitle")}>
      <form className="stack" noValidate onSubmit={submit}>
        <TextField label={t("passkeys.name")} defaultValue={passkey?.name ?? ""} onChange={(event) => setName(event.target.value)} autoFocus />
        <div className="row">
          <Button type="submit" variant="primary" busy={rename.isPending} disabled={!name.trim()}>
            {t("passkeys.save")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

export function PasskeysSection() {
  const { t } = useTranslation("two-factor");
  const passkeys = usePasskeys();
  const add = useAddPasskey();
  const remove = useDeletePasskey();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<Passkey | null>(null);
  const [deleting, setDeleting] = useState<Passkey | null>(null);
  const list = passkeys.data ?? [];
  const label = (passkey: Passkey) => passkey.name ?? t("passkeys.unnamed");
  const support = passkeySupport();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await add.mutateAsync(name);
      setName("");
      toast.success(t("passkeys.added"));
    } catch (caught) {
      setError(errorText(caught));
    }
  };

  return (
    <Section title={t("passkeys.title")} description={t("passkeys.description")}>
      {support.ok ? (
        <form className="stack account-form" noValidate onSubmit={submit}>
          <FormError>{error}</FormError>
          <TextField label={t("passkeys.newName")} hint={t("passkeys.newNameHint")} value={name} onChange={(event) => setName(event.target.value)} />
          <div className="row">
            <Button type="submit" variant="primary" busy={add.isPending}>
              {t("passkeys.add")}
            </Button>
          </div>
        </form>
      ) : (
        <PasskeysUnavailable support={support} />
      )}
      <QueryStates query={passkeys} isEmpty={list.length === 0} empty={<EmptyState title={t("passkeys.empty")} />}>
        <DataTable caption={t("passkeys.title")} columns={[t("passkeys.name"), t("passkeys.created")]} actionsLabel={t("passkeys.actions")}>
          {list.map((passkey) => (
            <tr key={passkey.id}>
              <td>{label(passkey)}</td>
              <td>{formatDateTime(passkey.createdAt)}</td>
              <td>
                <div className="row">
                  <Button size="small" aria-label={t("passkeys.renameLabel", { name: label(passkey) })} onClick={() => setRenaming(passkey)}>
                    {t("passkeys.rename")}
                  </Button>
                  <Button size="small" variant="danger" aria-label={t("passkeys.deleteLabel", { name: label(passkey) })} onClick={() => setDeleting(passkey)}>
                    {t("passkeys.delete")}
                  </Button>
                </div>
              </td>
            </tr>
          ))}
        </DataTable>
      </QueryStates>
      <RenameDialog key={renaming?.id ?? "none"} passkey={renaming} onClose={() => setRenaming(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t("passkeys.deleteTitle")}
        description={deleting ? t("passkeys.deleteBody", { name: label(deleting) }) : ""}
        confirmLabel={t("passkeys.delete")}
        busy={remove.isPending}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, { onSuccess: () => setDeleting(null), onError: toastError });
        }}
      />
    </Section>
  );
}

/** Why no passkey can be added on this address, and where one can (issue 33). */
function PasskeysUnavailable({ support }: { support: Exclude<PasskeySupport, { ok: true }> }) {
  const { t } = useTranslation("two-factor");
  if (support.reason === "ip-local")
    return (
      <p className="passkeys-unavailable">
        {t("passkeys.unavailableLocalIp", { host: support.host })} <a href={support.url}>{support.url}</a>
      </p>
    );
  return <p className="passkeys-unavailable">{t(support.reason === "ip" ? "passkeys.unavailableIp" : support.reason === "insecure" ? "passkeys.unavailableInsecure" : "passkeys.unavailableBrowser", { host: support.host })}</p>;
}
