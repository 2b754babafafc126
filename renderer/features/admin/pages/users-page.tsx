/**
 * /admin/users: every user, searched, sorted and filtered on the server (the view lives in the
 * URL so it can be bookmarked), loaded 100 at a time as the admin scrolls, with only the visible
 * rows in the DOM. Rows can be selected for bulk actions; columns shown, hidden and reordered.
 */
import { getRouteApi, Link, useNavigate } from "@tanstack/react-router";
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef, type RowSelectionState } from "@tanstack/react-table";
import { useVirtualizer } from "@tanstack/react-virtual";
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useAdminCan } from "../../../app/permissions";
import { formatDate, formatDateTime, formatNumber, formatRelative } from "../../../ui/format";
import { Page } from "../../../ui/page";
import { EmptyState, ErrorState, Loading } from "../../../ui/states";
import { Button } from "../../../ui/button";
import { USER_COLUMNS, useColumnPrefs, type UserColumn } from "../column-prefs";
import { BulkActions } from "../components/bulk-actions";
import { ColumnMenu } from "../components/column-menu";
import { CreateUserDialog } from "../components/create-user-dialog";
import { NotAllowed } from "../components/not-allowed";
import { signInMethodLabel, UserStatus, banSummary } from "../components/user-status";
import { useUsers, type AdminUser } from "../queries";
import { ROLE_NAMES } from "../roles";
import type { UserSortField, UsersSearch } from "../users-search";
import "../admin.css";

const route = getRouteApi("/signed-in/admin/users");

const ROW_HEIGHT = 44;
const SEARCH_DEBOUNCE_MS = 200;

/** Which server sort field each column sorts by. */
const SORT_FIELD: Record<UserColumn, UserSortField> = {
  email: "email",
  name: "name",
  username: "username",
  role: "role",
  status: "banned",
  createdAt: "createdAt",
  lastSignIn: "lastSignInAt",
};

const COLUMN_SIZE: Record<UserColumn, number> = {
  email: 230,
  name: 160,
  username: 120,
  role: 110,
  status: 200,
  createdAt: 140,
  lastSignIn: 210,
};

type FilterChoice = "all" | "banned" | "notBanned" | "verified" | "unverified" | `role:${string}`;

function filterOf(search: UsersSearch): FilterChoice {
  if (search.banned !== undefined) return search.banned ? "banned" : "notBanned";
  if (search.verified !== undefined) return search.verified ? "verified" : "unverified";
  if (search.role) return `role:${search.role}`;
  return "all";
}

function searchForFilter(choice: FilterChoice): Pick<UsersSearch, "banned" | "verified" | "role"> {
  if (choice === "banned" || choice === "notBanned") return { banned: choice === "banned", verified: undefined, role: undefined };
  if (choice === "verified" || choice === "unverified") return { verified: choice === "verified", banned: undefined, role: undefined };
  if (choice.startsWith("role:")) return { role: choice.slice(5), banned: undefined, verified: undefined };
  return { banned: undefined, verified: undefined, role: undefined };
}

export function UsersPage() {
  const canList = useAdminCan({ user: ["list"] });
  const { t } = useTranslation("admin");
  if (!canList) {
    return (
      <Page title={t("users.title")}>
        <NotAllowed />
      </Page>
    );
  }
  return <UsersView />;
}

