/**
 * The users table: only the visible rows are in the DOM (virtualized), the next 100 load as the
 * end comes near, headers sort on the server, and one row is in the tab order (arrows move,
 * Enter opens, Space selects).
 */
import { flexRender, useReactTable, type OnChangeFn, type Row, type RowSelectionState } from "@tanstack/react-table";
import { useVirtualizer } from "@tanstack/react-virtual";
import { memo, useCallback, useEffect, useEffectEvent, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent, type RefObject } from "react";
import { useTranslation } from "react-i18next";
import { Loading } from "../../../ui/states";
import { USER_COLUMNS, type ColumnPrefs, type UserColumn } from "../column-prefs";
import { incrementalCoreRowModel } from "../incremental-row-model";
import type { AdminUser } from "../queries";
import type { UserSortField, UsersSearch } from "../users-search";
import { SORT_FIELD, useUserColumns } from "./users-columns";

const ROW_HEIGHT = 44;

interface UserRowProps {
  row: Row<AdminUser>;
  index: number;
  selected: boolean;
  active: boolean;
  /** The visible columns in order (a string, so equal layouts compare equal), and their definitions (they change with the language). */
  columnsKey: string;
  columns: unknown;
  onClick(event: MouseEvent<HTMLTableRowElement>, userId: string): void;
  onKeyDown(event: KeyboardEvent<HTMLTableRowElement>, index: number, userId: string): void;
  onFocus(index: number): void;
}

/**
 * One row. Memoised on the user it shows (not react-table's row object, rebuilt whenever a page
 * arrives), so scrolling renders only the rows entering the window.
 */
const UserRow = memo(
  function UserRow({ row, index, selected, active, onClick, onKeyDown, onFocus }: UserRowProps) {
    return (
      <tr
        data-index={index}
        aria-rowindex={index + 2}
        aria-selected={selected}
        tabIndex={active ? 0 : -1}
        className="user-row"
        style={{ height: ROW_HEIGHT }}
        onClick={(event) => onClick(event, row.id)}
        onKeyDown={(event) => onKeyDown(event, index, row.id)}
        onFocus={() => onFocus(index)}
      >
        {row.getVisibleCells().map((cell) => (
          <td key={cell.id} className={cell.column.id === "select" ? "cell-select" : undefined}>
            {flexRender(cell.column.columnDef.cell, cell.getContext())}
          </td>
        ))}
      </tr>
    );
  },
  (before, after) =>
    before.row.original === after.row.original &&
    before.index === after.index &&
    before.selected === after.selected &&
    before.active === after.active &&
    before.columnsKey === after.columnsKey &&
    before.columns === after.columns &&
    before.onClick === after.onClick &&
    before.onKeyDown === after.onKeyDown &&
    before.onFocus === after.onFocus,
);

export interface UsersTableProps {
  rows: AdminUser[];
  total: number;
  /** Changes whenever the view (search, sort, filter) does: back to the top, first row active. */
  viewKey: string;
  sortField: UserSortField;
  sortDir: "asc" | "desc";
  setSearch(patch: Partial<UsersSearch>): void;
  prefs: ColumnPrefs;
  rowSelection: RowSelectionState;
  onRowSelectionChange: OnChangeFn<RowSelectionState>;
  openUser(userId: string): void;
  loadMore: { hasNextPage: boolean; isFetchingNextPage: boolean; paused: boolean; fetchNextPage(): unknown };
}

const getRowId = (user: AdminUser) => user.id;
const coreRowModel = incrementalCoreRowModel<AdminUser>();

/**
 * Column widths that follow content: each column starts at its minimum and grows to the widest
 * cell (header included) rendered since the columns or the language changed. A virtualized table
 * only ever holds the rows in view, so widths only grow — columns never jump as rows scroll by.
 * A table wider than its box scrolls inside the box.
 */
function useFittedWidths(tableRef: RefObject<HTMLTableElement | null>, columnIds: string[], resetKey: string) {
  const [fitted, setFitted] = useState<Record<string, number>>({});
  // Text changes width without a render when a font arrives (Cyrillic glyphs come from another
  // font file): measure again then.
  const [, setFontsLoaded] = useState(0);
  useEffect(() => {
    const fonts = typeof document !== "undefined" ? document.fonts : undefined;
    const again = () => setFontsLoaded((count) => count + 1);
    fonts?.addEventListener("loadingdone", again);
    return () => fonts?.removeEventListener("loadingdone", again);
  }, []);
  useEffect(() => setFitted({}), [resetKey]);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- measures after every render on purpose: rows scroll in with no dependency changing, and it sets state only when a column must grow, so it settles
  useLayoutEffect(() => {
    const table = tableRef.current;
    if (!table) return;
    let next: Record<string, number> | null = null;
    const grow = (cell: Element, index: number) => {
      const id = columnIds[index];
      if (!id) return;
      // scrollWidth is rounded: 2 px more, so a text 310.4 px wide never loses its end to an ellipsis.
      const needed = Math.ceil((cell as HTMLElement).scrollWidth) + 2;
      const current = (next ?? fitted)[id] ?? 0;
      if ((cell as HTMLElement).scrollWidth > (cell as HTMLElement).clientWidth && needed > current) next = { ...(next ?? fitted), [id]: needed };
    };
    table.querySelectorAll("thead th").forEach(grow);
    table.querySelectorAll("tbody tr.user-row").forEach((row) => Array.from(row.children).forEach(grow));
    if (next) setFitted(next);
  });
  return fitted;
}

