/**
 * Desktop first run and server choice. First run offers *Start a local server* (a form for the
 * first administrator) or *Connect to a server* (an address, then sign-in). Later visits list
 * the remembered servers to open or remove.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { Link, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { z } from "zod";
import type { SavedServer } from "../../../../shared/desktop-api";
import { isDesktop } from "../../../app/desktop";
import { errorText, toastError } from "../../../ui/errors";
import { Button } from "../../../ui/button";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { TextField } from "../../../ui/field";
import { Badge, ErrorState, Loading } from "../../../ui/states";
import { AuthFrame } from "../../auth/components/auth-frame";
import { useActiveServerQuery, useAddServer, useLocalServerStatus, useRemoveServer, useServers, useSetupLocalServer, useStartLocalServer, useUseServer } from "../queries";
import { FormError } from "../../../ui/form-error";
import "../server.css";

type Choice = "local" | "connect" | null;

export function WelcomePage() {
  const { t } = useTranslation("server");
  const servers = useServers();
  const active = useActiveServerQuery();
  const local = useLocalServerStatus();
  const [choice, setChoice] = useState<Choice>(null);

  if (!isDesktop) {
    return (
      <AuthFrame title={t("welcome.title")} description={t("desktopOnly")}>
        <p>{t("desktopOnlyBody")}</p>
        <Link to="/sign-in" search={{ redirect: undefined, reason: undefined }}>
          {t("goToSignIn")}
        </Link>
      </AuthFrame>
    );
  }
  if (servers.isPending || local.isPending) return <AuthFrame title={t("welcome.title")}><Loading /></AuthFrame>;
  if (servers.error) return <AuthFrame title={t("welcome.title")}><ErrorState error={servers.error} onRetry={() => void servers.refetch()} /></AuthFrame>;

  const list = servers.data ?? [];
  const localSetUp = local.data?.initialized ?? false;
  const returning = list.length > 0;
  return (
    <AuthFrame title={returning ? t("welcome.titleReturning") : t("welcome.title")} description={t("welcome.description")}>
      {returning ? <ServerList servers={list} activeId={active.data?.id ?? null} /> : null}

      <div className="welcome-choices" role="group" aria-label={t("welcome.chooseLabel")}>
        {localSetUp ? null : (
          <Button variant={choice === "local" ? "primary" : "secondary"} aria-expanded={choice === "local"} onClick={() => setChoice(choice === "local" ? null : "local")}>
            {t("welcome.startLocal")}
          </Button>
        )}
        <Button variant={choice === "connect" ? "primary" : "secondary"} aria-expanded={choice === "connect"} onClick={() => setChoice(choice === "connect" ? null : "connect")}>
          {t("welcome.connect")}
        </Button>
      </div>
      {choice === null && !returning ? (
        <ul className="welcome-hints muted">
          {localSetUp ? null : <li>{t("welcome.startLocalHint")}</li>}
          <li>{t("welcome.connectHint")}</li>
        </ul>
      ) : null}
      {choice === "local" && !localSetUp ? <LocalSetupForm /> : null}
      {choice === "connect" ? <ConnectForm /> : null}
    </AuthFrame>
  );
}

function ServerList({ servers, activeId }: { servers: SavedServer[]; activeId: string | null }) {
  const { t } = useTranslation("server");
  const navigate = useNavigate();
  const use = useUseServer();
  const start = useStartLocalServer();
  const local = useLocalServerStatus();
  const remove = useRemoveServer();
  const [removing, setRemoving] = useState<SavedServer | null>(null);

  const open = async (server: SavedServer) => {
    try {
      if (server.kind === "local" && local.data?.state !== "running") {
        const status = await start.mutateAsync();
        if (status.state !== "running") {
          toast.error(t("local.failed", { error: status.error ?? "" }));
          return;
        }
      }
      await use.mutateAsync(server.id);
      await navigate({ to: "/" });
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <section className="stack" aria-labelledby="servers-title">
      <h2 id="servers-title">{t("servers.title")}</h2>
      <ul className="server-list" aria-label={t("servers.listLabel")}>
        {servers.map((server) => {
          const busy = (use.isPending && use.variables === server.id) || (server.kind === "local" && start.isPending);
          const localStopped = server.kind === "local" && local.data?.state !== "running";
          return (
            <li key={server.id} className="server-row">
              <div className="server-row-text">
                <span className="server-name">{server.name}</span>
                <span className="muted server-url">{server.url}</span>
                <span className="row">
                  {server.kind === "local" ? <Badge tone="info">{t("servers.local")}</Badge> : null}
                  {server.signedIn ? <Badge tone="good">{t("servers.signedIn")}</Badge> : null}
                  {server.id === activeId ? <Badge>{t("servers.active")}</Badge> : null}
                </span>
              </div>
              <div className="row">
                <Button
                  variant="primary"
                  size="small"
                  busy={busy}
                  aria-label={localStopped ? t("local.startAndOpenLabel", { name: server.name }) : t("servers.openLabel", { name: server.name })}
                  onClick={() => void open(server)}
                >
                  {localStopped ? t("local.startAndOpen") : t("servers.open")}
                </Button>
                <Button variant="ghost" size="small" aria-label={t("servers.removeLabel", { name: server.name })} onClick={() => setRemoving(server)}>
                  {t("servers.remove")}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={t("servers.removeTitle", { name: removing?.name ?? "" })}
        description={removing?.kind === "local" ? t("servers.removeLocalDescription") : t("servers.removeDescription", { url: removing?.url ?? "" })}
        confirmLabel={t("servers.remove")}
        busy={remove.isPending}
        onConfirm={() => {
          const server = removing;
          if (!server) return;
          setRemoving(null);
          remove.mutate(server.id, { onSuccess: () => toast.success(t("servers.removed", { name: server.name })), onError: toastError });
        }}
      />
    </section>
  );
}

function LocalSetupForm() {
  const { t } = useTranslation("server");
  const navigate = useNavigate();
  const setup = useSetupLocalServer();
  const schema = z.object({
    name: z.string().trim().min(1, t("validation.nameRequired")).max(100),
    email: z.string().trim().regex(/^[^\s@]+@[^\s@]+$/, t("validation.emailInvalid")).max(254),
    password: z.string().min(8, t("validation.passwordShort")).max(128, t("validation.passwordLong")),
  });
  type Values = z.infer<typeof schema>;
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { name: "", email: "", password: "" } });
  const { errors } = form.formState;
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (admin) => {
    setFailure(null);
    try {
      const status = await setup.mutateAsync({ admin });
      if (status.state !== "running") {
        setFailure(t("local.failed", { error: status.error ?? "" }));
        return;
      }
      await navigate({ to: "/sign-in", search: { redirect: undefined, reason: undefined } });
    } catch (error) {
      setFailure(errorText(error));
    }
  });

  return (
    <form className="stack" noValidate onSubmit={onSubmit} aria-labelledby="local-form-title">
      <h2 id="local-form-title">{t("local.formTitle")}</h2>
      <p className="muted">{t("local.formDescription")}</p>
      <FormError>{failure}</FormError>
      <TextField label={t("local.name")} autoComplete="name" autoFocus error={errors.name?.message} {...form.register("name")} />
      <TextField label={t("local.email")} type="email" autoComplete="email" autoCapitalize="none" spellCheck={false} error={errors.email?.message} {...form.register("email")} />
      <TextField label={t("local.password")} type="password" autoComplete="new-password" hint={t("local.passwordHint")} error={errors.password?.message} {...form.register("password")} />
      <Button type="submit" variant="primary" busy={setup.isPending}>
        {setup.isPending ? t("local.starting") : t("local.submit")}
      </Button>
    </form>
  );
}

function ConnectForm() {
  const { t } = useTranslation("server");
  const navigate = useNavigate();
  const add = useAddServer();
  const schema = z.object({
    url: z
      .string()
      .trim()
      .refine((value) => /^https?:\/\/[^\s/]+/i.test(value), t("validation.urlInvalid")),
    name: z.string().trim().max(100),
  });
  type Values = z.infer<typeof schema>;
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { url: "", name: "" } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await add.mutateAsync(values);
    } catch {
      return; // shown from add.error
    }
    await navigate({ to: "/sign-in", search: { redirect: undefined, reason: undefined } });
  });

  return (
    <form className="stack" noValidate onSubmit={onSubmit} aria-labelledby="connect-form-title">
      <h2 id="connect-form-title">{t("connect.formTitle")}</h2>
      <FormError error={add.error} />
      <TextField label={t("connect.url")} type="url" inputMode="url" autoCapitalize="none" spellCheck={false} autoFocus hint={t("connect.urlHint")} error={errors.url?.message} {...form.register("url")} />
      <TextField label={t("connect.name")} hint={t("connect.nameHint")} error={errors.name?.message} {...form.register("name")} />
      <Button type="submit" variant="primary" busy={add.isPending}>
        {t("connect.submit")}
      </Button>
    </form>
  );
}
