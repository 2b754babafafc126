/**
 * The mail outbox over HTTP (Latchkey extension), for the console's offline-demo viewer. Without
 * SMTP the server keeps each mail in the `outbox` table, sealed, until its link expires (the CLI
 * reads it with `auth mail list`).
 */
import { z } from "zod";
import { endpoint } from "./endpoint.js";
import { isoDate } from "./schemas.js";

/** What each mail is for; also the `kind` column of the outbox. */
export const mailKinds = ["verify-email", "reset-password", "change-email", "delete-account", "invitation", "otp", "magic-link", "email-otp"] as const;

export const outboxMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  kind: z.string(),
  text: z.string(),
  html: z.string(),
  /** The action link the mail carries (each mail carries exactly one). */
  url: z.string(),
  /** The one-time token inside `url` (null for mails whose link holds none, e.g. invitations). */
  token: z.string().nullable(),
  createdAt: isoDate,
  /** When the link or code stops working; the server deletes the mail then (7 days for mails without one). */
  expiresAt: isoDate,
});
export type OutboxMailWire = z.infer<typeof outboxMailSchema>;

export const outboxEndpoints = {
  adminListOutbox: endpoint({
    method: "GET",
    path: "/admin/list-outbox",
    summary:
      "Latchkey extension: mail kept in the outbox, newest first, optionally only to one address or of one kind; page with nextCursor (default 20, at most 100). enabled is false (and mails empty) when SMTP is configured",
    tags: ["admin"],
    access: "session",
    requires: "user:list (mails hold one-time links, but an administrator who may list users can already set any password)",
    query: z
      .object({
        to: z.string().trim().min(1).max(254).optional(),
        kind: z.enum(mailKinds).optional(),
        limit: z.coerce.number().int().min(1).max(100).optional(),
        /** nextCursor of the previous page: `<createdAt ms>_<id>`. */
        cursor: z.string().regex(/^\d{1,16}_[A-Za-z0-9_-]{1,64}$/, { message: "expected a nextCursor from a previous page" }).optional(),
      })
      .strict(),
    response: z.object({ enabled: z.boolean(), mails: z.array(outboxMailSchema), nextCursor: z.string().nullable() }),
  }),
} as const;
