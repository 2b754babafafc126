/**
 * Every mail has a plain-text and an HTML body with the product name and one action link.
 * Values that came from users (names, organization names) are escaped in the HTML.
 */
import type { Mail, MailKind } from "../mailer.js";

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

export interface MailContent {
  kind: MailKind;
  to: string;
  appName: string;
  subject: string;
  /** Paragraphs of plain text (unescaped). */
  lines: string[];
  action: string;
  url: string;
  token: string | null;
}

export function renderMail(content: MailContent): Mail {
  const text = [...content.lines, "", `${content.action}: ${content.url}`, "", `— ${content.appName}`].join("\n");
  const paragraphs = content.lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("\n    ");
  const html = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>
  <body style="font-family: system-ui, sans-serif; max-width: 560px; margin: 2em auto; color: #1f2933;">
    <h1 style="font-size: 20px;">${escapeHtml(content.appName)}</h1>
    ${paragraphs}
    <p><a href="${escapeHtml(content.url)}" style="display: inline-block; padding: 10px 16px; background: #2f5fd0; color: #fff; border-radius: 6px; text-decoration: none;">${escapeHtml(content.action)}</a></p>
    <p style="font-size: 12px; color: #52606d;">If the button does not work, open this link: ${escapeHtml(content.url)}</p>
  </body>
</html>`;
  return { kind: content.kind, to: content.to, subject: content.subject, text, html, url: content.url, token: content.token };
}