export function UsersTable({ rows, total, viewKey, sortField, sortDir, setSearch, prefs, rowSelection, onRowSelectionChange, openUser, loadMore }: UsersTableProps) {
  const { t, i18n } = useTranslation("admin");
  const tableRef = useRef<HTMLTableElement>(null);
  const columns = useUserColumns();
  const [activeIndex, setActiveIndex] = useState(0);
  // Stable state objects, so react-table's memoised columns and cells survive a re-render.
  const columnOrder = useMemo(() => ["select", ...prefs.order], [prefs.order]);
  const columnVisibility = useMemo(() => Object.fromEntries(USER_COLUMNS.map((c) => [c, !prefs.hidden.includes(c)])), [prefs.hidden]);
  const table = useReactTable({
    data: rows,
    columns,
    getRowId,
    getCoreRowModel: coreRowModel,
    enableRowSelection: true,
    onRowSelectionChange,
    state: { rowSelection, columnOrder, columnVisibility },
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
  // An effect event: it reads the latest loadMore (a new object each render) without re-running
  // the effect for it; the effect runs when the position or the paging state changes.
  const fetchMoreNearEnd = useEffectEvent(() => {
    if (lastIndex >= tableRows.length - 30 && loadMore.hasNextPage && !loadMore.isFetchingNextPage && !loadMore.paused) void loadMore.fetchNextPage();
  });
  const { hasNextPage, isFetchingNextPage, paused } = loadMore;
  useEffect(() => fetchMoreNearEnd(), [lastIndex, tableRows.length, hasNextPage, isFetchingNextPage, paused]);
  // A new view starts at the top.
  // The virtualizer already knows the scroll offset (from scroll events): asking the element would
  // force a layout on every new search, even when the table is already at the top.
  const backToTop = useEffectEvent(() => {
    setActiveIndex(0);
    if ((virtualizer.scrollOffset ?? 0) > 0) scrollRef.current?.scrollTo({ top: 0 });
  });
  useEffect(() => backToTop(), [viewKey]);

  const focusRow = (index: number) => {
    const target = Math.max(0, Math.min(tableRows.length - 1, index));
    setActiveIndex(target);
    virtualizer.scrollToIndex(target);
    requestAnimationFrame(() => scrollRef.current?.querySelector<HTMLElement>(`tr[data-index="${target}"]`)?.focus());
  };
  // The rows' handlers are stable (memoised rows keep them) and read the latest render's state.
  const latest = useRef({ tableRows, openUser, focusRow });
  latest.current = { tableRows, openUser, focusRow };
  const onRowKey = useCallback((event: KeyboardEvent<HTMLTableRowElement>, index: number, userId: string) => {
    if (event.target !== event.currentTarget) return;
    const { tableRows, openUser, focusRow } = latest.current;
    const moves: Record<string, number> = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: tableRows.length - 1 };
    if (event.key === "Enter") openUser(userId);
    else if (event.key === " ") tableRows[index]?.toggleSelected();
    else if (event.key in moves) focusRow(moves[event.key]!);
    else return;
    event.preventDefault();
  }, []);
  const onRowClick = useCallback((event: MouseEvent<HTMLTableRowElement>, userId: string) => {
    if ((event.target as HTMLElement).closest("a, button, input, label")) return;
    latest.current.openUser(userId);
  }, []);

  const visibleColumns = table.getVisibleLeafColumns();
  const columnsKey = visibleColumns.map((column) => column.id).join(",");
  const columnIds = useMemo(() => columnsKey.split(","), [columnsKey]);
  const fitted = useFittedWidths(tableRef, columnIds, `${columnsKey} ${i18n.language}`);
  const widthOf = (column: { id: string; getSize(): number }) => Math.max(column.getSize(), fitted[column.id] ?? 0);
  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = items.length > 0 ? virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0) : 0;

  return (
    <div className="table-wrap users-scroll" ref={scrollRef}>
      <table ref={tableRef} className="table users-table" style={{ minWidth: visibleColumns.reduce((sum, column) => sum + widthOf(column), 0) }} role="grid" aria-label={t("users.tableLabel")} aria-rowcount={total + 1} aria-colcount={visibleColumns.length} aria-multiselectable="true">
        <colgroup>
          {visibleColumns.map((column) => (
            <col key={column.id} style={{ width: widthOf(column) }} />
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
                    <button type="button" className="sort-button" onClick={() => setSearch({ sort: field, dir: active && sortDir === "asc" ? "desc" : "asc" })}>
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
              <UserRow
                key={row.id}
                row={row}
                index={item.index}
                selected={row.getIsSelected()}
                active={item.index === activeIndex}
                columnsKey={columnsKey}
                columns={columns}
                onClick={onRowClick}
                onKeyDown={onRowKey}
                onFocus={setActiveIndex}
              />
            );
          })}
          {paddingBottom > 0 ? (
            <tr aria-hidden="true" className="spacer">
              <td colSpan={visibleColumns.length} style={{ height: paddingBottom }} />
            </tr>
          ) : null}
        </tbody>
      </table>
      {loadMore.isFetchingNextPage ? <Loading label={t("users.loadingMore")} /> : null}
    </div>
  );
}
