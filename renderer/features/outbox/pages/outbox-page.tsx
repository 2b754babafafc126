/**
 * The outbox viewer for offline demos: the mails the server kept instead of sending, newest first,
 * refreshed every few seconds, filterable by recipient. Opening a mail shows its text part (as
 * text, links made clickable) and its action link as a real same-tab link, so a demo finishes the
 * verify, reset, change-email, delete and invitation flows here. The HTML part is only ever shown
 * in a sandboxed iframe (no scripts, no same origin), never injected into the page.
 */
import { Tabs } from "radix-ui";
import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { AdminGate } from "../../../app/admin-gate";
import { Button } from "../../../ui/button";
import { TextField } from "../../../ui/field";
import { formatDateTime, formatRelative } from "../../../ui/format";
import { Page } from "../../../ui/page";
import { Badge, EmptyState, ErrorState, Loading } from "../../../ui/states";
import { useOutbox, type OutboxMail } from "../queries";
import { DataTable } from "../../../ui/data-table";
import "../outbox.css";

export function OutboxPage() {
  const { t } = useTranslation("outbox");
  return (
    <Page title={t("title")} description={t("description")}>
      <AdminGate request={{ user: ["list"] }} denied={<EmptyState title={t("notAllowedTitle")}>{t("notAllowedBody")}</EmptyState>}>
        <Outbox />
      </AdminGate>
    </Page>
  );
}

function Outbox() {
  const { t } = useTranslation("outbox");
  const [draft, setDraft] = useState("");
  const [recipient, setRecipient] = useState<string | undefined>();
  const [openId, setOpenId] = useState<string | undefined>();
  const outbox = useOutbox(recipient, true);
  const mails = useMemo(() => outbox.data?.pages.flatMap((page) => page.mails) ?? [], [outbox.data]);
  const enabled = outbox.data?.pages[0]?.enabled ?? true;
  const open = mails.find((mail) => mail.id === openId);

  function submit(event: FormEvent) {
    event.preventDefault();
    setRecipient(draft.trim() || undefined);
  }

  if (outbox.isPending) return <Loading />;
  if (outbox.isError && !outbox.data) return <ErrorState error={outbox.error} onRetry={() => void outbox.refetch()} />;
  if (!enabled) return <EmptyState title={t("smtpTitle")}>{t("smtpBody")}</EmptyState>;

  return (
    <div className="stack">
      <form className="card outbox-filter" aria-label={t("filter.label")} onSubmit={submit}>
        <div className="row outbox-filter-row">
          <TextField label={t("filter.recipient")} hint={t("filter.recipientHint")} type="text" inputMode="email" value={draft} onChange={(event) => setDraft(event.target.value)} autoComplete="off" spellCheck={false} />
          <Button type="submit" variant="primary">
            {t("filter.apply")}
          </Button>
          <Button
            onClick={() => {
              setDraft("");
              setRecipient(undefined);
            }}
            disabled={!recipient && !draft}
          >
            {t("filter.clear")}
          </Button>
        </div>
        <p className="muted outbox-note">{recipient ? t("filter.showing", { email: recipient }) : t("refreshing")}</p>
      </form>

      {mails.length === 0 ? (
        recipient ? (
          <EmptyState title={t("emptyFiltered", { email: recipient })}>{t("emptyFilteredBody")}</EmptyState>
        ) : (
          <EmptyState title={t("empty")}>{t("emptyBody")}</EmptyState>
        )
      ) : (
        <div className="outbox-layout">
          <div className="stack">
            <MailList mails={mails} openId={open?.id} onOpen={setOpenId} />
            {outbox.hasNextPage ? (
              <div>
                <Button onClick={() => void outbox.fetchNextPage()} busy={outbox.isFetchingNextPage}>
                  {t("loadOlder")}
                </Button>
              </div>
            ) : null}
            {outbox.isError ? <ErrorState error={outbox.error} onRetry={() => void outbox.refetch()} /> : null}
          </div>
          {open ? <MailView key={open.id} mail={open} onClose={() => setOpenId(undefined)} /> : <p className="muted outbox-none">{t("mail.none")}</p>}
        </div>
      )}
    </div>
  );
}

function kindLabel(t: (key: string) => string, exists: (key: string) => boolean, kind: string): string {
  return exists(`kinds.${kind}`) ? t(`kinds.${kind}`) : kind;
}

