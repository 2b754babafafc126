/**
 * Members of an organization: server-side search (name or email) and paging kept in the URL,
 * role changes (optimistic, rolled back on refusal), removal and adding to a team. One page of
 * rows at a time, so 10,000 members cost the same as ten.
 */
import { createColumnHelper, flexRender, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import { Link, useNavigate, useSearch } from "@tanstack/react-router";
import { useEffect, useEffectEvent, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import type { MemberWithUser } from "../../../../shared/contract/organization";
import { useCurrentSession } from "../../../app/session";
import { Button } from "../../../ui/button";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { Dialog } from "../../../ui/dialog";
import { SelectField, TextField } from "../../../ui/field";
import { formatDate, formatNumber } from "../../../ui/format";
import { Menu, MenuItem } from "../../../ui/menu";
import { Section } from "../../../ui/page";
import { Badge, EmptyState, ErrorState, Loading } from "../../../ui/states";
import { useOrganizationContext } from "../organization-context";
import { MEMBERS_PAGE_SIZE, useAddTeamMember, useMembersPage, useRemoveMember, useTeams, useUpdateMemberRole } from "../queries";
import { useDebounced } from "../../../ui/use-debounced";
import { BUILT_IN_ROLES, isOwner, useRoleLabel } from "../shared";
import { FormError } from "../../../ui/form-error";
import { DialogFooter } from "../../../ui/dialog-footer";
import { QueryStates } from "../../../ui/query-states";
import "../organization.css";

const column = createColumnHelper<MemberWithUser>();

export function MembersPage() {
  const { t } = useTranslation("organization");
  const { organization, role: myRole, can } = useOrganizationContext();
  const session = useCurrentSession();
  const search = useSearch({ from: "/signed-in/organizations/$organizationId/members" });
  const navigate = useNavigate();
  const q = search.q ?? "";
  const page = search.page ?? 1;
  const [typed, setTyped] = useState(q);
  const debounced = useDebounced(typed.trim(), 250);
  const members = useMembersPage(organization.id, q, page);
  const updateRole = useUpdateMemberRole(organization.id);
  const roleLabel = useRoleLabel();
  const [removing, setRemoving] = useState<MemberWithUser | null>(null);
  const [addingToTeam, setAddingToTeam] = useState<MemberWithUser | null>(null);
  const canUpdate = can({ member: ["update"] });
  const canDelete = can({ member: ["delete"] });
  const iAmOwner = isOwner(myRole);

  // The URL is the source of truth; typing updates it (debounced), Back/Forward update the box.
  // Each direction runs on its own source only (effect events read the other side): typing must
  // not be undone by a URL change, nor Back/Forward by the text still in the box.
  const pushToUrl = useEffectEvent((value: string) => {
    if (value !== q) void navigate({ to: "/organizations/$organizationId/members", params: { organizationId: organization.id }, search: { q: value || undefined, page: undefined }, replace: true });
  });
  const pullFromUrl = useEffectEvent((value: string) => {
    if (value !== debounced) setTyped(value);
  });
  useEffect(() => pushToUrl(debounced), [debounced]);
  useEffect(() => pullFromUrl(q), [q]);

  function goToPage(next: number) {
    void navigate({ to: "/organizations/$organizationId/members", params: { organizationId: organization.id }, search: { q: q || undefined, page: next > 1 ? next : undefined } });
  }

  const columns = useMemo(
    () => [
      column.accessor((member) => member.user.name, {
        id: "member",
        header: () => t("members.member"),
        cell: ({ row }) => (
          <span className="stack" style={{ gap: 0 }}>
            <span>
              {row.original.user.name}
              {row.original.userId === session.user.id ? <span className="muted"> {t("members.you")}</span> : null}
            </span>
            <span className="muted">{row.original.user.email}</span>
          </span>
        ),
      }),
      column.accessor("role", {
        header: () => t("members.role"),
        cell: ({ row }) => {
          const member = row.original;
          const protectedOwner = isOwner(member.role) && !iAmOwner;
          const values: string[] = [...BUILT_IN_ROLES];
          if (!values.includes(member.role)) values.push(member.role);
          if (!canUpdate || protectedOwner) return <span>{roleLabel(member.role)}</span>;
          return (
            <select
              className="org-role-select"
              aria-label={t("members.roleOf", { name: member.user.name })}
              value={member.role}
              disabled={updateRole.isPending && updateRole.variables?.memberId === member.id}
              onChange={(event) => {
                const next = event.target.value;
                updateRole.mutate({ memberId: member.id, role: next }, { onSuccess: () => toast.success(t("members.roleChanged", { name: member.user.name, role: roleLabel(next) })) });
              }}
            >
              {values.map((value) => (
                <option key={value} value={value} disabled={value === "owner" && !iAmOwner}>
                  {roleLabel(value)}
                </option>
              ))}
            </select>
          );
        },
      }),
      column.accessor("createdAt", { header: () => t("members.joined"), cell: ({ getValue }) => formatDate(getValue()) }),
      column.display({
        id: "actions",
        header: () => <span className="visually-hidden">{t("members.actions")}</span>,
        cell: ({ row }) => {
          const member = row.original;
          const mayRemove = canDelete && (!isOwner(member.role) || iAmOwner);
          if (!canUpdate && !mayRemove) return null;
          return (
            <Menu
              label={t("members.actionsFor", { name: member.user.name })}
              trigger={
                <Button size="small" variant="ghost" aria-label={t("members.actionsFor", { name: member.user.name })}>
                  ⋯
                </Button>
              }
            >
              {canUpdate ? <MenuItem onSelect={() => setAddingToTeam(member)}>{t("members.addToTeam")}</MenuItem> : null}
              {mayRemove ? (
                <MenuItem destructive onSelect={() => setRemoving(member)}>
                  {t("members.remove")}
                </MenuItem>
              ) : null}
            </Menu>
          );
        },
      }),
    ],
    [t, session.user.id, iAmOwner, canUpdate, canDelete, updateRole, roleLabel],
  );

  const data = members.data?.members ?? [];
  const total = members.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / MEMBERS_PAGE_SIZE));
  const table = useReactTable({ data, columns, getCoreRowModel: getCoreRowModel(), getRowId: (member) => member.id, manualPagination: true, pageCount: pages });
  const first = total === 0 ? 0 : (page - 1) * MEMBERS_PAGE_SIZE + 1;
  const last = Math.min(total, page * MEMBERS_PAGE_SIZE);

  return (
    <Section
      title={t("members.title")}
      description={members.data ? t("members.count", { count: total, formatted: formatNumber(total) }) : undefined}
      // Inviting starts where people look for it, among the members (issue 25); the form is on the Invitations tab.
      actions={
        can({ invitation: ["create"] }) ? (
          <Link to="/organizations/$organizationId/invitations" params={{ organizationId: organization.id }} hash="invite" className="button button-primary">
            {t("members.invite")}
          </Link>
        ) : undefined
      }
    >
      <div className="org-toolbar" role="search">
        <TextField label={t("members.search")} type="search" value={typed} onChange={(event) => setTyped(event.target.value)} placeholder={t("members.searchPlaceholder")} autoComplete="off" />
        {members.isFetching && !members.isPending ? <Badge tone="info">{t("members.updating")}</Badge> : null}
      </div>
      {members.isPending ? (
        <Loading />
      ) : members.isError ? (
        <ErrorState error={members.error} onRetry={() => void members.refetch()} />
      ) : data.length === 0 ? (
        <EmptyState title={q ? t("members.noMatchTitle") : t("members.emptyTitle")}>{q ? t("members.noMatchBody", { q }) : null}</EmptyState>
      ) : (
        <>
          <div className="table-wrap org-table-scroll">
            <table className="table" aria-busy={members.isFetching || undefined}>
              <caption className="visually-hidden">{t("members.caption", { name: organization.name })}</caption>
              <thead>
                {table.getHeaderGroups().map((group) => (
                  <tr key={group.id}>
                    {group.headers.map((header) => (
                      <th key={header.id} scope="col">
                        {flexRender(header.column.columnDef.header, header.getContext())}
                      </th>
                    ))}
                  </tr>
                ))}
              </thead>
              <tbody>
                {table.getRowModel().rows.map((row) => (
                  <tr key={row.id}>
                    {row.getVisibleCells().map((cell) => (
                      <td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav className="org-pager" aria-label={t("members.pages")}>
            <span className="muted" aria-live="polite">
              {t("members.range", { first: formatNumber(first), last: formatNumber(last), total: formatNumber(total) })}
            </span>
            <Button size="small" disabled={page <= 1} onClick={() => goToPage(page - 1)}>
              {t("common:previous")}
            </Button>
            <span>{t("members.pageOf", { page: formatNumber(page), pages: formatNumber(pages) })}</span>
            <Button size="small" disabled={page >= pages} onClick={() => goToPage(page + 1)}>
              {t("common:next")}
            </Button>
          </nav>
        </>
      )}
      <RemoveMemberDialog member={removing} onClose={() => setRemoving(null)} />
      <AddToTeamDialog member={addingToTeam} onClose={() => setAddingToTeam(null)} />
    </Section>
  );
}

function RemoveMemberDialog({ member, onClose }: { member: MemberWithUser | null; onClose(): void }) {
  const { t } = useTranslation("organization");
  const { organization } = useOrganizationContext();
  const remove = useRemoveMember(organization.id);
  const { reset: resetRemove } = remove; // bound once by TanStack's MutationObserver: stable
  useEffect(() => {
    if (member) resetRemove();
  }, [member, resetRemove]);
  return (
    <ConfirmDialog
      open={member !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t("members.removeTitle", { name: member?.user.name ?? "" })}
      description={t("members.removeBody", { email: member?.user.email ?? "", organization: organization.name })}
      confirmLabel={t("members.removeConfirm")}
      busy={remove.isPending}
      onConfirm={() =>
        member &&
        remove.mutate(member.id, {
          onSuccess: () => {
            toast.success(t("members.removed", { name: member.user.name }));
            onClose();
          },
        })
      }
    >
      <FormError error={remove.error} />
    </ConfirmDialog>
  );
}

function AddToTeamDialog({ member, onClose }: { member: MemberWithUser | null; onClose(): void }) {
  const { t } = useTranslation("organization");
  const { organization } = useOrganizationContext();
  const teams = useTeams(organization.id);
  const add = useAddTeamMember(organization.id);
  const [teamId, setTeamId] = useState("");
  const { reset: resetAdd } = add; // bound once by TanStack's MutationObserver: stable
  useEffect(() => {
    if (member) {
      resetAdd();
      setTeamId("");
    }
  }, [member, resetAdd]);
  const options = (teams.data ?? []).map((team) => ({ value: team.id, label: team.name }));
  const chosen = teamId || options[0]?.value || "";
  return (
    <Dialog open={member !== null} onOpenChange={(open) => (open ? undefined : onClose())} title={t("members.addToTeamTitle", { name: member?.user.name ?? "" })}>
      <QueryStates query={teams} isEmpty={options.length === 0} empty={<EmptyState title={t("teams.emptyTitle")}>{t("members.noTeams")}</EmptyState>}>
        <form
          className="stack"
          onSubmit={(event) => {
            event.preventDefault();
            if (!member || !chosen) return;
            add.mutate(
              { teamId: chosen, userId: member.userId },
              {
                onSuccess: () => {
                  toast.success(t("members.addedToTeam", { name: member.user.name, team: options.find((option) => option.value === chosen)?.label ?? "" }));
                  onClose();
                },
              },
            );
          }}
        >
          <SelectField label={t("members.team")} options={options} value={chosen} onChange={(event) => setTeamId(event.target.value)} />
          <FormError error={add.error} />
          <DialogFooter onCancel={onClose}>
            <Button type="submit" variant="primary" busy={add.isPending}>
              {t("members.addToTeamSubmit")}
            </Button>
          </DialogFooter>
        </form>
      </QueryStates>
    </Dialog>
  );
}
