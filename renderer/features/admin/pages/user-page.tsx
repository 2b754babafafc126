/**
 * /admin/users/$userId: one user's panel — profile, role, ban state (refetched on focus, every
 * 10 s and after every action), sessions, linked accounts, organizations and their audit trail —
 * with the actions an administrator takes on them. Every control follows the shared checker.
 */
import { getRouteApi, Link, useNavigate, useRouterState } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { errorStatus, errorText, toastError } from "../../../app/errors";
import { rememberImpersonationReturn } from "../../../app/impersonation-banner";
import { useAdminCan } from "../../../app/permissions";
import { useCurrentSession, useResetAfterSessionChange } from "../../../app/session";
import { Button } from "../../../ui/button";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { Dialog } from "../../../ui/dialog";
import { SelectField, TextField } from "../../../ui/field";
import { formatDateTime, formatRelative } from "../../../ui/format";
import { Page, Section } from "../../../ui/page";
import { Badge, EmptyState, ErrorState, Loading } from "../../../ui/states";
import { BanDialog } from "../components/ban-dialog";
import { NotAllowed } from "../components/not-allowed";
import { banSummary, signInMethodLabel, UserStatus } from "../components/user-status";
import {
  useAdminUser,
  useBanUser,
  useImpersonateUser,
  useRemoveUser,
  useRevokeSession,
  useRevokeSessions,
  useSetRole,
  useSetUserPassword,
  useUnbanUser,
  useUserAccounts,
  useUserAudit,
  useUserOrganizations,
  useUserSessions,
  type AdminUser,
} from "../queries";
import { ROLE_NAMES } from "../roles";
import { describeUserAgent } from "../user-agent";
import "../admin.css";

const route = getRouteApi("/signed-in/admin/users/$userId");

export function UserPage() {
  const { t } = useTranslation("admin");
  const canGet = useAdminCan({ user: ["get"] });
  if (!canGet) {
    return (
      <Page title={t("user.title")}>
        <NotAllowed />
      </Page>
    );
  }
  return <UserPanel />;
}

function BackToUsers() {
  const { t } = useTranslation("admin");
  return <Link to="/admin/users">← {t("user.back")}</Link>;
}

function UserPanel() {
  const { t } = useTranslation("admin");
  const { userId } = route.useParams();
  const user = useAdminUser(userId);

  if (user.isPending) {
    return (
      <Page title={t("user.title")} back={<BackToUsers />}>
        <Loading />
      </Page>
    );
  }
  if (user.isError && !user.data) {
    return (
      <Page title={t("user.title")} back={<BackToUsers />}>
        {errorStatus(user.error) === 404 ? (
          <EmptyState title={t("user.notFound")}>{t("user.notFoundHint")}</EmptyState>
        ) : (
          <ErrorState error={user.error} onRetry={() => void user.refetch()} />
        )}
      </Page>
    );
  }
  return <UserDetails user={user.data} />;
}

function UserDetails({ user }: { user: AdminUser }) {
  const { t } = useTranslation("admin");
  const me = useCurrentSession();
  const isSelf = me.user.id === user.id;
  const canImpersonate = useAdminCan({ user: ["impersonate"] });
  const canSetPassword = useAdminCan({ user: ["set-password"] });
  const canDelete = useAdminCan({ user: ["delete"] });

  return (
    <Page
      title={user.name || user.email}
      description={user.name ? user.email : undefined}
      back={<BackToUsers />}
      actions={
        <>
          {canImpersonate ? <ImpersonateButton user={user} disabled={isSelf} /> : null}
          {canSetPassword ? <SetPasswordButton user={user} /> : null}
          {canDelete ? <RemoveButton user={user} /> : null}
        </>
      }
    >
      <div className="user-grid">
        <ProfileSection user={user} />
        <div className="stack">
          <BanSection user={user} />
          <RoleSection user={user} />
        </div>
      </div>
      <SessionsSection user={user} />
      <div className="user-grid">
        <AccountsSection user={user} />
        <OrganizationsSection user={user} />
      </div>
      <AuditSection user={user} />
    </Page>
  );
}

