/**
 * GET /admin/list-outbox: the offline outbox for the console's mail viewer. It needs `user:list`:
 * the mails hold one-time links (verify, reset, change email, delete account), but an
 * administrator who may list users already holds the admin role that sets any user's password,
 * so reading them grants nothing new. The rows are sealed at rest (mail/outbox.ts) and opened
 * here with the server secret. With SMTP configured nothing is kept: `enabled: false`.
 */
import type { OutboxMailWire } from "../../../shared/contract/outbox.js";
import { defineHandlers } from "../../http/handler.js";
import { listOutboxPage, type OutboxMail } from "../../mail/outbox.js";
import { requirePermission } from "../../core/admin-access.js";

export const OUTBOX_DEFAULT_LIMIT = 20;

function toOutboxMail(mail: OutboxMail): OutboxMailWire {
  return { id: mail.id, to: mail.to, subject: mail.subject, kind: mail.kind, text: mail.text, html: mail.html, url: mail.url, token: mail.token, createdAt: mail.createdAt, expiresAt: mail.expiresAt };
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
    const mails = await listOutboxPage(ctx.app.db, ctx.app.secret, { to: q.to?.toLowerCase(), kind: q.kind, before, limit, now: ctx.app.clock.now() });
    const last = mails[mails.length - 1];
    return { enabled: true, mails: mails.map(toOutboxMail), nextCursor: mails.length === limit && last ? `${Date.parse(last.createdAt)}_${last.id}` : null };
  },
});
