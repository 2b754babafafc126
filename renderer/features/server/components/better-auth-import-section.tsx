/**
 * The last import from better-auth (issue 22): when it ran, who ran it, from where, and what it
 * did per table — so an administrator can see the move happened without reading the audit log.
 * Shown on the server page in the browser and on the desktop, to those who may read the audit log.
 */
import { useTranslation } from "react-i18next";
import type { BetterAuthImportWire } from "../../../../shared/contract/audit";
import { formatDateTime, formatNumber } from "../../../ui/format";
import { Section } from "../../../ui/page";
import { QueryStates } from "../../../ui/query-states";
import { Badge, EmptyState } from "../../../ui/states";
import { useLastBetterAuthImport } from "../queries";

const COUNTS = ["read", "inserted", "updated", "unchanged", "kept", "skipped"] as const;

export function BetterAuthImportSection() {
  const { t } = useTranslation("server");
  const query = useLastBetterAuthImport(true);
  const last = query.data?.lastImport ?? null;
  return (
    <Section title={t("import.title")} description={t("import.description")}>
      <QueryStates query={query} isEmpty={last === null} empty={<EmptyState title={t("import.none")}>{t("import.noneBody")}</EmptyState>}>
        {last ? <ImportSummary last={last} /> : null}
      </QueryStates>
    </Section>
  );
}

function ImportSummary({ last }: { last: BetterAuthImportWire }) {
  const { t } = useTranslation("server");
  return (
    <div className="import-summary">
      <dl className="server-facts" aria-label={t("import.factsLabel")}>
        <dt>{t("import.ranAt")}</dt>
        <dd>
          <time dateTime={last.at}>{formatDateTime(last.at)}</time>{" "}
          <span className="muted">{last.durationMs < 1000 ? t("import.tookMs", { ms: formatNumber(Math.round(last.durationMs)) }) : t("import.took", { seconds: formatNumber(Math.round(last.durationMs / 100) / 10) })}</span>
        </dd>
        <dt>{t("import.ranBy")}</dt>
        <dd>{last.actor ? (last.actor.email ?? last.actor.id) : t("import.ranByCommand")}</dd>
        <dt>{t("import.source")}</dt>
        <dd>
          <span className="row">
            <Badge tone="info">{t(`import.kind.${last.sourceKind}`)}</Badge>
            <code className="server-path">{last.source}</code>
          </span>
        </dd>
        <dt>{t("import.mode")}</dt>
        <dd>{last.dryRun ? <Badge tone="warn">{t("import.dryRun")}</Badge> : <Badge tone="good">{t("import.written")}</Badge>}</dd>
        <dt>{t("import.kept")}</dt>
        <dd>{formatNumber(last.totals.kept)}</dd>
        <dt>{t("import.skipped")}</dt>
        <dd>{formatNumber(last.totals.skipped)}</dd>
      </dl>
      <div className="table-wrap">
        <table className="table import-table">
          <caption className="visually-hidden">{t("import.tableLabel")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("import.column.table")}</th>
              {COUNTS.map((key) => (
                <th scope="col" key={key} className="numeric">
                  {t(`import.column.${key}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {last.tables.map((row) => (
              <tr key={row.table}>
                <th scope="row">
                  <code>{row.table}</code>
                </th>
                {COUNTS.map((key) => (
                  <td key={key} className="numeric">
                    {formatNumber(row[key])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
