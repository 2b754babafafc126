/**
 * A plain data table's frame: scroll wrapper, a caption for screen readers, one header row (plus
 * an unlabelled-looking actions column when `actionsLabel` is given) and the caller's rows.
 * `stacked` tables lay each row out as a small card on a phone (issue 33: they scrolled sideways
 * inside their box at 390 px); their cells name their column in `data-label`, shown above the value.
 */
import type { ReactNode } from "react";

export function DataTable({
  caption,
  columns,
  actionsLabel,
  className,
  stacked,
  children,
}: {
  caption: string;
  columns: ReactNode[];
  /** The actions column's heading, read by screen readers only. */
  actionsLabel?: string | undefined;
  className?: string | undefined;
  stacked?: boolean | undefined;
  children: ReactNode;
}) {
  return (
    <div className="table-wrap">
      <table className={["table", stacked ? "table-stacked" : "", className ?? ""].filter(Boolean).join(" ")}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column, index) => (
              <th key={index} scope="col">
                {column}
              </th>
            ))}
            {actionsLabel ? (
              <th scope="col">
                <span className="visually-hidden">{actionsLabel}</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
