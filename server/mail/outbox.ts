/**
 * Mail transport for machines without SMTP: rows in the `outbox` table, read by `auth mail list`
 * and the console's Outbox page (GET /admin/list-outbox).
 *
 * The mails carry one-time links and two-factor codes, so a row must not be worth anything to
 * whoever copies the database (issue 19): subject, text, HTML, link and token are sealed together
 * (AES-256-GCM under the server secret's `outbox` key, crypto/encrypt.ts) and opened only when an
 * administrator lists them; only the kind and the recipient stay in clear, for filtering. Each
 * row also carries `expiresAt`, when its link or code stops working, and the periodic sweep
 * deletes it then (maintenance/sweep.ts), so the outbox does not keep a history of secrets.
 */
import type { DB } from "../db/database.js";
import type { OutboxRow } from "../db/types.js";
import { newId } from "../crypto/tokens.js";
import { open, seal } from "../crypto/encrypt.js";
import type { Clock } from "../clock.js";
import type { Mail, Mailer } from "./mailer.js";

/** The HKDF purpose of the outbox key: a sealed mail opens under no other purpose. */
export const OUTBOX_PURPOSE = "outbox";

/** How long a mail with no expiring secret in it stays in the outbox. */
export const OUTBOX_RETENTION_SECONDS = 7 * 24 * 3600;

/** What is sealed: everything in a mail but its kind and recipient. */
interface SealedContent {
  subject: string;
  text: string;
  html: string;
  url: string;
  token: string | null;
}

export function createOutboxMailer(db: DB, clock: Clock, secret: string): Mailer {
  let sent = 0;
  return {
    transport: "outbox",
    async send(mail: Mail) {
      const createdAt = clock.now();
      await insertOutboxMail(db, secret, mail, { id: sortableOutboxId((sent += 1)), createdAt });
    },
  };
}

/** Seals `mail` into a row; `expiresAt` defaults to the mail's own validity (or the retention). */
export async function insertOutboxMail(db: DB, secret: string, mail: Mail, at: { id: string; createdAt: number; expiresAt?: number }): Promise<void> {
  const content: SealedContent = { subject: mail.subject, text: mail.text, html: mail.html, url: mail.url, token: mail.token };
  const expiresAt = at.expiresAt ?? at.createdAt + (mail.validFor ?? OUTBOX_RETENTION_SECONDS) * 1000;
  await db
    .insertInto("outbox")
    .values({ id: at.id, kind: mail.kind, to: mail.to, sealed: seal(JSON.stringify(content), secret, OUTBOX_PURPOSE), expiresAt, createdAt: at.createdAt })
    .execute();
}

/**
 * Lists order by (createdAt, id). Two mails sent in the same millisecond (a bulk action, a test
 * clock) would otherwise come back in random-id order; a per-process sequence ahead of the random
 * part keeps them in the order they were sent.
 */
function sortableOutboxId(sequence: number): string {
  return `${sequence.toString(36).padStart(8, "0")}${newId()}`;
}

/** Deletes mails whose link or code no longer works; the number deleted. */
export async function deleteExpiredOutboxMail(db: DB, now: number): Promise<number> {
  const result = await db.deleteFrom("outbox").where("expiresAt", "<=", now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export interface OutboxQuery {
  to?: string;
  kind?: string;
  limit?: number;
}

/** An opened outbox row. */
export interface OutboxMail {
  id: string;
  kind: string;
  to: string;
  subject: string;
  url: string;
  token: string | null;
  createdAt: string;
  expiresAt: string;
  text: string;
  html: string;
  /** False when the row did not open under this secret (content left empty). */
  opened: boolean;
}

export interface OutboxPageQuery {
  /** Already lowercased. */
  to?: string;
  kind?: string;
  /** Only mails older than this (createdAt, id) — the previous page's last mail. */
  before?: { createdAt: number; id: string };
  limit: number;
  /** When given, expired mails the sweep has not reached yet are left out. */
  now?: number;
}

/** A page of outbox rows, newest first by (createdAt, id): the keyset the HTTP cursor names. */
export async function listOutboxPage(db: DB, secret: string, query: OutboxPageQuery): Promise<OutboxMail[]> {
  let select = db.selectFrom("outbox").selectAll();
  if (query.now !== undefined) select = select.where("expiresAt", ">", query.now);
  if (query.to !== undefined) select = select.where("to", "=", query.to);
  if (query.kind !== undefined) select = select.where("kind", "=", query.kind);
  const before = query.before;
  if (before) select = select.where((eb) => eb(eb.refTuple("createdAt", "id"), "<", eb.tuple(before.createdAt, before.id)));
  const rows = await select.orderBy("createdAt", "desc").orderBy("id", "desc").limit(query.limit).execute();
  return rows.map((row) => openOutboxRow(row, secret));
}

/** Newest first (the CLI and tests); `now`: the caller's clock, to leave expired mails out. */
export function listOutbox(db: DB, secret: string, query: OutboxQuery & { now?: number } = {}): Promise<OutboxMail[]> {
  return listOutboxPage(db, secret, {
    to: query.to?.trim().toLowerCase(),
    kind: query.kind,
    limit: query.limit ?? 100,
    now: query.now,
  });
}

/**
 * The row with its content opened. A row that does not open (sealed under another secret — the
 * secret was changed — or altered) is shown with its kind, recipient and dates and empty content,
 * instead of failing the whole list.
 */
function openOutboxRow(row: OutboxRow, secret: string): OutboxMail {
  const opened = open(row.sealed, secret, OUTBOX_PURPOSE);
  const content: SealedContent = opened ? (JSON.parse(opened) as SealedContent) : { subject: "", text: "", html: "", url: "", token: null };
  return {
    id: row.id,
    kind: row.kind,
    to: row.to,
    ...content,
    createdAt: new Date(Number(row.createdAt)).toISOString(),
    expiresAt: new Date(Number(row.expiresAt)).toISOString(),
    opened: opened !== null,
  };
}
