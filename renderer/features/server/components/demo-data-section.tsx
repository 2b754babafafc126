/**
 * Demo data (issue 39, docs/qa.md): on a local server only (`--dev`, or the desktop app's own) —
 * the server answers 404 elsewhere and the section is not drawn. Seed a scenario, the personas
 * with copy buttons and their live TOTP codes (computed here from the scenario's public secret,
 * renewed each 30 s), save and list snapshots (SQLite beside the file, PostgreSQL beside the config
 * file). Restoring: inside the desktop app, on its own local server, a Restore button per snapshot
 * (main stops the server, restores with the CLI's code, starts it again); everywhere else the
 * command to run with the server stopped.
 */
import { generateSync } from "otplib";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "../../../ui/button";
import { DataTable } from "../../../ui/data-table";
import { CheckboxField, TextField } from "../../../ui/field";
import { errorText } from "../../../ui/errors";
import { formatDateTime, formatNumber } from "../../../ui/format";
import { Section } from "../../../ui/page";
import { serverNow } from "../../../ui/server-clock";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import type { LocalRestorePhase } from "../../../../shared/desktop-api";
import { isDesktop } from "../../../app/desktop";
import { useActiveServerQuery, useDemoData, useRestoreLocalSnapshot, useSaveDemoSnapshot, useSeedDemo } from "../queries";

function Copy({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation("server");
  const [copied, setCopied] = useState(false);
  return (
    <Button size="small" aria-label={label} onClick={() => void navigator.clipboard?.writeText(value).then(() => setCopied(true), () => setCopied(false))}>
      {copied ? t("demo.copied") : t("demo.copy")}
    </Button>
  );
}

/** The code an authenticator shows now, on the server's clock (a shifted server checks codes on its own time). */
function LiveCode({ secret, email }: { secret: string; email: string }) {
  const { t } = useTranslation("server");
  const [now, setNow] = useState(() => serverNow());
  useEffect(() => {
    const timer = setInterval(() => setNow(serverNow()), 1000);
    return () => clearInterval(timer);
  }, []);
  const code = generateSync({ secret, epoch: Math.floor(now / 1000), period: 30, digits: 6, algorithm: "sha1" });
  const left = 30 - (Math.floor(now / 1000) % 30);
  return (
    <span className="demo-code">
      <span className="demo-copy">
        <code aria-label={t("demo.codeOf", { email })}>{code}</code>
        <Copy value={code} label={t("demo.copyCode", { email })} />
      </span>
      {/* Under the code, not beside it: the table then fits a laptop's width without scrolling. */}
      <span className="muted demo-code-left">{t("demo.secondsLeft", { count: left })}</span>
    </span>
  );
}

/** Restore, its confirmation, and the steps and outcome read out in a live region (desktop, own local server). */
function useSnapshotRestore() {
  const { t } = useTranslation("server");
  const [phase, setPhase] = useState<LocalRestorePhase | null>(null);
  const [asked, setAsked] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);
  const restore = useRestoreLocalSnapshot(setPhase);
  const run = (name: string) => {
    setOutcome(null);
    restore.mutate(name, {
      onSuccess: (result) => {
        const said = result.signedIn ? t("demo.restored", { name, count: result.total }) : t("demo.restoredSignIn", { name });
        setOutcome(said);
        toast.success(said);
      },
      onError: (error) => {
        const said = t("demo.restoreFailed", { name, error: errorText(error) });
        setOutcome(said);
        toast.error(said);
      },
      onSettled: () => setAsked(null),
    });
  };
  const current = restore.isPending ? (phase ? t(`demo.phase.${phase}`, { name: restore.variables }) : t("demo.phase.stopping")) : outcome;
  const dialog = (
    <ConfirmDialog
      open={asked !== null}
      onOpenChange={(open) => !open && !restore.isPending && setAsked(null)}
      title={t("demo.restoreTitle", { name: asked ?? "" })}
      description={t("demo.restoreBody", { name: asked ?? "" })}
      confirmLabel={t("demo.restore")}
      busy={restore.isPending}
      onConfirm={() => asked && run(asked)}
    >
      {restore.isPending && current ? <p role="status">{current}</p> : null}
    </ConfirmDialog>
  );
  return { ask: setAsked, busy: restore.isPending, status: current, dialog };
}

