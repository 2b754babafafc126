/**
 * /admin/users: every user, searched, sorted and filtered on the server (the view lives in the
 * URL so it can be bookmarked), loaded 100 at a time as the admin scrolls, with only the visible
 * rows in the DOM. Rows can be selected for bulk actions; columns shown, hidden and reordered.
 */
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import type { RowSelectionState } from "@tanstack/react-table";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { AdminGate } from "../../../app/admin-gate";
import { useAdminCan } from "../../../app/permissions";
import { Button } from "../../../ui/button";
import { formatNumber } from "../../../ui/format";
import { Page } from "../../../ui/page";
import { EmptyState, ErrorState, Loading } from "../../../ui/states";
import { useColumnPrefs } from "../column-prefs";
import { BulkActions } from "../components/bulk-actions";
import { CreateUserDialog } from "../components/create-user-dialog";
import { NotAllowed } from "../components/not-allowed";
import { UsersTable } from "../components/users-table";
import { filterOf, UsersToolbar } from "../components/users-toolbar";
import { useUsers } from "../queries";
import type { UserSortField, UsersSearch } from "../users-search";
import "../admin.css";

const route = getRouteApi("/signed-in/admin/users");

const SEARCH_DEBOUNCE_MS = 100;

export function UsersPage() {
  const { t } = useTranslation("admin");
  return (
    <AdminGate
      request={{ user: ["list"] }}
      denied={
        <Page title={t("users.title")}>
          <NotAllowed />
        </Page>
      }
    >
      <UsersView />
    </AdminGate>
  );
}

function UsersView() {
  const { t } = useTranslation("admin");
  const search = route.useSearch();
  const navigate = useNavigate({ from: "/admin/users" });
  const canCreate = useAdminCan({ user: ["create"] });
  const users = useUsers(search);
  const columns = useColumnPrefs();
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});

  const setSearch = useCallback((patch: Partial<UsersSearch>, replace = false) => void navigate({ search: (previous) => ({ ...previous, ...patch }), replace }), [navigate]);
  const onSearchText = useCallback((q: string | undefined) => setSearch({ q }, true), [setSearch]);
  const [searchBoxKey, setSearchBoxKey] = useState(0);

  // A new view is a new set of rows: a selection made in the old one is dropped.
  const viewKey = JSON.stringify(search);
  useEffect(() => setRowSelection((current) => (Object.keys(current).length > 0 ? {} : current)), [viewKey]);

  const rows = useMemo(() => users.data?.pages.flatMap((page) => page.users) ?? [], [users.data]);
  const total = users.data?.pages[0]?.total ?? 0;
  const sortField: UserSortField = search.sort ?? "createdAt";
  const sortDir = search.dir ?? (search.sort ? "asc" : "desc");
  const openUser = useCallback((userId: string) => void navigate({ to: "/admin/users/$userId", params: { userId } }), [navigate]);

  const selected = useMemo(() => {
    const byId = new Map(rows.map((user) => [user.id, user]));
    return Object.keys(rowSelection)
      .filter((id) => rowSelection[id])
      .flatMap((id) => {
        const user = byId.get(id);
        return user ? [{ id, email: user.email }] : [];
      });
  }, [rowSelection, rows]);

  const hasView = Boolean(search.q || filterOf(search) !== "all");

  return (
    <Page
      title={t("users.title")}
      description={t("users.description")}
      actions={canCreate ? <CreateUserDialog onCreated={(userId) => openUser(userId)} /> : null}
    >
      <UsersToolbar search={search} setSearch={setSearch} onSearchText={onSearchText} searchDebounceMs={SEARCH_DEBOUNCE_MS} searchBoxKey={searchBoxKey} columns={columns} />

      <div className="spread users-summary">
        <p className="muted" role="status" aria-live="polite">
          {users.isPending ? t("users.loading") : t("users.total", { count: total, formatted: formatNumber(total) })}
          {users.isFetching && !users.isPending ? <span className="users-refreshing"> · {t("users.updating")}</span> : null}
        </p>
        {hasView ? (
          <Button
            size="small"
            variant="ghost"
            onClick={() => {
              setSearchBoxKey((key) => key + 1);
              void navigate({ search: {} });
            }}
          >
            {t("users.clearView")}
          </Button>
        ) : null}
      </div>

      <BulkActions selected={selected} onDone={(removed) => setRowSelection((current) => Object.fromEntries(Object.entries(current).filter(([id]) => !removed.includes(id))))} />

      {users.isError && !users.data ? (
        <ErrorState error={users.error} onRetry={() => void users.refetch()} />
      ) : users.isPending ? (
        <Loading label={t("users.loading")} />
      ) : total === 0 && rows.length === 0 ? (
        <EmptyState title={hasView ? t("users.emptyFiltered") : t("users.empty")}>{hasView ? t("users.emptyFilteredHint") : null}</EmptyState>
      ) : (
        <UsersTable
          rows={rows}
          total={total}
          viewKey={viewKey}
          sortField={sortField}
          sortDir={sortDir}
          setSearch={setSearch}
          prefs={columns.prefs}
          rowSelection={rowSelection}
          onRowSelectionChange={setRowSelection}
          openUser={openUser}
          loadMore={{ hasNextPage: users.hasNextPage, isFetchingNextPage: users.isFetchingNextPage, paused: users.isPlaceholderData, fetchNextPage: users.fetchNextPage }}
        />
      )}
    </Page>
  );
}