function UsersView() {
  const { t } = useTranslation("admin");
  const search = route.useSearch();
  const navigate = useNavigate({ from: "/admin/users" });
  const canCreate = useAdminCan({ user: ["create"] });
  const users = useUsers(search);
  const { prefs, toggle, move, reset } = useColumnPrefs();
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  // Keyboard: one row is in the tab order (the active one).
  const [activeIndex, setActiveIndex] = useState(0);

  const setSearch = (patch: Partial<UsersSearch>, replace = false) => void navigate({ search: (previous) => ({ ...previous, ...patch }), replace });

  // The search box: typed text reaches the URL (and so the server) 200 ms after the last key.
  const [text, setText] = useState(search.q ?? "");
  const pushed = useRef(search.q ?? "");
  useEffect(() => {
    const value = text.trim();
    if (value === pushed.current) return;
    const timer = setTimeout(() => {
      pushed.current = value;
      setSearch({ q: value || undefined }, true);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text]);
  useEffect(() => {
    // Back/forward or a bookmark changed the URL: show its search in the box.
    if ((search.q ?? "") !== pushed.current) {
      pushed.current = search.q ?? "";
      setText(search.q ?? "");
    }
  }, [search.q]);

  // A new view is a new set of rows: a selection made in the old one is dropped.
  const viewKey = JSON.stringify(search);
  useEffect(() => {
    setRowSelection({});
    setActiveIndex(0);
  }, [viewKey]);

  const rows = useMemo(() => users.data?.pages.flatMap((page) => page.users) ?? [], [users.data]);
  const total = users.data?.pages[0]?.total ?? 0;
  const sortField: UserSortField = search.sort ?? "createdAt";
  const sortDir = search.dir ?? (search.sort ? "asc" : "desc");

  const columns = useMemo<ColumnDef<AdminUser>[]>(() => {
    const label: Record<UserColumn, string> = {
      email: t("columns.email"),
      name: t("columns.name"),
      username: t("columns.username"),
      role: t("columns.role"),
      status: t("columns.status"),
      createdAt: t("columns.createdAt"),
      lastSignIn: t("columns.lastSignIn"),
    };
    const cell: Record<UserColumn, (user: AdminUser) => ReactNode> = {
      email: (user) => (
        <Link to="/admin/users/$userId" params={{ userId: user.id }} tabIndex={-1} className="cell-link">
          {user.email}
        </Link>
      ),
      name: (user) => user.name,
      username: (user) => user.displayUsername ?? user.username ?? "",
      role: (user) => user.role.split(",").map((role) => t(`roles.${role.trim()}`, { defaultValue: role.trim() })).join(", "),
      status: (user) => (
        <span title={user.banned ? banSummary(t, user) : undefined}>
          <UserStatus user={user} compact />
        </span>
      ),
      createdAt: (user) => <span title={formatDateTime(user.createdAt)}>{formatDate(user.createdAt)}</span>,
      lastSignIn: (user) =>
        user.lastSignInAt ? (
          <span title={formatDateTime(user.lastSignInAt)}>
            {formatRelative(user.lastSignInAt)} <span className="muted">· {signInMethodLabel(t, user.lastSignInMethod)}</span>
          </span>
        ) : (
          <span className="muted">{t("never", { ns: "common" })}</span>
        ),
    };
    return [
      {
        id: "select",
        size: 44,
        header: ({ table }) => (
          <input
            type="checkbox"
            aria-label={t("table.selectAll")}
            checked={table.getIsAllRowsSelected()}
            ref={(element) => {
              if (element) element.indeterminate = table.getIsSomeRowsSelected();
            }}
            onChange={table.getToggleAllRowsSelectedHandler()}
          />
        ),
        cell: ({ row }) => (
          <input
            type="checkbox"
            tabIndex={-1}
            aria-label={t("table.select", { email: row.original.email })}
            checked={row.getIsSelected()}
            onChange={row.getToggleSelectedHandler()}
          />
        ),
      },
      ...USER_COLUMNS.map<ColumnDef<AdminUser>>((id) => ({ id, header: label[id], size: COLUMN_SIZE[id], cell: ({ row }) => cell[id](row.original) })),
    ];
  }, [t]);

  const table = useReactTable({
    data: rows,
    columns,
    getRowId: (user) => user.id,
    getCoreRowModel: getCoreRowModel(),
    enableRowSelection: true,
    onRowSelectionChange: setRowSelection,
    state: {
      rowSelection,
      columnOrder: ["select", ...prefs.order],
      columnVisibility: Object.fromEntries(USER_COLUMNS.map((c) => [c, !prefs.hidden.includes(c)])),
    },
  });
  const tableRows = table.getRowModel().rows;

  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: tableRows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;
  // Near the end of what is loaded: fetch the next 100.
  useEffect(() => {
    if (lastIndex >= tableRows.length - 30 && users.hasNextPage && !users.isFetchingNextPage && !users.isPlaceholderData) void users.fetchNextPage();
  }, [lastIndex, tableRows.length, users]);
  // A new view starts at the top.
  useEffect(() => {
    scrollRef.current?.scrollTo({ top: 0 });
  }, [viewKey]);

  // Keyboard: one row is in the tab order; arrows move between rows, Enter opens, Space selects.
  const focusRow = (index: number) => {
    const target = Math.max(0, Math.min(tableRows.length - 1, index));
    setActiveIndex(target);
    virtualizer.scrollToIndex(target);
    requestAnimationFrame(() => scrollRef.current?.querySelector<HTMLElement>(`tr[data-index="${target}"]`)?.focus());
  };
  const openUser = (userId: string) => void navigate({ to: "/admin/users/$userId", params: { userId } });
  const onRowKey = (event: KeyboardEvent<HTMLTableRowElement>, index: number, userId: string) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === "Enter") {
      event.preventDefault();
      openUser(userId);
    } else if (event.key === " ") {
      event.preventDefault();
      tableRows[index]?.toggleSelected();
    } else if (event.key === "ArrowDown") {
      event.preventDefault();
      focusRow(index + 1);
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      focusRow(index - 1);
    } else if (event.key === "Home") {
      event.preventDefault();
      focusRow(0);
    } else if (event.key === "End") {
      event.preventDefault();
      focusRow(tableRows.length - 1);
    }
  };
  const onRowClick = (event: MouseEvent<HTMLTableRowElement>, userId: string) => {
    if ((event.target as HTMLElement).closest("a, button, input, label")) return;
    openUser(userId);
  };

  const selected = useMemo(() => {
    const byId = new Map(rows.map((user) => [user.id, user]));
    return Object.keys(rowSelection)
      .filter((id) => rowSelection[id])
      .flatMap((id) => {
        const user = byId.get(id);
        return user ? [{ id, email: user.email }] : [];
      });
  }, [rowSelection, rows]);

  const visibleColumns = table.getVisibleLeafColumns();
  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = items.length > 0 ? virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0) : 0;
  const filter = filterOf(search);
  const hasView = Boolean(search.q || filter !== "all");

  return (
    <Page
      title={t("users.title")}
      description={t("users.description")}
      actions={canCreate ? <CreateUserDialog onCreated={(userId) => openUser(userId)} /> : null}
    >
      <div className="users-toolbar" role="search" aria-label={t("users.searchRegion")}>
        <div className="field users-search">
          <label htmlFor="users-search">{t("users.search")}</label>
          <input id="users-search" type="search" value={text} onChange={(event) => setText(event.target.value)} placeholder={t("users.searchPlaceholder")} autoComplete="off" spellCheck={false} />
        </div>
        <div className="field">
          <label htmlFor="users-search-field">{t("users.searchField")}</label>
          <select id="users-search-field" value={search.field ?? "email"} onChange={(event) => setSearch({ field: event.target.value === "email" ? undefined : (event.target.value as "name") })}>
            <option value="email">{t("users.fields.email")}</option>
            <option value="name">{t("users.fields.name")}</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="users-search-op">{t("users.searchOperator")}</label>
          <select id="users-search-op" value={search.op ?? "contains"} onChange={(event) => setSearch({ op: event.target.value === "contains" ? undefined : (event.target.value as "starts_with" | "ends_with") })}>
            <option value="contains">{t("users.operators.contains")}</option>
            <option value="starts_with">{t("users.operators.starts_with")}</option>
            <option value="ends_with">{t("users.operators.ends_with")}</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="users-filter">{t("users.filter")}</label>
          <select id="users-filter" value={filter} onChange={(event) => setSearch(searchForFilter(event.target.value as FilterChoice))}>
            <option value="all">{t("users.filters.all")}</option>
            <option value="banned">{t("users.filters.banned")}</option>
            <option value="notBanned">{t("users.filters.notBanned")}</option>
            <option value="verified">{t("users.filters.verified")}</option>
            <option value="unverified">{t("users.filters.unverified")}</option>
            {ROLE_NAMES.map((role) => (
              <option key={role} value={`role:${role}`}>
                {t("users.filters.role", { role: t(`roles.${role}`, { defaultValue: role }) })}
              </option>
            ))}
          </select>
        </div>
        <div className="users-toolbar-end">
          <ColumnMenu prefs={prefs} labelOf={(c) => t(`columns.${c}`)} onToggle={toggle} onMove={move} onReset={reset} />
        </div>
      </div>

      <div className="spread users-summary">
        <p className="muted" role="status" aria-live="polite">
          {users.isPending ? t("users.loading") : t("users.total", { count: total, formatted: formatNumber(total) })}
          {users.isFetching && !users.isPending ? <span className="users-refreshing"> · {t("users.updating")}</span> : null}
        </p>
        {hasView ? (
          <Button size="small" variant="ghost" onClick={() => { setText(""); pushed.current = ""; void navigate({ search: {} }); }}>
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
        <div className="table-wrap users-scroll" ref={scrollRef}>
          <table className="table users-table" style={{ minWidth: visibleColumns.reduce((sum, column) => sum + column.getSize(), 0) }} role="grid" aria-label={t("users.tableLabel")} aria-rowcount={total + 1} aria-colcount={visibleColumns.length} aria-multiselectable="true">
            <colgroup>
              {visibleColumns.map((column) => (
                <col key={column.id} style={{ width: column.getSize() }} />
              ))}
            </colgroup>
            <thead>
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id} aria-rowindex={1}>
                  {group.headers.map((header) => {
                    const id = header.column.id as UserColumn | "select";
                    if (id === "select") {
                      return (
                        <th key={header.id} scope="col" className="cell-select">
                          {flexRender(header.column.columnDef.header, header.getContext())}
                        </th>
                      );
                    }
                    const field = SORT_FIELD[id];
                    const active = sortField === field;
                    return (
                      <th key={header.id} scope="col" aria-sort={active ? (sortDir === "asc" ? "ascending" : "descending") : "none"}>
                        <button
                          type="button"
                          className="sort-button"
                          onClick={() => setSearch({ sort: field, dir: active && sortDir === "asc" ? "desc" : "asc" })}
                        >
                          {flexRender(header.column.columnDef.header, header.getContext())}
                          <span aria-hidden="true" className="sort-mark">
                            {active ? (sortDir === "asc" ? "▲" : "▼") : ""}
                          </span>
                        </button>
                      </th>
                    );
                  })}
                </tr>
              ))}
            </thead>
            <tbody>
              {paddingTop > 0 ? (
                <tr aria-hidden="true" className="spacer">
                  <td colSpan={visibleColumns.length} style={{ height: paddingTop }} />
                </tr>
              ) : null}
              {items.map((item) => {
                const row = tableRows[item.index];
                if (!row) return null;
                return (
                  <tr
                    key={row.id}
                    data-index={item.index}
                    aria-rowindex={item.index + 2}
                    aria-selected={row.getIsSelected()}
                    tabIndex={item.index === activeIndex ? 0 : -1}
                    className="user-row"
                    style={{ height: ROW_HEIGHT }}
                    onClick={(event) => onRowClick(event, row.id)}
                    onKeyDown={(event) => onRowKey(event, item.index, row.id)}
                    onFocus={() => setActiveIndex(item.index)}
                  >
                    {row.getVisibleCells().map((cell) => (
                      <td key={cell.id} className={cell.column.id === "select" ? "cell-select" : undefined}>
                        {flexRender(cell.column.columnDef.cell, cell.getContext())}
                      </td>
                    ))}
                  </tr>
                );
              })}
              {paddingBottom > 0 ? (
                <tr aria-hidden="true" className="spacer">
                  <td colSpan={visibleColumns.length} style={{ height: paddingBottom }} />
                </tr>
              ) : null}
            </tbody>
          </table>
          {users.isFetchingNextPage ? <Loading label={t("users.loadingMore")} /> : null}
        </div>
      )}
    </Page>
  );
}
