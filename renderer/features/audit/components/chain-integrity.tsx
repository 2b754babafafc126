/**
 * The audit log's tamper evidence in the console (issue 38): "Verify the chain" says in words what
 * the server found (events checked, where checking started, or the first event that breaks the
 * chain, by action, time and id), and "Export signed" fetches a time range's JSON lines with their
 * detached signature and offers both as files. Each part shows only to administrators whose role
 * grants it (`audit:verify`, `audit:export`); the server checks again.
 */
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useAdminCan } from "../../../app/permissions";
import { Button } from "../../../ui/button";
import { downloadText } from "../../../ui/download";
import { errorCode } from "../../../ui/errors";
import { TextField } from "../../../ui/field";
import { formatDateTime, formatNumber } from "../../../ui/format";
import { Badge, ErrorState, Loading } from "../../../ui/states";
import { useExportAuditLog, useVerifyAuditChain, type AuditChainVerdict, type SignedAuditExport } from "../queries";

export function ChainIntegrity() {
  const { t } = useTranslation("audit");
  const canVerify = useAdminCan({ audit: ["verify"] });
  const canExport = useAdminCan({ audit: ["export"] });
  if (!canVerify && !canExport) return null;
  return (
    // Closed until asked for: the log itself stays the first thing on the page, on a phone too.
    <section className="card audit-integrity" aria-labelledby="audit-integrity-heading">
      <details>
        <summary>
          <h2 id="audit-integrity-heading">{t("chain.heading")}</h2> <span className="muted">{t("chain.summary")}</span>
        </summary>
        <div className="stack audit-integrity-body">
          <p className="muted">{t("chain.intro")}</p>
          <div className="audit-integrity-parts">
            {canVerify ? <VerifyChain /> : null}
            {canExport ? <ExportSigned /> : null}
          </div>
        </div>
      </details>
    </section>
  );
}

function VerifyChain() {
  const { t } = useTranslation("audit");
  const verify = useVerifyAuditChain();
  return (
    <div className="stack audit-integrity-part">
      <h3>{t("chain.verifyHeading")}</h3>
      <p className="muted">{t("chain.verifyHint")}</p>
      <div>
        <Button variant="primary" busy={verify.isPending} onClick={() => verify.mutate()}>
          {t("chain.verify")}
        </Button>
      </div>
      {verify.isPending ? <Loading label={t("chain.verifying")} /> : null}
      {verify.isError ? <ErrorState error={verify.error} onRetry={() => verify.mutate()} /> : null}
      {verify.isSuccess ? <Verdict verdict={verify.data} /> : null}
    </div>
  );
}

/** An action in words when the catalogue has them, else its code. */
function useActionWords() {
  const { t, i18n } = useTranslation("audit");
  return (action: string | null) => (action === null ? t("chain.unknownAction") : i18n.exists(`actions.${action}`, { ns: "audit" }) ? t(`actions.${action}`) : action);
}

function Verdict({ verdict }: { verdict: AuditChainVerdict }) {
  const { t } = useTranslation("audit");
  const actionWords = useActionWords();
  const start = verdict.checkpoint
    ? t("chain.fromCheckpoint", { index: verdict.checkpoint.chainIndex, seq: verdict.checkpoint.seq })
    : t("chain.fromFirst");
  const checked = t("chain.checked", { count: verdict.checked, formatted: formatNumber(verdict.checked) });
  const broken = verdict.firstBreak;
  if (!broken) {
    return (
      <div className="audit-verdict audit-verdict-ok" role="status">
        <p>
          <Badge tone="good">{t("chain.intact")}</Badge> {verdict.checked === 0 && !verdict.checkpoint ? t("chain.nothingYet") : t("chain.intactBody", { checked })}
        </p>
        <p className="muted">{start}</p>
      </div>
    );
  }
  const where = { index: broken.chainIndex, action: actionWords(broken.action), time: formatDateTime(broken.createdAt) || t("chain.unknownTime"), id: broken.id ?? "" };
  return (
    <div className="audit-verdict audit-verdict-broken" role="alert">
      <p>
        <Badge tone="bad">{t("chain.broken")}</Badge> {t(`chain.problem.${broken.problem}`, where)}
      </p>
      {broken.id ? (
        <dl className="audit-verdict-row">
          <div>
            <dt>{t("chain.rowAction")}</dt>
            <dd>
              {where.action} {broken.action ? <code>{broken.action}</code> : null}
            </dd>
          </div>
          <div>
            <dt>{t("chain.rowTime")}</dt>
            <dd>{broken.createdAt ? <time dateTime={broken.createdAt}>{where.time}</time> : where.time}</dd>
          </div>
          <div>
            <dt>{t("chain.rowId")}</dt>
            <dd className="mono">{broken.id}</dd>
          </div>
          <div>
            <dt>{t("chain.rowPosition")}</dt>
            <dd>{broken.chainIndex}</dd>
          </div>
        </dl>
      ) : null}
      <p className="muted">
        {verdict.checked > 0 ? `${t("chain.brokenChecked", { checked })} ` : null}
        {start}
      </p>
    </div>
  );
}

