/**
 * react-table's core row model makes a new Row for every item whenever `data` changes. The users
 * table appends 100 users at a time to the thousands already loaded, so each page that arrived
 * rebuilt every row before it (and dropped their cached cells): the long frames while scrolling.
 * Here a Row is kept per user object (and position), so a new page builds only its own rows.
 */
import { createRow, getMemoOptions, memo, type Row, type RowModel, type Table } from "@tanstack/react-table";

export function incrementalCoreRowModel<T extends object>(): (table: Table<T>) => () => RowModel<T> {
  return (table) => {
    let made = new WeakMap<T, Row<T>>();
    let columnsSeen: unknown;
    return memo(
      () => [table.options.data, table.options.columns],
      (data, columns) => {
        // New column definitions (a language switch) mean new cells: start over.
        if (columns !== columnsSeen) {
          made = new WeakMap();
          columnsSeen = columns;
        }
        const rows: Row<T>[] = [];
        const rowsById: Record<string, Row<T>> = {};
        data.forEach((original, index) => {
          let row = made.get(original);
          if (!row || row.index !== index) {
            row = createRow(table, table._getRowId(original, index), original, index, 0);
            made.set(original, row);
          }
          rows.push(row);
          rowsById[row.id] = row;
        });
        return { rows, flatRows: rows, rowsById };
      },
      getMemoOptions(table.options, "debugTable", "getRowModel", () => table._autoResetPageIndex()),
    );
  };
}