export function DemoDataSection() {
  const { t } = useTranslation("server");
  const demo = useDemoData(true);
  const seed = useSeedDemo();
  const save = useSaveDemoSnapshot();
  const active = useActiveServerQuery();
  // Restore runs in the app's main process, for its own local server only; a browser shows the command.
  const canRestore = isDesktop && active.data?.kind === "local";
  const restoring = useSnapshotRestore();
  const [name, setName] = useState("seeded");
  const [replace, setReplace] = useState(false);
  if (!demo.data) return null;
  const data = demo.data;
  const restore = `auth server snapshot restore ${name || "NAME"} ${data.restoreFlags} --yes`;
  return (
    <Section title={t("demo.title")} description={t("demo.description")}>
      <div className="row">
        {(["qa", "demo"] as const).map((scenario) => (
          <Button
            key={scenario}
            busy={seed.isPending && seed.variables === scenario}
            onClick={() => seed.mutate(scenario, { onSuccess: (result) => toast.success(t("demo.seeded", { scenario, count: result.personas.length })), onError: (error) => toast.error(errorText(error)) })}
          >
            {t(`demo.seed.${scenario}`)}
          </Button>
        ))}
      </div>
      {data.personas.length ? (
        <DataTable caption={t("demo.personas")} columns={[t("demo.state"), t("demo.email"), t("demo.password"), t("demo.totp")]}>
          {data.personas.map((persona) => (
            <tr key={`${persona.scenario} ${persona.email}`}>
              <td>{persona.state}</td>
              <td>
                <span className="demo-copy">
                  <span>{persona.email}</span>
                  <Copy value={persona.email} label={t("demo.copyEmail", { email: persona.email })} />
                </span>
              </td>
              <td>
                <span className="demo-copy">
                  <code>{persona.password}</code>
                  <Copy value={persona.password} label={t("demo.copyPassword", { email: persona.email })} />
                </span>
              </td>
              <td>{persona.totpSecret ? <LiveCode secret={persona.totpSecret} email={persona.email} /> : <span className="muted">—</span>}</td>
            </tr>
          ))}
        </DataTable>
      ) : (
        <p className="muted">{t("demo.none")}</p>
      )}
      {data.snapshots ? (
        <form
          className="stack"
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate({ name, replace }, { onSuccess: (snapshot) => toast.success(t("demo.saved", { name: snapshot.name })), onError: (error) => toast.error(errorText(error)) });
          }}
        >
          <div className="demo-snapshot-form">
            <TextField label={t("demo.snapshotName")} value={name} onChange={(event) => setName(event.target.value)} pattern="[A-Za-z0-9][A-Za-z0-9_\-]{0,63}" maxLength={64} required autoComplete="off" spellCheck={false} />
            <CheckboxField label={t("demo.replace")} checked={replace} onChange={(event) => setReplace(event.target.checked)} />
            <Button type="submit" busy={save.isPending}>
              {t("demo.save")}
            </Button>
          </div>
          {data.snapshots.length ? (
            <DataTable caption={t("demo.snapshots")} columns={[t("demo.snapshotName"), t("demo.size"), t("demo.savedAt"), ...(canRestore ? [t("demo.actions")] : [])]}>
              {data.snapshots.map((snapshot) => (
                <tr key={snapshot.name}>
                  <td>{snapshot.name}</td>
                  <td>{formatNumber(snapshot.bytes)}</td>
                  <td>{formatDateTime(snapshot.createdAt)}</td>
                  {canRestore ? (
                    <td>
                      <Button size="small" aria-label={t("demo.restoreLabel", { name: snapshot.name })} disabled={restoring.busy} onClick={() => restoring.ask(snapshot.name)}>
                        {t("demo.restore")}
                      </Button>
                    </td>
                  ) : null}
                </tr>
              ))}
            </DataTable>
          ) : null}
          {canRestore ? (
            <>
              <p>{t("demo.restoreDesktop")}</p>
              <p role="status" className="muted">
                {restoring.busy ? null : restoring.status}
              </p>
            </>
          ) : (
            <>
              <p>{t("demo.restoreHow")}</p>
              <span className="demo-copy demo-restore">
                <code>{restore}</code>
                <Copy value={restore} label={t("demo.copyRestore")} />
              </span>
            </>
          )}
        </form>
      ) : (
        <p className="muted">{t("demo.postgres")}</p>
      )}
      {/* Outside the form above: a portal's events still bubble through React's tree, and its submit must not save. */}
      {canRestore ? restoring.dialog : null}
    </Section>
  );
}
