/** Sending mail: one interface, two transports (SMTP, or the outbox table when none is set). */
import { mailKinds } from "../../shared/contract/outbox.js";

export const MAIL_KINDS = mailKinds;
export type MailKind = (typeof MAIL_KINDS)[number];

export interface Mail {
  kind: MailKind;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The action link the mail carries. */
  url: string;
  /** The raw one-time token inside `url`, kept for the outbox (demos, QA); never logged. */
  token: string | null;
  /**
   * Seconds the mail's link or code keeps working (its longest-lived secret); null when it holds
   * none. The outbox keeps the mail that long (or a fixed retention when null).
   */
  validFor: number | null;
}

export interface Mailer {
  readonly transport: "smtp" | "outbox" | "memory";
  send(mail: Mail): Promise<void>;
  close?(): Promise<void>;
}