function ProfileSection({ user }: { user: AdminUser }) {
  const { t } = useTranslation("admin");
  const never = t("never", { ns: "common" });
  return (
    <Section title={t("profile.title")}>
      <dl className="details">
        <dt>{t("profile.name")}</dt>
        <dd>{user.name || <span className="muted">{t("none", { ns: "common" })}</span>}</dd>
        <dt>{t("profile.email")}</dt>
        <dd>{user.email}</dd>
        <dt>{t("profile.username")}</dt>
        <dd>{user.displayUsername ?? user.username ?? <span className="muted">{t("none", { ns: "common" })}</span>}</dd>
        <dt>{t("profile.verified")}</dt>
        <dd>{user.emailVerified ? <Badge tone="good">{t("status.verified")}</Badge> : <Badge tone="warn">{t("status.unverified")}</Badge>}</dd>
        <dt>{t("profile.created")}</dt>
        <dd>{formatDateTime(user.createdAt)}</dd>
        <dt>{t("profile.lastSignIn")}</dt>
        <dd>
          {user.lastSignInAt ? (
            <>
              {formatDateTime(user.lastSignInAt)} <span className="muted">({formatRelative(user.lastSignInAt)}) · {signInMethodLabel(t, user.lastSignInMethod)}</span>
            </>
          ) : (
            never
          )}
        </dd>
        <dt>{t("profile.id")}</dt>
        <dd>
          <code>{user.id}</code>
        </dd>
      </dl>
    </Section>
  );
}

function RoleSection({ user }: { user: AdminUser }) {
  const { t } = useTranslation("admin");
  const canSetRole = useAdminCan({ user: ["set-role"] });
  const setRole = useSetRole(user.id);
  const [role, setRoleValue] = useState(user.role);
  useEffect(() => setRoleValue(user.role), [user.role]);
  const options = ROLE_NAMES.includes(user.role) ? ROLE_NAMES : [...ROLE_NAMES, user.role];
  return (
    <Section title={t("role.title")} description={t("role.description")}>
      <form
        className="row role-form"
        onSubmit={(event) => {
          event.preventDefault();
          setRole.mutate(role, { onSuccess: () => toast.success(t("role.saved", { role: t(`roles.${role}`, { defaultValue: role }) })), onError: toastError });
        }}
      >
        <SelectField
          label={t("role.label")}
          value={role}
          disabled={!canSetRole}
          onChange={(event) => setRoleValue(event.target.value)}
          options={options.map((name) => ({ value: name, label: t(`roles.${name}`, { defaultValue: name }) }))}
        />
        {canSetRole ? (
          <Button type="submit" variant="primary" disabled={role === user.role} busy={setRole.isPending}>
            {t("role.save")}
          </Button>
        ) : null}
      </form>
      {setRole.error ? (
        <p className="form-error" role="alert">
          {errorText(setRole.error)}
        </p>
      ) : null}
    </Section>
  );
}

function BanSection({ user }: { user: AdminUser }) {
  const { t } = useTranslation("admin");
  const canBan = useAdminCan({ user: ["ban"] });
  const ban = useBanUser();
  const unban = useUnbanUser();
  const [open, setOpen] = useState(false);
  return (
    <Section
      title={t("banState.title")}
      actions={
        canBan ? (
          user.banned ? (
            <Button busy={unban.isPending} onClick={() => unban.mutate(user.id, { onSuccess: () => toast.success(t("banState.unbanned", { email: user.email })), onError: toastError })}>
              {t("banState.unban")}
            </Button>
          ) : (
            <Button variant="danger" onClick={() => setOpen(true)}>
              {t("banState.ban")}
            </Button>
          )
        ) : null
      }
    >
      <div role="status" aria-live="polite" className="ban-state">
        <UserStatus user={user} />
        <p className="ban-state-text">{user.banned ? banSummary(t, user) : t("banState.notBanned")}</p>
      </div>
      <BanDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) ban.reset();
        }}
        title={t("banState.dialogTitle", { email: user.email })}
        description={t("banState.dialogDescription")}
        submitLabel={t("banState.submit")}
        busy={ban.isPending}
        error={ban.error ? errorText(ban.error) : undefined}
        onSubmit={(values) =>
          ban.mutate(
            { userId: user.id, ...values },
            {
              onSuccess: () => {
                setOpen(false);
                toast.success(t("banState.banned", { email: user.email }));
              },
            },
          )
        }
      />
    </Section>
  );
}

