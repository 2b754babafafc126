/** Teams of an organization: create, rename, remove; a team's members: list, add, remove. */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import type { Team } from "../../../../shared/contract/organization";
import { errorText } from "../../../ui/errors";
import { Button } from "../../../ui/button";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { Dialog } from "../../../ui/dialog";
import { TextField } from "../../../ui/field";
import { formatDate } from "../../../ui/format";
import { Section } from "../../../ui/page";
import { EmptyState, ErrorState, Loading } from "../../../ui/states";
import { useOrganizationContext } from "../organization-context";
import { useAddTeamMember, useCreateTeam, useMemberSearch, useMembersByUser, useRemoveTeam, useRemoveTeamMember, useRenameTeam, useTeamMembers, useTeams } from "../queries";
import { useDebounced } from "../../../ui/use-debounced";
import { FormError } from "../../../ui/form-error";
import { DialogFooter } from "../../../ui/dialog-footer";
import { QueryStates } from "../../../ui/query-states";
import "../organization.css";

export function TeamsPage() {
  const { t } = useTranslation("organization");
  const { organization, can } = useOrganizationContext();
  const teams = useTeams(organization.id);
  const [selectedId, setSelectedId] = useState<string | undefined>();
  const [renaming, setRenaming] = useState<Team | null>(null);
  const [removing, setRemoving] = useState<Team | null>(null);
  const list = teams.data ?? [];
  const selected = list.find((team) => team.id === selectedId) ?? list[0];

  return (
    <div className="stack">
      {can({ team: ["create"] }) ? <CreateTeamForm onCreated={(team) => setSelectedId(team.id)} /> : null}
      <div className="org-grid">
        <Section title={t("teams.title")}>
          <QueryStates query={teams} isEmpty={list.length === 0} empty={<EmptyState title={t("teams.emptyTitle")}>{t("teams.emptyBody")}</EmptyState>}>
            <ul className="org-list" aria-label={t("teams.title")}>
              {list.map((team) => (
                <li key={team.id} aria-current={team.id === selected?.id ? "true" : undefined}>
                  <Button variant="ghost" size="small" aria-pressed={team.id === selected?.id} onClick={() => setSelectedId(team.id)} aria-label={t("teams.show", { name: team.name })}>
                    {team.name}
                  </Button>
                  <span className="row">
                    {can({ team: ["update"] }) ? (
                      <Button size="small" onClick={() => setRenaming(team)} aria-label={t("teams.renameFor", { name: team.name })}>
                        {t("teams.rename")}
                      </Button>
                    ) : null}
                    {can({ team: ["delete"] }) ? (
                      <Button size="small" variant="ghost" onClick={() => setRemoving(team)} aria-label={t("teams.removeFor", { name: team.name })}>
                        {t("teams.remove")}
                      </Button>
                    ) : null}
                  </span>
                </li>
              ))}
            </ul>
          </QueryStates>
        </Section>
        {selected ? <TeamMembers team={selected} /> : null}
      </div>
      <RenameTeamDialog team={renaming} onClose={() => setRenaming(null)} />
      <RemoveTeamDialog team={removing} onClose={() => setRemoving(null)} />
    </div>
  );
}

function CreateTeamForm({ onCreated }: { onCreated(team: Team): void }) {
  const { t } = useTranslation("organization");
  const { organization } = useOrganizationContext();
  const create = useCreateTeam(organization.id);
  const [name, setName] = useState("");
  const [invalid, setInvalid] = useState(false);
  return (
    <Section title={t("teams.createTitle")}>
      <form
        className="org-toolbar org-toolbar-start"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const trimmed = name.trim();
          setInvalid(trimmed === "");
          if (!trimmed) return;
          create.mutate(trimmed, {
            onSuccess: (team) => {
              toast.success(t("teams.created", { name: team.name }));
              setName("");
              onCreated(team);
            },
          });
        }}
      >
        <TextField label={t("teams.name")} value={name} onChange={(event) => setName(event.target.value)} maxLength={256} error={invalid ? t("teams.nameRequired") : undefined} autoComplete="off" />
        <Button type="submit" variant="primary" busy={create.isPending}>
          {t("teams.create")}
        </Button>
      </form>
      <FormError error={create.error} />
    </Section>
  );
}