/** datetime-local's format (local time, minutes) for a moment. */
function localInput(ms: number): string {
  const date = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** 2026-11-28T15:04:00.000Z → 20261128T1504Z: a file name every system accepts (no colons). */
function fileStamp(iso: string): string {
  return iso.replace(/[-:]/g, "").replace(/\d\d\.\d{3}Z$/, "Z");
}

function ExportSigned() {
  const { t } = useTranslation("audit");
  const exporter = useExportAuditLog();
  // The last seven days up to the next whole minute (the range's end is exclusive).
  const [from, setFrom] = useState(() => localInput(Date.now() - 7 * 24 * 3600_000));
  const [to, setTo] = useState(() => localInput(Date.now() + 60_000));
  const [rangeError, setRangeError] = useState<string | undefined>();

  function submit(event: FormEvent) {
    event.preventDefault();
    const start = Date.parse(from);
    const end = Date.parse(to);
    if (Number.isNaN(start) || Number.isNaN(end) || start >= end) {
      // No earlier result left beside the error, as if it answered this range.
      exporter.reset();
      setRangeError(t(Number.isNaN(start) || Number.isNaN(end) ? "chain.rangeMissing" : "chain.rangeInvalid"));
      return;
    }
    setRangeError(undefined);
    exporter.mutate({ from: new Date(start).toISOString(), to: new Date(end).toISOString() });
  }

  return (
    <form className="stack audit-integrity-part" aria-labelledby="audit-export-heading" onSubmit={submit} noValidate>
      <h3 id="audit-export-heading">{t("chain.exportHeading")}</h3>
      <p className="muted">{t("chain.exportHint")}</p>
      <div className="audit-export-range">
        <TextField label={t("chain.start")} type="datetime-local" value={from} onChange={(e) => setFrom(e.target.value)} error={rangeError} required />
        <TextField label={t("chain.end")} type="datetime-local" value={to} onChange={(e) => setTo(e.target.value)} required />
      </div>
      <div>
        <Button type="submit" variant="primary" busy={exporter.isPending}>
          {t("chain.export")}
        </Button>
      </div>
      {exporter.isPending ? <Loading label={t("chain.exporting")} /> : null}
      {exporter.isError ? (
        <>
          <ErrorState error={exporter.error} />
          {errorCode(exporter.error) === "JWT_DISABLED" ? <p className="muted">{t("chain.jwksNeeded")}</p> : null}
        </>
      ) : null}
      {exporter.isSuccess ? <Exported exported={exporter.data} /> : null}
    </form>
  );
}

function Exported({ exported }: { exported: SignedAuditExport }) {
  const { t } = useTranslation("audit");
  const range = { start: formatDateTime(exported.from), end: formatDateTime(exported.to) };
  if (exported.count === 0) {
    return (
      <p className="audit-verdict" role="status">
        {t("chain.exportEmpty", range)}
      </p>
    );
  }
  const base = `latchkey-audit-${fileStamp(exported.from)}-${fileStamp(exported.to)}.jsonl`;
  return (
    <div className="audit-verdict stack" role="status">
      <p>{t("chain.exported", { ...range, count: exported.count, formatted: formatNumber(exported.count), kid: exported.kid, alg: exported.alg })}</p>
      <div className="row">
        <Button onClick={() => downloadText(exported.jsonl, base, "application/jsonl")}>{t("chain.downloadEvents", { file: base })}</Button>
        {/* A newline after the JWS, as `auth admin audit export --signed` writes it. */}
        <Button onClick={() => downloadText(exported.signature + "\n", `${base}.jws`, "application/jose")}>{t("chain.downloadSignature", { file: `${base}.jws` })}</Button>
      </div>
      <p className="muted">{t("chain.checkHint")}</p>
    </div>
  );
}