function SessionsSection({ user }: { user: AdminUser }) {
  const { t } = useTranslation("admin");
  const canList = useAdminCan({ session: ["list"] });
  const canRevoke = useAdminCan({ session: ["revoke"] });
  const sessions = useUserSessions(user.id, canList);
  const revokeOne = useRevokeSession(user.id);
  const revokeAll = useRevokeSessions();
  const [confirmAll, setConfirmAll] = useState(false);
  if (!canList) return null;
  const list = sessions.data?.sessions ?? [];
  return (
    <Section
      title={t("sessions.title")}
      description={t("sessions.description")}
      actions={
        canRevoke && list.length > 0 ? (
          <Button variant="danger" onClick={() => setConfirmAll(true)}>
            {t("sessions.revokeAll")}
          </Button>
        ) : null
      }
    >
      {sessions.isPending ? (
        <Loading />
      ) : sessions.isError ? (
        <ErrorState error={sessions.error} onRetry={() => void sessions.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState title={t("sessions.empty")} />
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">{t("sessions.title")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("sessions.device")}</th>
                <th scope="col">{t("sessions.ip")}</th>
                <th scope="col">{t("sessions.started")}</th>
                <th scope="col">{t("sessions.lastSeen")}</th>
                <th scope="col">{t("sessions.expires")}</th>
                {canRevoke ? (
                  <th scope="col">
                    <span className="visually-hidden">{t("sessions.actions")}</span>
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {list.map((session) => (
                <tr key={session.id}>
                  <td className="cell-wrap" title={session.userAgent ?? undefined}>
                    {deviceLabel(t, session.userAgent)}{" "}
                    {session.impersonatedBy ? <Badge tone="warn">{t("sessions.impersonation")}</Badge> : null}
                  </td>
                  <td>{session.ipAddress ?? <span className="muted">{t("unknown", { ns: "common" })}</span>}</td>
                  <td>{formatDateTime(session.createdAt)}</td>
                  <td>{formatRelative(session.updatedAt)}</td>
                  <td>{formatDateTime(session.expiresAt)}</td>
                  {canRevoke ? (
                    <td>
                      <Button
                        size="small"
                        aria-label={t("sessions.revokeOneLabel", { started: formatDateTime(session.createdAt), ip: session.ipAddress ?? t("unknown", { ns: "common" }) })}
                        onClick={() => revokeOne.mutate(session.token, { onSuccess: () => toast.success(t("sessions.revoked")), onError: toastError })}
                      >
                        {t("sessions.revoke")}
                      </Button>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ConfirmDialog
        open={confirmAll}
        onOpenChange={setConfirmAll}
        title={t("sessions.revokeAllTitle", { email: user.email })}
        description={t("sessions.revokeAllDescription", { count: list.length })}
        confirmLabel={t("sessions.revokeAll")}
        busy={revokeAll.isPending}
        onConfirm={() =>
          revokeAll.mutate(user.id, {
            onSuccess: () => {
              setConfirmAll(false);
              toast.success(t("sessions.revokedAll", { email: user.email }));
            },
            onError: toastError,
          })
        }
      />
    </Section>
  );
}

function deviceLabel(t: (key: string, options?: Record<string, unknown>) => string, userAgent: string | null): string {
  if (!userAgent) return t("sessions.unknownDevice");
  const { browser, version, system } = describeUserAgent(userAgent);
  if (!browser && !system) return userAgent.length > 60 ? `${userAgent.slice(0, 60)}…` : userAgent;
  const name = browser ? (version ? `${browser} ${version}` : browser) : t("sessions.unknownBrowser");
  return system ? t("sessions.deviceOn", { browser: name, system }) : name;
}

function AccountsSection({ user }: { user: AdminUser }) {
  const { t } = useTranslation("admin");
  const accounts = useUserAccounts(user.id, true);
  const list = accounts.data?.accounts ?? [];
  return (
    <Section title={t("accounts.title")}>
      {accounts.isPending ? (
        <Loading />
      ) : accounts.isError ? (
        <ErrorState error={accounts.error} onRetry={() => void accounts.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState title={t("accounts.empty")} />
      ) : (
        <ul className="plain-list" aria-label={t("accounts.title")}>
          {list.map((account) => (
            <li key={account.id} className="spread">
              <span>
                <strong>{account.providerId === "credential" ? t("accounts.credential") : t("accounts.social", { provider: account.providerId })}</strong>
                {account.scopes?.length ? <span className="muted"> · {account.scopes.join(", ")}</span> : null}
              </span>
              <span className="muted">{t("accounts.linked", { date: formatDateTime(account.createdAt) })}</span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function OrganizationsSection({ user }: { user: AdminUser }) {
  const { t } = useTranslation("admin");
  const organizations = useUserOrganizations(user.id, true);
  const list = organizations.data?.organizations ?? [];
  return (
    <Section title={t("organizations.title")}>
      {organizations.isPending ? (
        <Loading />
      ) : organizations.isError ? (
        <ErrorState error={organizations.error} onRetry={() => void organizations.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState title={t("organizations.empty")} />
      ) : (
        <ul className="plain-list" aria-label={t("organizations.title")}>
          {list.map((organization) => (
            <li key={organization.id} className="spread">
              <span>
                <strong>{organization.name}</strong> <span className="muted">{organization.slug}</span>
              </span>
              <span>
                <Badge tone="info">{organization.role}</Badge> <span className="muted">{t("organizations.joined", { date: formatDateTime(organization.joinedAt) })}</span>
              </span>
            </li>
          ))}
          {(organizations.data?.total ?? 0) > list.length ? <li className="muted">{t("organizations.more", { count: (organizations.data?.total ?? 0) - list.length })}</li> : null}
        </ul>
      )}
    </Section>
  );
}

function AuditSection({ user }: { user: AdminUser }) {
  const { t, i18n } = useTranslation("admin");
  const canAudit = useAdminCan({ audit: ["list"] });
  const audit = useUserAudit(user.id, canAudit);
  if (!canAudit) return null;
  const events = audit.data?.events ?? [];
  return (
    <Section
      title={t("audit.title")}
      description={t("audit.description")}
      actions={
        <Link to="/admin/audit" search={{ target: user.id }}>
          {t("audit.full")}
        </Link>
      }
    >
      {audit.isPending ? (
        <Loading />
      ) : audit.isError ? (
        <ErrorState error={audit.error} onRetry={() => void audit.refetch()} />
      ) : events.length === 0 ? (
        <EmptyState title={t("audit.empty")} />
      ) : (
        <ul className="plain-list" aria-label={t("audit.title")}>
          {events.map((event) => (
            <li key={event.id} className="spread">
              <span>
                {i18n.exists(`actions.${event.action}`, { ns: "audit" }) ? (
                  <>
                    {t(`actions.${event.action}`, { ns: "audit" })} <code className="muted">{event.action}</code>
                  </>
                ) : (
                  <code>{event.action}</code>
                )}{" "}
                {event.success ? null : <Badge tone="bad">{t("audit.failed")}</Badge>}
                {event.reason ? <span className="muted"> · {event.reason}</span> : null}
              </span>
              <span className="muted">
                {event.actorId && event.actorId !== user.id ? t("audit.byOther") : event.actorId ? t("audit.bySelf") : t("audit.bySystem")} · {formatDateTime(event.createdAt)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function ImpersonateButton({ user, disabled }: { user: AdminUser; disabled: boolean }) {
  const { t } = useTranslation("admin");
  const href = useRouterState({ select: (state) => state.location.href });
  const navigate = useNavigate();
  const reset = useResetAfterSessionChange();
  const impersonate = useImpersonateUser();
  return (
    <Button
      disabled={disabled}
      title={disabled ? t("impersonate.self") : undefined}
      busy={impersonate.isPending}
      onClick={() => {
        rememberImpersonationReturn(href);
        impersonate.mutate(user.id, {
          onSuccess: async () => {
            await reset();
            toast.success(t("impersonate.started", { email: user.email }));
            await navigate({ to: "/account" });
          },
          onError: toastError,
        });
      }}
    >
      {t("impersonate.button")}
    </Button>
  );
}

function SetPasswordButton({ user }: { user: AdminUser }) {
  const { t } = useTranslation("admin");
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const setUserPassword = useSetUserPassword(user.id);
  return (
    <>
      <Button onClick={() => setOpen(true)}>{t("password.button")}</Button>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) {
            setPassword("");
            setUserPassword.reset();
          }
        }}
        title={t("password.title", { email: user.email })}
        description={t("password.description")}
      >
        <form
          className="stack"
          onSubmit={(event) => {
            event.preventDefault();
            setUserPassword.mutate(password, {
              onSuccess: () => {
                setOpen(false);
                setPassword("");
                toast.success(t("password.saved", { email: user.email }));
              },
            });
          }}
        >
          <TextField label={t("password.label")} type="password" autoComplete="new-password" value={password} onChange={(event) => setPassword(event.target.value)} required />
          {setUserPassword.error ? (
            <p className="form-error" role="alert">
              {errorText(setUserPassword.error)}
            </p>
          ) : null}
          <div className="dialog-footer">
            <Button onClick={() => setOpen(false)}>{t("cancel", { ns: "common" })}</Button>
            <Button type="submit" variant="primary" disabled={password === ""} busy={setUserPassword.isPending}>
              {t("password.submit")}
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}

function RemoveButton({ user }: { user: AdminUser }) {
  const { t } = useTranslation("admin");
  const [open, setOpen] = useState(false);
  const remove = useRemoveUser();
  const navigate = useNavigate();
  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)}>
        {t("remove.button")}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) remove.reset();
        }}
        title={t("remove.title", { email: user.email })}
        description={t("remove.description")}
        confirmLabel={t("remove.submit")}
        confirmText={user.email}
        busy={remove.isPending}
        onConfirm={() =>
          remove.mutate(user.id, {
            onSuccess: () => {
              setOpen(false);
              toast.success(t("remove.done", { email: user.email }));
              void navigate({ to: "/admin/users" });
            },
          })
        }
      >
        {remove.error ? (
          <p className="form-error" role="alert">
            {errorText(remove.error)}
          </p>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
