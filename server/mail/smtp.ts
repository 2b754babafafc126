/** SMTP transport through nodemailer, configured by URL (smtp://user:pass@host:port). */
import nodemailer from "nodemailer";
import type { Mail, Mailer } from "./mailer.js";

export function createSmtpMailer(url: string, from: string): Mailer {
  const transporter = nodemailer.createTransport(url);
  return {
    transport: "smtp",
    async send(mail: Mail) {
      await transporter.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: { "X-Latchkey-Kind": mail.kind },
      });
    },
    async close() {
      transporter.close();
    },
  };
}
