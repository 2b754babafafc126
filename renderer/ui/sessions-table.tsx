/**
 * A table of sign-in sessions (device, IP address, started, last seen, optionally expiry), shared
 * by the account page (one's own sessions) and the admin user panel (someone else's). The caller
 * names the device, adds a badge (this device, impersonation) and the row's action.
 */
import type { ReactNode } from "react";
import { DataTable } from "./data-table";
import { formatDateTime, formatRelative } from "./format";

export interface SessionLike {
  id: string;
  userAgent?: string | null | undefined;
  ipAddress?: string | null | undefined;
  createdAt: string;
  updatedAt: string;
  expiresAt?: string | undefined;
}

export interface SessionsTableLabels {
  caption: string;
  device: string;
  ip: string;
  started: string;
  lastSeen: string;
  /** Shown only with this label. */
  expires?: string | undefined;
  /** The actions column's (hidden) heading; the column is there only when `action` is given. */
  actions: string;
  unknownIp: string;
}

export function SessionsTable<S extends SessionLike>({
  sessions,
  labels,
  device,
  badge,
  action,
}: {
  sessions: readonly S[];
  labels: SessionsTableLabels;
  device(session: S): string;
  badge?(session: S): ReactNode;
  action?(session: S): ReactNode;
}) {
  return (
    <DataTable
      caption={labels.caption}
      columns={[labels.device, labels.ip, labels.started, labels.lastSeen, ...(labels.expires ? [labels.expires] : [])]}
      actionsLabel={action ? labels.actions : undefined}
      stacked
    >
      {sessions.map((session) => (
        <tr key={session.id}>
          <td className="cell-wrap stacked-full" data-label={labels.device}>
            <span className="row">
              <span title={session.userAgent ?? undefined}>{device(session)}</span>
              {badge?.(session)}
            </span>
          </td>
          <td className="mono" data-label={labels.ip}>{session.ipAddress ?? <span className="muted">{labels.unknownIp}</span>}</td>
          <td data-label={labels.started}>{formatDateTime(session.createdAt)}</td>
          <td data-label={labels.lastSeen} title={formatDateTime(session.updatedAt)}>
            {formatRelative(session.updatedAt)}
          </td>
          {labels.expires ? <td data-label={labels.expires}>{formatDateTime(session.expiresAt)}</td> : null}
          {action ? <td className="stacked-full">{action(session)}</td> : null}
        </tr>
      ))}
    </DataTable>
  );
}
