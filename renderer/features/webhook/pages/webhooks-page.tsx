/**
 * Administration → Webhooks (issue 38): the endpoints that receive audit events, and the delivery
 * log with its filters, each delivery's payload, and a redeliver button per delivery. Registering and rotating happen in
 * the CLI or the admin API, where the secret is shown once (docs/webhooks.md).
 */
import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { AdminGate } from "../../../app/admin-gate";
import { Button } from "../../../ui/button";
import { DataTable } from "../../../ui/data-table";
import { toastError } from "../../../ui/errors";
import { SelectField, TextField } from "../../../ui/field";
import { formatDateTime, formatRelative } from "../../../ui/format";
import { Page } from "../../../ui/page";
import { Badge, EmptyState, ErrorState, Loading } from "../../../ui/states";
import { useRedeliver, useWebhookDeliveries, useWebhookEndpoints, type DeliveryStatus, type WebhookDelivery } from "../queries";
import "../webhook.css";

export function WebhooksPage() {
  const { t } = useTranslation("webhook");
  return (
    <Page title={t("title")} description={t("description")}>
      <AdminGate request={{ webhook: ["read"] }} denied={<EmptyState title={t("notAllowedTitle")}>{t("notAllowedBody")}</EmptyState>}>
        <Webhooks />
      </AdminGate>
    </Page>
  );
}

