/**
 * Actions on the selected users: ban (reason + expiry), unban, revoke sessions, remove. Each runs
 * four calls at a time with a progress bar, then lists every row's outcome with the server's
 * message for the ones that failed.
 */
import { lazy, Suspense, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../../ui/errors";
import { useAdminCan } from "../../../app/permissions";
import { useSession } from "../../../app/session";
import { Button } from "../../../ui/button";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { Dialog } from "../../../ui/dialog";
import { Badge } from "../../../ui/states";
import { formatNumber } from "../../../ui/format";
import { bulkCalls, useInvalidateUsers } from "../queries";
import { runLimited } from "../run-limited";
import type { BanValues } from "./ban-dialog";

// The ban form (react-hook-form) loads the first time a bulk ban is asked for.
const BanDialog = lazy(() => import("./ban-dialog").then((module) => ({ default: module.BanDialog })));

export type BulkAction = "ban" | "unban" | "revoke" | "remove";
export interface BulkTarget {
  id: string;
  email: string;
}
interface RowResult {
  id: string;
  email: string;
  state: "pending" | "ok" | "failed";
  message?: string;
}

const CONCURRENCY = 4;

export function BulkActions({ selected, onDone }: { selected: BulkTarget[]; onDone(removed: string[]): void }) {
  const { t } = useTranslation("admin");
  const canBan = useAdminCan({ user: ["ban"] });
  const canRevoke = useAdminCan({ session: ["revoke"] });
  const canRemove = useAdminCan({ user: ["delete"] });
  const invalidate = useInvalidateUsers();
  const [asking, setAsking] = useState<BulkAction | null>(null);
  const [running, setRunning] = useState<{ action: BulkAction; results: RowResult[]; done: boolean } | null>(null);
  const count = selected.length;
  const me = useSession().data?.user.id;
  const includesMe = selected.some((user) => user.id === me);
  const progressId = useId();

  async function run(action: BulkAction, ban?: BanValues) {
    setAsking(null);
    const targets = [...selected];
    const results: RowResult[] = targets.map((user) => ({ id: user.id, email: user.email, state: "pending" }));
    setRunning({ action, results, done: false });
    const call = (id: string): Promise<unknown> =>
      action === "ban" ? bulkCalls.ban(id, ban ?? {}) : action === "unban" ? bulkCalls.unban(id) : action === "revoke" ? bulkCalls.revoke(id) : bulkCalls.remove(id);
    await runLimited(targets, CONCURRENCY, (user) => call(user.id), (index, outcome) => {
      results[index] = outcome.ok ? { ...results[index]!, state: "ok" } : { ...results[index]!, state: "failed", message: errorText(outcome.error) };
      setRunning({ action, results: [...results], done: false });
    });
    setRunning({ action, results: [...results], done: true });
    await invalidate();
    onDone(action === "remove" ? results.filter((r) => r.state === "ok").map((r) => r.id) : []);
  }

  const finished = running ? running.results.filter((r) => r.state !== "pending").length : 0;
  const failed = running ? running.results.filter((r) => r.state === "failed").length : 0;

  return (
    <>
      {count > 0 ? (
        <div className="bulk-bar" role="region" aria-label={t("bulk.label")}>
          <span className="bulk-count">{t("bulk.selected", { count, formatted: formatNumber(count) })}</span>
          {canBan ? (
            <>
              <Button size="small" variant="danger" disabled={count === 0} onClick={() => setAsking("ban")}>
                {t("bulk.ban")}
              </Button>
              <Button size="small" disabled={count === 0} onClick={() => setAsking("unban")}>
                {t("bulk.unban")}
              </Button>
            </>
          ) : null}
          {canRevoke ? (
            <Button size="small" disabled={count === 0} onClick={() => setAsking("revoke")}>
              {t("bulk.revoke")}
            </Button>
          ) : null}
          {canRemove ? (
            <Button size="small" variant="danger" disabled={count === 0} onClick={() => setAsking("remove")}>
              {t("bulk.remove")}
            </Button>
          ) : null}
        </div>
      ) : null}

      {asking === "ban" ? (
        <Suspense fallback={null}>
          <BanDialog
            open={asking === "ban"}
            onOpenChange={(open) => setAsking(open ? "ban" : null)}
            title={t("bulk.banTitle", { count })}
            description={t("bulk.banDescription", { count })}
            submitLabel={t("bulk.banSubmit", { count })}
            onSubmit={(values) => void run("ban", values)}
          />
        </Suspense>
      ) : null}
      <ConfirmDialog
        open={asking === "unban" || asking === "revoke"}
        onOpenChange={(open) => (open ? undefined : setAsking(null))}
        title={asking === "revoke" ? t("bulk.revokeTitle", { count }) : t("bulk.unbanTitle", { count })}
        description={
          asking === "revoke"
            ? `${t("bulk.revokeDescription", { count })}${includesMe ? ` ${t("bulk.revokeIncludesYou")}` : ""}`
            : t("bulk.unbanDescription", { count })
        }
        confirmLabel={asking === "revoke" ? t("bulk.revokeSubmit", { count }) : t("bulk.unbanSubmit", { count })}
        destructive={asking === "revoke"}
        onConfirm={() => asking && void run(asking)}
      />
      <ConfirmDialog
        open={asking === "remove"}
        onOpenChange={(open) => setAsking(open ? "remove" : null)}
        title={t("bulk.removeTitle", { count })}
        description={t("bulk.removeDescription", { count })}
        confirmLabel={t("bulk.removeSubmit", { count })}
        confirmText={t("bulk.removeConfirmText", { count })}
        onConfirm={() => void run("remove")}
      />

      <Dialog
        open={running !== null}
        onOpenChange={(open) => {
          if (!open && running?.done) setRunning(null);
        }}
        title={running ? t(`bulk.progressTitle.${running.action}`) : ""}
        description={running?.done ? t("bulk.summary", { ok: finished - failed, failed, total: running.results.length }) : t("bulk.working")}
        wide
        footer={
          <Button variant="primary" disabled={!running?.done} onClick={() => setRunning(null)}>
            {t("close", { ns: "common" })}
          </Button>
        }
      >
        {running ? (
          <div className="stack">
            <div className="bulk-progress">
              <span id={progressId} aria-live="polite">
                {t("bulk.progress", { done: finished, total: running.results.length })}
              </span>
              <progress max={running.results.length} value={finished} aria-labelledby={progressId} />
            </div>
            <ul className="bulk-results" aria-label={t("bulk.results")}>
              {running.results.map((row) => (
                <li key={row.id} className="bulk-result">
                  <span className="bulk-result-email">{row.email}</span>
                  {row.state === "pending" ? (
                    <Badge>{t("bulk.pending")}</Badge>
                  ) : row.state === "ok" ? (
                    <Badge tone="good">{t("bulk.succeeded")}</Badge>
                  ) : (
                    <>
                      <Badge tone="bad">{t("bulk.failed")}</Badge>
                      <span className="bulk-result-message">{row.message}</span>
                    </>
                  )}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </Dialog>
    </>
  );
}
