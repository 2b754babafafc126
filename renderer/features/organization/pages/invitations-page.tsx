/** An organization's invitations: invite by email with a role and team; status, expiry, resend, cancel. */
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useState } from "react";
import { useRouterState } from "@tanstack/react-router";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { z } from "zod";
import type { Invitation } from "../../../../shared/contract/organization";
import { errorCode, errorText } from "../../../ui/errors";
import { Button } from "../../../ui/button";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { SelectField, TextField } from "../../../ui/field";
import { formatDateTime, formatRelative } from "../../../ui/format";
import { Section } from "../../../ui/page";
import { Badge, EmptyState, ErrorState, Loading } from "../../../ui/states";
import { useOrganizationContext } from "../organization-context";
import { useCancelInvitation, useInvitations, useInvite, useTeams } from "../queries";
import { isOwner, useRoleLabel } from "../shared";
import { DataTable } from "../../../ui/data-table";
import "../organization.css";
import { serverNow } from "../../../ui/server-clock";

function splitTeams(teamId: string | null): string[] {
  return teamId ? teamId.split(",").map((id) => id.trim()).filter(Boolean) : [];
}

export function InvitationsPage() {
  const { t } = useTranslation("organization");
  const { organization, can } = useOrganizationContext();
  const canInvite = can({ invitation: ["create"] });
  const canCancel = can({ invitation: ["cancel"] });
  // Listed for everyone who opens the page: a member who may not see them gets the server's answer in words.
  const invitations = useInvitations(organization.id, true);
  const teams = useTeams(organization.id);
  const cancel = useCancelInvitation(organization.id);
  const resend = useInvite(organization.id);
  const roleLabel = useRoleLabel();
  const [canceling, setCanceling] = useState<Invitation | null>(null);
  const teamName = (id: string) => teams.data?.find((team) => team.id === id)?.name ?? t("invitations.unknownTeam");
  const now = serverNow();

  return (
    <div className="stack">
      {canInvite ? <InviteForm /> : null}
      <Section title={t("invitations.title")} description={t("invitations.description")}>
        {invitations.isPending ? (
          <Loading />
        ) : invitations.isError ? (
          <ErrorState error={invitations.error} onRetry={() => void invitations.refetch()} />
        ) : invitations.data.length === 0 ? (
          <EmptyState title={t("invitations.emptyTitle")}>{canInvite ? t("invitations.emptyBody") : null}</EmptyState>
        ) : (
          <DataTable caption={t("invitations.title")} columns={[t("invitations.email"), t("invitations.role"), t("invitations.team"), t("invitations.status"), t("invitations.expires")]} actionsLabel={t("invitations.actions")}>
            {invitations.data.map((invitation) => {
              const expired = invitation.status === "pending" && new Date(invitation.expiresAt).getTime() <= now;
              const pending = invitation.status === "pending" && !expired;
              const teamsOf = splitTeams(invitation.teamId);
              return (
                <tr key={invitation.id}>
                  <td>{invitation.email}</td>
                  <td>{roleLabel(invitation.role)}</td>
                  <td>{teamsOf.length ? teamsOf.map(teamName).join(", ") : <span className="muted">{t("invitations.noTeam")}</span>}</td>
                  <td>
                    <StatusBadge status={expired ? "expired" : invitation.status} />
                  </td>
                  <td title={formatDateTime(invitation.expiresAt)}>{invitation.status === "pending" ? formatRelative(invitation.expiresAt) : <span className="muted">—</span>}</td>
                  <td>
                    <span className="row">
                      {canInvite && invitation.status === "pending" ? (
                        <Button
                          size="small"
                          busy={resend.isPending && resend.variables?.email === invitation.email}
                          aria-label={t("invitations.resendTo", { email: invitation.email })}
                          onClick={() =>
                            resend.mutate(
                              { email: invitation.email, role: invitation.role, teamId: teamsOf, resend: true },
                              { onSuccess: () => toast.success(t("invitations.resent", { email: invitation.email })), onError: (error) => toast.error(errorText(error)) },
                            )
                          }
                        >
                          {t("invitations.resend")}
                        </Button>
                      ) : null}
                      {canCancel && pending ? (
                        <Button size="small" variant="ghost" aria-label={t("invitations.cancelFor", { email: invitation.email })} onClick={() => setCanceling(invitation)}>
                          {t("invitations.cancel")}
                        </Button>
                      ) : null}
                    </span>
                  </td>
                </tr>
              );
            })}
          </DataTable>
        )}
      </Section>
      <ConfirmDialog
        open={canceling !== null}
        onOpenChange={(open) => (open ? undefined : setCanceling(null))}
        title={t("invitations.cancelTitle")}
        description={t("invitations.cancelBody", { email: canceling?.email ?? "" })}
        confirmLabel={t("invitations.cancelConfirm")}
        busy={cancel.isPending}
        onConfirm={() =>
          canceling &&
          cancel.mutate(canceling.id, {
            onSuccess: () => toast.success(t("invitations.canceled", { email: canceling.email })),
            onSettled: () => setCanceling(null),
          })
        }
      />
    </div>
  );
}

