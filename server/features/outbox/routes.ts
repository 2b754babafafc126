/**
 * GET /admin/list-outbox: the offline outbox for the console's mail viewer. It needs `user:list`:
 * the mails hold one-time links (verify, reset, change email, delete account), but an
 * administrator who may list users already holds the admin role that sets any user's password,
 * so reading them grants nothing new. With SMTP configured nothing is kept: `enabled: false`.
 */
import type { OutboxMailWire } from "../../../shared/contract/outbox.js";
import { defineHandlers } from "../../http/handler.js";
import type { OutboxRow } from "../../db/types.js";
import { listOutboxPage } from "../../mail/outbox.js";
import { requirePermission } from "../../core/admin-access.js";
import { iso } from "../../core/user/wire.js";

export const OUTBOX_DEFAULT_LIMIT = 20;

function toOutboxMail(row: OutboxRow): OutboxMailWire {
  return { id: row.id, to: row.to, subject: row.subject, kind: row.kind, text: row.text, html: row.html, url: row.url, token: row.token, createdAt: iso(row.createdAt) };
}

export const outboxHandlers = defineHandlers({
  adminListOutbox: async (ctx) => {
    requirePermission(ctx.app.config, ctx.auth.user, { user: ["list"] }, "YOU_ARE_NOT_ALLOWED_TO_LIST_OUTBOX");
    if (ctx.app.mailer.transport !== "outbox") return { enabled: false, mails: [], nextCursor: null };
    const q = ctx.query;
    const limit = q.limit ?? OUTBOX_DEFAULT_LIMIT;
    let before: { createdAt: number; id: string } | undefined;
    if (q.cursor !== undefined) {
      const split = q.cursor.indexOf("_");
      before = { createdAt: Number(q.cursor.slice(0, split)), id: q.cursor.slice(split + 1) };
    }
    const rows = await listOutboxPage(ctx.app.db, { to: q.to?.toLowerCase(), kind: q.kind, before, limit });
    const last = rows[rows.length - 1];
    return { enabled: true, mails: rows.map(toOutboxMail), nextCursor: rows.length === limit && last ? `${Number(last.createdAt)}_${last.id}` : null };
  },
});
