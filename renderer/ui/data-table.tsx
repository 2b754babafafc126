/**
 * A plain data table's frame: scroll wrapper, a caption for screen readers, one header row (plus
 * an unlabelled-looking actions column when `actionsLabel` is given) and the caller's rows.
 */
import type { ReactNode } from "react";

export function DataTable({
  caption,
  columns,
  actionsLabel,
  className,
  children,
}: {
  caption: string;
  columns: ReactNode[];
  /** The actions column's heading, read by screen readers only. */
  actionsLabel?: string | undefined;
  className?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className="table-wrap">
      <table className={className ? `table ${className}` : "table"}>
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
