/**
 * The organization's SCIM connections (owners only, issue 36): each with its creation, last
 * activity and people provisioned; a new bearer token is shown once with a copy button (the server
 * keeps only its digest), and a token is revoked here.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "../../../ui/button";
import { DataTable } from "../../../ui/data-table";
import { Dialog } from "../../../ui/dialog";
import { TextField } from "../../../ui/field";
import { FormError } from "../../../ui/form-error";
import { formatDate, formatDateTime } from "../../../ui/format";
import { Section } from "../../../ui/page";
import { QueryStates } from "../../../ui/query-states";
import { errorCode } from "../../../ui/errors";
import { EmptyState } from "../../../ui/states";
import { useOrganizationContext } from "../organization-context";
import { useCreateScimToken, useRevokeScimToken, useScimConnections } from "../sso-queries";

export function ScimSection() {
  const { t } = useTranslation("organization");
  const { organization } = useOrganizationContext();
  const connections = useScimConnections(organization.id);
  const create = useCreateScimToken(organization.id);
  const revoke = useRevokeScimToken(organization.id);
  const [name, setName] = useState("");
  const [invalid, setInvalid] = useState(false);
  const [shown, setShown] = useState<{ token: string; url: string; name: string } | null>(null);
  const [copied, setCopied] = useState(false);
  const list = connections.data?.connections ?? [];
  // A server with SCIM off answers SCIM_DISABLED: nothing to offer here, and nothing went wrong.
  if (errorCode(connections.error) === "SCIM_DISABLED") return null;

  return (
    <Section title={t("scim.title")} description={t("scim.description")}>
      <form
        className="org-toolbar org-toolbar-start"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const trimmed = name.trim();
          const valid = /^[A-Za-z0-9][A-Za-z0-9 ._-]{0,63}$/.test(trimmed);
          setInvalid(!valid);
          if (!valid) return;
          create.mutate(trimmed, {
            onSuccess: (answer) => {
              setName("");
              setShown({ token: answer.token, url: answer.scimBaseURL, name: answer.connection.name });
            },
          });
        }}
      >
        <TextField label={t("scim.name")} hint={t("scim.nameHint")} value={name} onChange={(event) => setName(event.target.value)} maxLength={64} error={invalid ? t("scim.nameInvalid") : undefined} autoComplete="off" />
        <Button type="submit" variant="primary" busy={create.isPending}>
          {t("scim.createToken")}
        </Button>
      </form>
      <FormError error={create.error ?? revoke.error} />
      <QueryStates query={connections} isEmpty={list.length === 0} empty={<EmptyState title={t("scim.emptyTitle")}>{t("scim.emptyBody")}</EmptyState>}>
        <DataTable caption={t("scim.title")} stacked columns={[t("scim.connection"), t("scim.created"), t("scim.lastActivity"), t("scim.users"), t("scim.tokens")]}>
          {list.map((connection) => (
            <tr key={connection.id}>
              <td data-label={t("scim.connection")}>{connection.name}</td>
              <td data-label={t("scim.created")}>{formatDate(connection.createdAt)}</td>
              <td data-label={t("scim.lastActivity")}>{connection.lastActivityAt ? formatDateTime(connection.lastActivityAt) : t("scim.never")}</td>
              <td data-label={t("scim.users")}>{connection.users}</td>
              <td data-label={t("scim.tokens")}>
                {connection.configured ? (
                  <span className="muted">{t("scim.configured")}</span>
                ) : connection.tokens.length === 0 ? (
                  <span className="muted">{t("scim.noTokens")}</span>
                ) : (
                  <ul className="org-list" aria-label={t("scim.tokensOf", { name: connection.name })}>
                    {connection.tokens.map((token) => (
                      <li key={token.id}>
                        <span className="mono">{token.start}…</span>
                        <Button
                          size="small"
                          variant="ghost"
                          busy={revoke.isPending && revoke.variables === token.id}
                          aria-label={t("scim.revokeFor", { start: token.start, name: connection.name })}
                          onClick={() => revoke.mutate(token.id, { onSuccess: () => toast.success(t("scim.revoked", { name: connection.name })) })}
                        >
                          {t("scim.revoke")}
                        </Button>
                      </li>
                    ))}
                  </ul>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      </QueryStates>
      <Dialog
        open={shown !== null}
        onOpenChange={(open) => {
          if (!open) {
            setCopied(false);
            setShown(null);
          }
        }}
        title={t("scim.tokenTitle", { name: shown?.name ?? "" })}
        description={t("scim.tokenWarning")}
      >
        {shown ? (
          <div className="stack">
            <TextField label={t("scim.baseUrl")} value={shown.url} readOnly spellCheck={false} className="secret-value" onFocus={(event) => event.currentTarget.select()} />
            <TextField label={t("scim.token")} value={shown.token} readOnly spellCheck={false} className="secret-value" onFocus={(event) => event.currentTarget.select()} />
            <div className="dialog-footer">
              <Button onClick={() => void navigator.clipboard?.writeText(shown.token).then(() => setCopied(true), () => setCopied(false))}>{copied ? t("scim.copied") : t("scim.copy")}</Button>
              <Button
                variant="primary"
                onClick={() => {
                  setCopied(false);
                  setShown(null);
                }}
              >
                {t("scim.done")}
              </Button>
            </div>
          </div>
        ) : null}
      </Dialog>
    </Section>
  );
}