function Webhooks() {
  const { t } = useTranslation("webhook");
  const endpoints = useWebhookEndpoints();
  if (endpoints.isPending) return <Loading />;
  if (endpoints.isError) return <ErrorState error={endpoints.error} onRetry={() => void endpoints.refetch()} />;
  const list = endpoints.data.endpoints;
  return (
    <div className="stack">
      {list.length === 0 ? (
        <EmptyState title={t("endpoints.empty")}>{t("endpoints.emptyBody")}</EmptyState>
      ) : (
        <DataTable caption={t("endpoints.caption")} columns={[t("endpoints.url"), t("endpoints.events"), t("endpoints.state")]} stacked>
          {list.map((endpoint) => (
            <tr key={endpoint.id}>
              <td className="mono stacked-full" data-label={t("endpoints.url")}>
                {endpoint.url}
              </td>
              <td className="mono" data-label={t("endpoints.events")}>
                {endpoint.events.join(", ")}
              </td>
              <td data-label={t("endpoints.state")}>
                {endpoint.disabled ? <Badge>{t("endpoints.disabled")}</Badge> : endpoint.failing ? <Badge tone="bad">{t("endpoints.failing")}</Badge> : <Badge tone="good">{t("endpoints.enabled")}</Badge>}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <Deliveries endpoints={list.map((endpoint) => ({ id: endpoint.id, url: endpoint.url }))} />
    </div>
  );
}

const STATUSES: DeliveryStatus[] = ["pending", "delivered", "failed"];

function Deliveries({ endpoints }: { endpoints: Array<{ id: string; url: string }> }) {
  const { t } = useTranslation("webhook");
  const [draft, setDraft] = useState({ endpointId: "", status: "", eventType: "" });
  const [filter, setFilter] = useState(draft);
  const deliveries = useWebhookDeliveries({
    endpointId: filter.endpointId || undefined,
    status: (filter.status || undefined) as DeliveryStatus | undefined,
    eventType: filter.eventType.trim() || undefined,
  });
  const urlOf = new Map(endpoints.map((endpoint) => [endpoint.id, endpoint.url]));

  function submit(event: FormEvent) {
    event.preventDefault();
    setFilter(draft);
  }

  return (
    <section className="stack" aria-labelledby="webhook-deliveries">
      <h2 id="webhook-deliveries">{t("deliveries.heading")}</h2>
      <form className="card" aria-label={t("deliveries.filter")} onSubmit={submit}>
        <div className="row">
          <SelectField
            label={t("deliveries.endpoint")}
            value={draft.endpointId}
            onChange={(event) => setDraft({ ...draft, endpointId: event.target.value })}
            options={[{ value: "", label: t("deliveries.anyEndpoint") }, ...endpoints.map((endpoint) => ({ value: endpoint.id, label: endpoint.url }))]}
          />
          <SelectField
            label={t("deliveries.status")}
            value={draft.status}
            onChange={(event) => setDraft({ ...draft, status: event.target.value })}
            options={[{ value: "", label: t("deliveries.anyStatus") }, ...STATUSES.map((status) => ({ value: status, label: t(`statuses.${status}`) }))]}
          />
          <TextField label={t("deliveries.event")} hint={t("deliveries.eventHint")} value={draft.eventType} onChange={(event) => setDraft({ ...draft, eventType: event.target.value })} autoComplete="off" spellCheck={false} />
          <Button type="submit" variant="primary">
            {t("deliveries.apply")}
          </Button>
        </div>
      </form>
      {deliveries.isPending ? (
        <Loading />
      ) : deliveries.isError ? (
        <ErrorState error={deliveries.error} onRetry={() => void deliveries.refetch()} />
      ) : deliveries.data.deliveries.length === 0 ? (
        <EmptyState title={t("deliveries.empty")}>{t("deliveries.emptyBody")}</EmptyState>
      ) : (
        <DataTable caption={t("deliveries.caption")} columns={[t("deliveries.eventColumn"), t("deliveries.endpoint"), t("deliveries.status"), t("deliveries.lastTry"), t("deliveries.created"), t("deliveries.actions")]} stacked>
          {deliveries.data.deliveries.map((delivery) => (
            <DeliveryRow key={delivery.id} delivery={delivery} url={urlOf.get(delivery.endpointId) ?? delivery.endpointId} />
          ))}
        </DataTable>
      )}
    </section>
  );
}

const TONES = { pending: "warn", delivered: "good", failed: "bad" } as const;

function DeliveryRow({ delivery, url }: { delivery: WebhookDelivery; url: string }) {
  const { t } = useTranslation("webhook");
  const redeliver = useRedeliver();
  const last = delivery.tries[delivery.tries.length - 1];
  const [open, setOpen] = useState(false);
  const payloadId = useId();
  const row = (
    <tr>
      <td data-label={t("deliveries.eventColumn")}>
        <span className="mono">{delivery.eventType}</span>
        <br />
        <Button size="small" variant="ghost" className="webhook-payload-toggle" aria-expanded={open} aria-controls={payloadId} onClick={() => setOpen(!open)}>
          {t("deliveries.payload")}
        </Button>
      </td>
      <td className="mono stacked-full" data-label={t("deliveries.endpoint")}>
        {url}
      </td>
      <td data-label={t("deliveries.status")}>
        <Badge tone={TONES[delivery.status]}>{t(`statuses.${delivery.status}`)}</Badge>
      </td>
      <td data-label={t("deliveries.lastTry")}>
        {last ? t("deliveries.try", { count: delivery.attempts, result: last.httpStatus ?? last.error ?? "", ms: last.durationMs }) : t("deliveries.notTried")}
      </td>
      <td data-label={t("deliveries.created")}>
        <time dateTime={delivery.createdAt} title={formatDateTime(delivery.createdAt)}>
          {formatRelative(delivery.createdAt)}
        </time>
      </td>
      <td data-label={t("deliveries.actions")}>
        <Button
          size="small"
          busy={redeliver.isPending}
          aria-label={t("deliveries.redeliverLabel", { event: delivery.eventType, id: delivery.id })}
          onClick={() =>
            redeliver.mutate(delivery.id, {
              onSuccess: () => toast.success(t("deliveries.redelivered")),
              onError: (error) => toastError(error),
            })
          }
        >
          {t("deliveries.redeliver")}
        </Button>
      </td>
    </tr>
  );
  // Issue 38 item 4: what was (or will be) sent, readable while the receiver is offline. A row of
  // its own under the delivery, as wide as the table, so an open payload never widens a column.
  return (
    <>
      {row}
      {open ? (
        <tr className="webhook-payload-row">
          <td colSpan={6} className="stacked-full">
            <pre id={payloadId} tabIndex={0} aria-label={t("deliveries.payloadLabel", { event: delivery.eventType, id: delivery.id })}>
              {JSON.stringify(delivery.payload, null, 2)}
            </pre>
          </td>
        </tr>
      ) : null}
    </>
  );
}
