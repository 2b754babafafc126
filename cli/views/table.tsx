/** Ink table: bold header, aligned columns, colour for states worth noticing. */
import { Box, Text, render } from "ink";
import { cell } from "../output.js";

function tone(column: string, value: unknown): string | undefined {
  if (column === "banned" && value === true) return "red";
  if (column === "status") {
    if (value === "pending") return "yellow";
    if (value === "accepted") return "green";
    if (value === "rejected" || value === "canceled") return "gray";
  }
  if (column === "current" && value === true) return "green";
  if (column === "role" && typeof value === "string" && /admin|owner/.test(value)) return "cyan";
  return undefined;
}

export function Table({ rows, columns }: { rows: Array<Record<string, unknown>>; columns: string[] }) {
  const widths = columns.map((column) => Math.max(column.length, ...rows.map((row) => cell(row[column]).length)));
  return (
    <Box flexDirection="column">
      <Box>
        {columns.map((column, i) => (
          <Box key={column} width={(widths[i] ?? 0) + 2} flexShrink={0}>
            <Text bold underline>
              {column.toUpperCase()}
            </Text>
          </Box>
        ))}
      </Box>
      {rows.map((row, r) => (
        <Box key={r}>
          {columns.map((column, i) => (
            <Box key={column} width={(widths[i] ?? 0) + 2} flexShrink={0}>
              <Text color={tone(column, row[column])} wrap="truncate-end">
                {cell(row[column])}
              </Text>
            </Box>
          ))}
        </Box>
      ))}
    </Box>
  );
}

export async function showTable(rows: Array<Record<string, unknown>>, columns: string[]): Promise<void> {
  const instance = render(<Table rows={rows} columns={columns} />, { patchConsole: false, exitOnCtrlC: false });
  instance.unmount();
  await instance.waitUntilExit();
}
