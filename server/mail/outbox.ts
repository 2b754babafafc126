/** Mail transport for machines without SMTP: rows in the `outbox` table, read by `auth mail list`. */
import type { DB } from "../db/database.js";
import type { OutboxRow } from "../db/types.js";
import { newId } from "../crypto/tokens.js";
import type { Clock } from "../clock.js";
import type { Mail, Mailer } from "./mailer.js";

export function createOutboxMailer(db: DB, clock: Clock): Mailer {
  let sent = 0;
  return {
    transport: "outbox",
    async send(mail: Mail) {
      await db
        .insertInto("outbox")
        .values({ id: sortableOutboxId((sent += 1)), ...mail, createdAt: clock.now() })
        .execute();
    },
  };
}

/**
 * Lists order by (createdAt, id). Two mails sent in the same millisecond (a bulk action, a test
 * clock) would otherwise come back in random-id order; a per-process sequence ahead of the random
 * part keeps them in the order they were sent.
 */
function sortableOutboxId(sequence: number): string {
  return `${sequence.toString(36).padStart(8, "0")}${newId()}`;
}

export interface OutboxQuery {
  to?: string;
  kind?: string;
  limit?: number;
}

export interface OutboxMail {
  id: string;
  kind: string;
  to: string;
  subject: string;
  url: string;
  token: string | null;
  createdAt: string;
  text: string;
}

export interface OutboxPageQuery {
  /** Already lowercased. */
  to?: string;
  kind?: string;
  /** Only mails older than this (createdAt, id) — the previous page's last mail. */
  before?: { createdAt: number; id: string };
  limit: number;
}

/** A page of outbox rows, newest first by (createdAt, id): the keyset the HTTP cursor names. */
export function listOutboxPage(db: DB, query: OutboxPageQuery): Promise<OutboxRow[]> {
  let select = db.selectFrom("outbox").selectAll();
  if (query.to !== undefined) select = select.where("to", "=", query.to);
  if (query.kind !== undefined) select = select.where("kind", "=", query.kind);
  const before = query.before;
  if (before) select = select.where((eb) => eb(eb.refTuple("createdAt", "id"), "<", eb.tuple(before.createdAt, before.id)));
  return select.orderBy("createdAt", "desc").orderBy("id", "desc").limit(query.limit).execute();
}

/** Newest first. */
export async function listOutbox(db: DB, query: OutboxQuery = {}): Promise<OutboxMail[]> {
  let select = db.selectFrom("outbox").selectAll().orderBy("createdAt", "desc").orderBy("id", "desc");
  if (query.to) select = select.where("to", "=", query.to.trim().toLowerCase());
  if (query.kind) select = select.where("kind", "=", query.kind);
  const rows = await select.limit(query.limit ?? 100).execute();
  return rows.map(toOutboxMail);
}

function toOutboxMail(row: OutboxRow): OutboxMail {
  return {
    id: row.id,
    kind: row.kind,
    to: row.to,
    subject: row.subject,
    url: row.url,
    token: row.token,
    createdAt: new Date(Number(row.createdAt)).toISOString(),
    text: row.text,
  };
}
