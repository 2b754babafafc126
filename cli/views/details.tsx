/** Ink view of one record: dim field names, values coloured by meaning. */
import { Box, Text, render } from "ink";
import { currentLanguage, longDate } from "../i18n/index.js";
import { cell } from "../output.js";
import { fieldLabel, isTimeColumn, localValue, relativeTime } from "./table-layout.js";

/**
 * An instant as people read it: the local date and time in the CLI's language and how long ago
 * (or ahead) it is, "28 November 2026 at 08:15 (in 7 days)"; never ISO or epoch milliseconds
 * (#25, #33). --json keeps the server's ISO strings.
 */
function shown(field: string, value: unknown): string {
  if (!isTimeColumn(field) || (typeof value !== "string" && typeof value !== "number")) return typeof value === "boolean" || field === "role" ? localValue(field, value) : cell(value);
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return cell(value);
  return `${longDate(at)} (${relativeTime(at.getTime(), Date.now(), currentLanguage())})`;
}

/** Field names in the CLI's language (--json keeps the keys); values yes/no and role names too (#33). */
export function Details({ record, fields }: { record: Record<string, unknown>; fields: string[] }) {
  const labels = new Map(fields.map((field) => [field, fieldLabel(field)]));
  const width = Math.max(...[...labels.values()].map((label) => label.length)) + 2;
  return (
    <Box flexDirection="column">
      {fields.map((field) => {
        const value = record[field];
        const color = value === true ? "green" : value === false ? "gray" : value === null || value === undefined ? "gray" : undefined;
        return (
          <Box key={field}>
            <Box width={width} flexShrink={0}>
              <Text dimColor>{labels.get(field)}</Text>
            </Box>
            <Text color={field === "banned" && value === true ? "red" : color}>{value === null || value === undefined ? "—" : shown(field, value)}</Text>
          </Box>
        );
      })}
    </Box>
  );
}

export async function showDetails(record: Record<string, unknown>, fields: string[]): Promise<void> {
  const instance = render(<Details record={record} fields={fields} />, { patchConsole: false, exitOnCtrlC: false });
  instance.unmount();
  await instance.waitUntilExit();
}