function StatusBadge({ status }: { status: Invitation["status"] | "expired" }) {
  const { t } = useTranslation("organization");
  const tone = status === "pending" ? "info" : status === "accepted" ? "good" : status === "expired" ? "warn" : "neutral";
  return <Badge tone={tone}>{t(`invitations.statuses.${status}`)}</Badge>;
}

function InviteForm() {
  const { t } = useTranslation("organization");
  const { organization, role } = useOrganizationContext();
  const teams = useTeams(organization.id);
  const invite = useInvite(organization.id);
  const roleLabel = useRoleLabel();
  const schema = z.object({
    email: z.string().trim().min(1, t("invitations.emailRequired")).email(t("invitations.emailInvalid")),
    role: z.string().min(1),
    teamId: z.string(),
  });
  const form = useForm<z.infer<typeof schema>>({ resolver: zodResolver(schema), defaultValues: { email: "", role: "member", teamId: "" } });
  const roles = ["member", "admin", ...(isOwner(role) ? ["owner"] : [])].map((value) => ({ value, label: roleLabel(value) }));
  const teamOptions = [{ value: "", label: t("invitations.noTeam") }, ...(teams.data ?? []).map((team) => ({ value: team.id, label: team.name }))];

  async function send(values: z.infer<typeof schema>, resend = false) {
    try {
      await invite.mutateAsync({ email: values.email, role: values.role, teamId: values.teamId || undefined, resend });
      toast.success(t(resend ? "invitations.resent" : "invitations.sent", { email: values.email }));
      form.reset({ email: "", role: values.role, teamId: values.teamId });
    } catch {
      /* shown below */
    }
  }
  const submit = form.handleSubmit((values) => send(values));
  // "Invite people" on the members page links here with #invite: the person came to type an
  // address, so the caret is waiting in the email field (issue 33).
  const hash = useRouterState({ select: (state) => state.location.hash });
  const { setFocus } = form;
  useEffect(() => {
    if (hash === "invite") setFocus("email");
  }, [hash, setFocus]);
  const alreadyInvited = errorCode(invite.error) === "USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION";

  return (
    <Section title={t("invitations.inviteTitle")} description={t("invitations.inviteDescription")}>
      <form className="stack" onSubmit={submit} noValidate>
        <div className="org-invite-form">
          <TextField label={t("invitations.email")} type="email" autoComplete="off" error={form.formState.errors.email?.message} {...form.register("email")} />
          <SelectField label={t("invitations.role")} options={roles} {...form.register("role")} />
          <SelectField label={t("invitations.team")} options={teamOptions} {...form.register("teamId")} />
          <Button type="submit" variant="primary" busy={invite.isPending}>
            {t("invitations.send")}
          </Button>
        </div>
        {invite.error ? (
          <div className="form-error row" role="alert">
            <span>{errorText(invite.error)}</span>
            {alreadyInvited ? (
              <Button size="small" onClick={() => void send(form.getValues(), true)}>
                {t("invitations.resendInstead")}
              </Button>
            ) : null}
          </div>
        ) : null}
      </form>
    </Section>
  );
}
