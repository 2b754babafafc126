/**
 * The server page. On the desktop: the local server's status — state, address, database path,
 * version —, start and stop, and its live log (main's events, not polling). For those who may
 * read the audit log, in the browser and on the desktop: the last import from better-auth. For
 * those who may change settings, on a local server (the app's own, or one started with --dev):
 * Demo data.
 */
import { Link } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { LocalServerState } from "../../../../shared/desktop-api";
import { isDesktop } from "../../../app/desktop";
import { useAdminCan } from "../../../app/permissions";
import { toastError } from "../../../ui/errors";
import { Button } from "../../../ui/button";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { Page, Section } from "../../../ui/page";
import { Badge, EmptyState, ErrorState, Loading } from "../../../ui/states";
import { useLocalServerLogs, useLocalServerStatus, useOpenExternal, useStartLocalServer, useStopLocalServer } from "../queries";
import { FormError } from "../../../ui/form-error";
import { BetterAuthImportSection } from "../components/better-auth-import-section";
import { PasswordBreachSection } from "../components/password-breach-section";
import { DemoDataSection } from "../components/demo-data-section";
import "../server.css";

const TONES: Record<LocalServerState, "neutral" | "good" | "warn" | "bad" | "info"> = {
  stopped: "neutral",
  starting: "info",
  running: "good",
  stopping: "info",
  failed: "bad",
};

export function ServerPage() {
  const { t } = useTranslation("server");
  const status = useLocalServerStatus();
  const logs = useLocalServerLogs();
  const start = useStartLocalServer();
  const stop = useStopLocalServer();
  const openExternal = useOpenExternal();
  const [confirmStop, setConfirmStop] = useState(false);
  const canReadAudit = useAdminCan({ audit: ["list"] });
  const canReadSettings = useAdminCan({ settings: ["read"] });
  const canChangeSettings = useAdminCan({ settings: ["update"] });

  if (!isDesktop && (canReadAudit || canReadSettings)) {
    // In a browser there is no local server: only what the server itself can tell.
    return (
      <Page title={t("page.webTitle")} description={t("page.webDescription")}>
        {canChangeSettings ? <DemoDataSection /> : null}
        {canReadSettings ? <PasswordBreachSection /> : null}
        {canReadAudit ? <BetterAuthImportSection /> : null}
      </Page>
    );
  }
  if (!isDesktop) {
    return (
      <Page title={t("page.title")}>
        <EmptyState title={t("desktopOnly")}>{t("desktopOnlyBody")}</EmptyState>
      </Page>
    );
  }
  if (status.isPending) return <Page title={t("page.title")}><Loading /></Page>;
  if (status.error) return <Page title={t("page.title")}><ErrorState error={status.error} onRetry={() => void status.refetch()} /></Page>;

  const current = status.data;
  const state = current.state;
  const running = state === "running";
  const busy = state === "starting" || state === "stopping";
  return (
    <Page
      title={t("page.title")}
      description={t("page.description")}
      actions={
        current.initialized ? (
          <>
            <Button
              variant="primary"
              aria-label={t("page.startLabel")}
              disabled={running || busy}
              busy={start.isPending || state === "starting"}
              onClick={() => start.mutate(undefined, { onError: toastError })}
            >
              {t("page.start")}
            </Button>
            <Button aria-label={t("page.stopLabel")} disabled={!running} busy={stop.isPending || state === "stopping"} onClick={() => setConfirmStop(true)}>
              {t("page.stop")}
            </Button>
          </>
        ) : null
      }
    >
      {current.initialized ? null : (
        <p className="form-info">
          {t("page.notSetUp")} <Link to="/welcome">{t("page.setUpLink")}</Link>
        </p>
      )}
      <Section title={t("page.status")}>
        <FormError>{state === "failed" && current.error ? t("local.failed", { error: current.error }) : null}</FormError>
        <dl className="server-facts">
          <dt>{t("page.state")}</dt>
          <dd>
            <Badge tone={TONES[state]}>{t(`state.${state}`)}</Badge>
          </dd>
          <dt>{t("page.address")}</dt>
          <dd>
            {current.url ? (
              <span className="row">
                <code>{current.url}</code>
                <Button size="small" variant="ghost" aria-label={t("page.openInBrowserLabel")} onClick={() => openExternal.mutate(`${current.url}/console`, { onError: toastError })}>
                  {t("page.openInBrowser")}
                </Button>
              </span>
            ) : (
              <span className="muted">{t("page.notRunning")}</span>
            )}
          </dd>
          <dt>{t("page.database")}</dt>
          <dd>
            <code className="server-path">{current.databasePath}</code>
          </dd>
          <dt>{t("page.version")}</dt>
          <dd>{current.version}</dd>
          {current.pid ? (
            <>
              <dt>{t("page.process")}</dt>
              <dd>{current.pid}</dd>
            </>
          ) : null}
        </dl>
      </Section>
      {/* Drawn only when the active server answers: the app's local server does, a server elsewhere answers 404. */}
      {canChangeSettings ? <DemoDataSection /> : null}
      {canReadSettings ? <PasswordBreachSection /> : null}
      {canReadAudit ? <BetterAuthImportSection /> : null}
      <Section title={t("page.log")}>
        <ServerLog lines={logs.data ?? []} />
      </Section>
      <ConfirmDialog
        open={confirmStop}
        onOpenChange={setConfirmStop}
        title={t("page.stopTitle")}
        description={t("page.stopDescription")}
        confirmLabel={t("page.stop")}
        busy={stop.isPending}
        onConfirm={() => {
          setConfirmStop(false);
          stop.mutate(undefined, { onError: toastError });
        }}
      />
    </Page>
  );
}

/** The newest lines at the bottom; follows new lines unless the person has scrolled up. */
function ServerLog({ lines }: { lines: string[] }) {
  const { t } = useTranslation("server");
  const ref = useRef<HTMLPreElement>(null);
  const follow = useRef(true);
  useEffect(() => {
    const element = ref.current;
    if (element && follow.current) element.scrollTop = element.scrollHeight;
  }, [lines]);
  return (
    <pre
      ref={ref}
      className="server-log"
      role="log"
      aria-label={t("page.logLabel")}
      aria-live="polite"
      tabIndex={0}
      onScroll={(event) => {
        const element = event.currentTarget;
        follow.current = element.scrollHeight - element.scrollTop - element.clientHeight < 24;
      }}
    >
      {lines.length ? lines.join("\n") : <span className="muted">{t("page.logEmpty")}</span>}
    </pre>
  );
}