function RenameTeamDialog({ team, onClose }: { team: Team | null; onClose(): void }) {
  const { t } = useTranslation("organization");
  const { organization } = useOrganizationContext();
  const rename = useRenameTeam(organization.id);
  const [name, setName] = useState("");
  const { reset: resetRename } = rename; // bound once by TanStack's MutationObserver: stable
  useEffect(() => {
    if (team) {
      setName(team.name);
      resetRename();
    }
  }, [team, resetRename]);
  return (
    <Dialog open={team !== null} onOpenChange={(open) => (open ? undefined : onClose())} title={t("teams.renameTitle", { name: team?.name ?? "" })}>
      <form
        className="stack"
        onSubmit={(event) => {
          event.preventDefault();
          if (!team || !name.trim()) return;
          rename.mutate({ teamId: team.id, name: name.trim() }, { onSuccess: (renamed) => { toast.success(t("teams.renamed", { name: renamed.name })); onClose(); } });
        }}
      >
        <TextField label={t("teams.newName")} value={name} onChange={(event) => setName(event.target.value)} maxLength={256} required autoComplete="off" />
        <FormError error={rename.error} />
        <DialogFooter onCancel={onClose}>
          <Button type="submit" variant="primary" busy={rename.isPending} disabled={!name.trim()}>
            {t("teams.renameSubmit")}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}

function RemoveTeamDialog({ team, onClose }: { team: Team | null; onClose(): void }) {
  const { t } = useTranslation("organization");
  const { organization } = useOrganizationContext();
  const remove = useRemoveTeam(organization.id);
  const { reset: resetRemove } = remove; // bound once by TanStack's MutationObserver: stable
  useEffect(() => {
    if (team) resetRemove();
  }, [team, resetRemove]);
  return (
    <ConfirmDialog
      open={team !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t("teams.removeTitle", { name: team?.name ?? "" })}
      description={t("teams.removeBody")}
      confirmLabel={t("teams.removeConfirm")}
      busy={remove.isPending}
      onConfirm={() => team && remove.mutate(team.id, { onSuccess: () => { toast.success(t("teams.removed", { name: team.name })); onClose(); } })}
    >
      <FormError error={remove.error} />
    </ConfirmDialog>
  );
}

function TeamMembers({ team }: { team: Team }) {
  const { t } = useTranslation("organization");
  const { organization, can } = useOrganizationContext();
  const teamMembers = useTeamMembers(organization.id, team.id);
  const userIds = (teamMembers.data ?? []).map((member) => member.userId);
  const people = useMembersByUser(organization.id, userIds);
  const removeMember = useRemoveTeamMember(organization.id);
  const canAdd = can({ member: ["update"] });
  const canRemove = can({ member: ["delete"] });

  return (
    <Section title={t("teams.membersOf", { name: team.name })} description={t("teams.createdOn", { date: formatDate(team.createdAt) })}>
      {teamMembers.isPending ? (
        <Loading />
      ) : teamMembers.isError ? (
        <ErrorState error={teamMembers.error} onRetry={() => void teamMembers.refetch()} />
      ) : userIds.length === 0 ? (
        <EmptyState title={t("teams.noMembersTitle")}>{canAdd ? t("teams.noMembersBody") : null}</EmptyState>
      ) : (
        <ul className="org-list" aria-label={t("teams.membersOf", { name: team.name })}>
          {userIds.map((userId, index) => {
            const person = people[index]?.data;
            const name = person?.user.name ?? t("teams.formerMember");
            return (
              <li key={userId}>
                <span className="stack" style={{ gap: 0 }}>
                  <span>{people[index]?.isPending ? "…" : name}</span>
                  {person ? <span className="muted">{person.user.email}</span> : null}
                </span>
                {canRemove ? (
                  <Button
                    size="small"
                    variant="ghost"
                    busy={removeMember.isPending && removeMember.variables?.userId === userId}
                    aria-label={t("teams.removeMemberFor", { name, team: team.name })}
                    onClick={() => removeMember.mutate({ teamId: team.id, userId }, { onSuccess: () => toast.success(t("teams.memberRemoved", { name, team: team.name })) })}
                  >
                    {t("teams.removeMember")}
                  </Button>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {canAdd ? <AddTeamMember team={team} exclude={userIds} /> : null}
    </Section>
  );
}

function AddTeamMember({ team, exclude }: { team: Team; exclude: string[] }) {
  const { t } = useTranslation("organization");
  const { organization } = useOrganizationContext();
  const [search, setSearch] = useState("");
  const term = useDebounced(search.trim(), 250);
  const results = useMemberSearch(organization.id, term, term.length > 0);
  const add = useAddTeamMember(organization.id);
  const candidates = (results.data?.members ?? []).filter((member) => !exclude.includes(member.userId));
  return (
    <div className="stack">
      <TextField label={t("teams.findMember")} type="search" value={search} onChange={(event) => setSearch(event.target.value)} hint={t("teams.findMemberHint")} autoComplete="off" />
      {term && results.isError ? <ErrorState error={results.error} /> : null}
      {term && results.data ? (
        candidates.length === 0 ? (
          <p className="muted">{t("teams.noCandidates")}</p>
        ) : (
          <ul className="org-list" aria-label={t("teams.candidates")}>
            {candidates.map((member) => (
              <li key={member.id}>
                <span className="stack" style={{ gap: 0 }}>
                  <span>{member.user.name}</span>
                  <span className="muted">{member.user.email}</span>
                </span>
                <Button
                  size="small"
                  busy={add.isPending && add.variables?.userId === member.userId}
                  aria-label={t("teams.addMemberFor", { name: member.user.name, team: team.name })}
                  onClick={() =>
                    add.mutate(
                      { teamId: team.id, userId: member.userId },
                      { onSuccess: () => toast.success(t("teams.memberAdded", { name: member.user.name, team: team.name })), onError: (error) => toast.error(errorText(error)) },
                    )
                  }
                >
                  {t("teams.addMember")}
                </Button>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </div>
  );
}
