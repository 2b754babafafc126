/** The users table's row model: a page of users arriving builds only its own rows (issue 9's scrolling). */
import { createTable, type TableOptionsResolved } from "@tanstack/react-table";
import { describe, expect, it } from "vitest";
import { incrementalCoreRowModel } from "../../renderer/features/admin/incremental-row-model.js";

interface User {
  id: string;
  email: string;
}

const page = (from: number) => Array.from({ length: 100 }, (_, i) => ({ id: `u${from + i}`, email: `user${from + i}@example.com` }));

function tableOf(data: User[], columns = [{ accessorKey: "email" }]) {
  const options = {
    data,
    columns,
    getRowId: (user: User) => user.id,
    getCoreRowModel: incrementalCoreRowModel<User>(),
    state: {},
    onStateChange: () => {},
    renderFallbackValue: null,
  } as unknown as TableOptionsResolved<User>;
  const table = createTable(options);
  table.setOptions((previous) => ({ ...previous, state: table.initialState }));
  return { table, options };
}

describe("incremental core row model", () => {
  it("keeps the rows already built when a page is appended, and builds the new ones", () => {
    const first = page(0);
    const { table, options } = tableOf(first);
    const before = table.getRowModel().rows;
    expect(before).toHaveLength(100);
    table.setOptions({ ...options, data: [...first, ...page(100)], state: table.initialState });
    const after = table.getRowModel().rows;
    expect(after).toHaveLength(200);
    expect(after[0]).toBe(before[0]);
    expect(after[99]).toBe(before[99]);
    expect(after[150]!.original.email).toBe("user150@example.com");
    expect(table.getRowModel().rowsById.u150).toBe(after[150]);
  });

  it("builds every row again for new column definitions, and for a user at a new position", () => {
    const first = page(0);
    const { table, options } = tableOf(first);
    const before = table.getRowModel().rows;
    table.setOptions({ ...options, data: [first[1]!, first[0]!], state: table.initialState });
    const moved = table.getRowModel().rows;
    expect(moved[0]!.index).toBe(0);
    expect(moved[0]!.original).toBe(first[1]);
    expect(moved[0]).not.toBe(before[1]);
    table.setOptions({ ...options, data: first, columns: [{ accessorKey: "id" }], state: table.initialState });
    expect(table.getRowModel().rows[0]).not.toBe(before[0]);
  });
});