function MailList({ mails, openId, onOpen }: { mails: OutboxMail[]; openId: string | undefined; onOpen(id: string): void }) {
  const { t, i18n } = useTranslation("outbox");
  const exists = (key: string) => i18n.exists(key, { ns: "outbox" });
  return (
    <DataTable caption={t("table.caption")} columns={[t("table.subject"), t("table.to"), t("table.kind"), t("table.sent")]} className="outbox-table" stacked>
      {mails.map((mail) => (
        <tr key={mail.id} aria-selected={mail.id === openId}>
          <td className="outbox-subject stacked-full" data-label={t("table.subject")}>
            <button type="button" className="outbox-open" aria-pressed={mail.id === openId} onClick={() => onOpen(mail.id)}>
              {mail.subject}
            </button>
          </td>
          <td className="outbox-to stacked-full" data-label={t("table.to")}>
            {mail.to}
          </td>
          <td data-label={t("table.kind")}>
            <Badge tone="info">{kindLabel(t, exists, mail.kind)}</Badge>
          </td>
          <td className="outbox-sent" data-label={t("table.sent")}>
            <time dateTime={mail.createdAt} title={formatDateTime(mail.createdAt)}>
              {formatRelative(mail.createdAt)}
            </time>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

/** Plain text with its http(s) addresses turned into links; everything else stays text. */
function linkify(text: string): ReactNode[] {
  const parts = text.split(/(https?:\/\/[^\s<>"']+)/g);
  return parts.map((part, index) =>
    index % 2 === 1 ? (
      <a key={index} href={part}>
        {part}
      </a>
    ) : (
      part
    ),
  );
}

function isWebLink(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" || parsed.protocol === "https:";
  } catch {
    return false;
  }
}

function MailView({ mail, onClose }: { mail: OutboxMail; onClose(): void }) {
  const { t, i18n } = useTranslation("outbox");
  const exists = (key: string) => i18n.exists(key, { ns: "outbox" });
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  const action = exists(`actions.${mail.kind}`) ? t(`actions.${mail.kind}`) : t("actions.other");
  return (
    <article className="card outbox-mail" aria-label={t("mail.label", { subject: mail.subject })}>
      <header className="spread">
        <h2 ref={heading} tabIndex={-1}>
          {mail.subject}
        </h2>
        <Button variant="ghost" size="small" onClick={onClose}>
          {t("mail.close")}
        </Button>
      </header>
      <dl className="outbox-meta">
        <div>
          <dt>{t("mail.to")}</dt>
          <dd className="email">{mail.to}</dd>
        </div>
        <div>
          <dt>{t("mail.kind")}</dt>
          <dd>{kindLabel(t, exists, mail.kind)}</dd>
        </div>
        <div>
          <dt>{t("mail.sent")}</dt>
          <dd>
            <time dateTime={mail.createdAt}>{formatDateTime(mail.createdAt)}</time>
          </dd>
        </div>
      </dl>
      {isWebLink(mail.url) ? (
        <section className="outbox-link" aria-label={t("mail.link")}>
          <h3>{t("mail.link")}</h3>
          <p>
            <a className="button button-primary" href={mail.url}>
              {action}
            </a>
          </p>
          <p className="muted outbox-url mono">{mail.url}</p>
          <p className="field-hint">{t("mail.linkHint")}</p>
        </section>
      ) : null}
      <Tabs.Root defaultValue="text" className="outbox-tabs">
        <Tabs.List className="outbox-tab-list" aria-label={t("mail.label", { subject: mail.subject })}>
          <Tabs.Trigger value="text" className="outbox-tab">
            {t("mail.text")}
          </Tabs.Trigger>
          {mail.html ? (
            <Tabs.Trigger value="html" className="outbox-tab">
              {t("mail.htmlPreview")}
            </Tabs.Trigger>
          ) : null}
        </Tabs.List>
        <Tabs.Content value="text">
          <pre className="outbox-text">{linkify(mail.text)}</pre>
        </Tabs.Content>
        {mail.html ? (
          <Tabs.Content value="html" className="stack">
            <p className="field-hint">{t("mail.htmlNote")}</p>
            {/* sandbox="" : no scripts, no forms, no navigation, an opaque origin. */}
            <iframe className="outbox-html" title={t("mail.htmlTitle")} sandbox="" srcDoc={mail.html} referrerPolicy="no-referrer" />
          </Tabs.Content>
        ) : null}
      </Tabs.Root>
    </article>
  );
}
