/**
 * The ways to sign in to this account: the password and any linked social accounts. The last
 * one cannot be unlinked (the button says why; the server refuses too). Each provider the server
 * offers and this account lacks gets a "Link" button: a round trip through the provider that
 * comes back here (with `?error=` when the server refused the link).
 */
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { errorText } from "../../../ui/errors";
import { Button } from "../../../ui/button";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { formatDate } from "../../../ui/format";
import { Section } from "../../../ui/page";
import { EmptyState } from "../../../ui/states";
import { useLinkedAccounts, useUnlinkAccount } from "../queries";
import { QueryStates } from "../../../ui/query-states";
import { FormError } from "../../../ui/form-error";
import { useReturnedSocialError } from "../../auth/components/social-sign-in";
import { useSocialProviders, useStartSocial } from "../../auth/queries";

type LinkedAccount = NonNullable<ReturnType<typeof useLinkedAccounts>["data"]>[number];

export function LinkedAccountsSection() {
  const { t } = useTranslation("account");
  const accounts = useLinkedAccounts();
  const unlink = useUnlinkAccount();
  const [pending, setPending] = useState<LinkedAccount | null>(null);
  const lastReasonId = useId();
  const { t: tAuth } = useTranslation("auth");
  const providers = useSocialProviders();
  const start = useStartSocial();
  const returned = useReturnedSocialError();
  const [linking, setLinking] = useState<string>();

  const names = new Map((providers.data ?? []).map((provider) => [provider.id, provider.name]));
  const providerName = (account: LinkedAccount) =>
    account.providerId === "credential" ? t("linked.credential") : (names.get(account.providerId) ?? account.providerId.charAt(0).toUpperCase() + account.providerId.slice(1));
  const list = accounts.data ?? [];
  const onlyOne = list.length <= 1;
  const linkable = (providers.data ?? []).filter((provider) => !list.some((account) => account.providerId === provider.id));

  return (
    <Section title={t("linked.title")} description={t("linked.description")}>
      <QueryStates query={accounts} isEmpty={list.length === 0} empty={<EmptyState title={t("linked.empty")} />}>
        <>
          <ul className="linked-list">
            {list.map((account) => (
              <li key={account.id} className="spread linked-item">
                <div>
                  <strong>{providerName(account)}</strong>
                  <p className="muted linked-meta">{t("linked.since", { date: formatDate(account.createdAt) })}</p>
                </div>
                <Button
                  size="small"
                  disabled={onlyOne}
                  aria-describedby={onlyOne ? lastReasonId : undefined}
                  aria-label={t("linked.unlinkLabel", { provider: providerName(account) })}
                  onClick={() => setPending(account)}
                >
                  {t("linked.unlink")}
                </Button>
              </li>
            ))}
          </ul>
          {onlyOne ? (
            <p id={lastReasonId} className="muted">
              {t("linked.lastReason")}
            </p>
          ) : null}
          {returned ? <FormError>{tAuth("social.failed", { code: returned })}</FormError> : null}
          <FormError error={start.error} />
          {linkable.length ? (
            <div className="row">
              {linkable.map((provider) => (
                <Button
                  key={provider.id}
                  size="small"
                  busy={linking === provider.id}
                  onClick={() => {
                    setLinking(provider.id);
                    start.mutate(
                      { provider: provider.id, callbackURL: "/console/account", errorCallbackURL: "/console/account", link: true },
                      { onError: () => setLinking(undefined) },
                    );
                  }}
                >
                  {t("linked.link", { provider: provider.name })}
                </Button>
              ))}
            </div>
          ) : null}
        </>
      </QueryStates>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={t("linked.unlinkTitle")}
        description={pending ? t("linked.unlinkBody", { provider: providerName(pending) }) : ""}
        confirmLabel={t("linked.unlink")}
        busy={unlink.isPending}
        onConfirm={() => {
          if (!pending) return;
          unlink.mutate(
            { providerId: pending.providerId, accountId: pending.accountId },
            {
              onSuccess: () => {
                toast.success(t("linked.unlinked"));
                setPending(null);
              },
              onError: (error) => {
                toast.error(errorText(error));
                setPending(null);
              },
            },
          );
        }}
      />
    </Section>
  );
}
