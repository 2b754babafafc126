/**
 * The frame every mail shares: a plain-text and an HTML body with the product name, the
 * paragraphs, and at most one action link (or a one-time code). Everything put into the HTML is
 * escaped here, once.
 */
import type { LanguageTag } from "../../../shared/languages.js";
import { escapeHtml } from "../../html/escape.js";

// The helper lives in server/html/escape.ts (HTTP pages use it too); templates keep importing it from here.
export { escapeHtml };

export interface MailLayout {
  language: LanguageTag;
  appName: string;
  subject: string;
  /** Paragraphs of plain text (unescaped). */
  lines: string[];
  /** `textLine`: the text part's line for the link, already in the language. */
  action?: { label: string; url: string; fallback: string; textLine: string };
  /** A one-time code shown large (the two-factor mail). */
  code?: string;
}

export function layoutMail(content: MailLayout): { subject: string; text: string; html: string } {
  const { action } = content;
  const text = [...content.lines, ...(action ? ["", action.textLine] : []), "", `— ${content.appName}`].join("\n");
  const paragraphs = content.lines.map((line) => `<p>${escapeHtml(line)}</p>`);
  if (content.code) paragraphs.push(`<p style="font-size: 28px; letter-spacing: 6px; font-weight: 600;">${escapeHtml(content.code)}</p>`);
  if (action) {
    paragraphs.push(
      `<p><a href="${escapeHtml(action.url)}" style="display: inline-block; padding: 10px 16px; background: #2f5fd0; color: #fff; border-radius: 6px; text-decoration: none;">${escapeHtml(action.label)}</a></p>`,
      `<p style="font-size: 12px; color: #52606d;">${escapeHtml(action.fallback)} <a href="${escapeHtml(action.url)}">${escapeHtml(action.url)}</a></p>`,
    );
  }
  const html = `<!doctype html>
<html lang="${escapeHtml(content.language)}">
  <head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>
  <body style="font-family: system-ui, sans-serif; max-width: 560px; margin: 2em auto; color: #1f2933;">
    <h1 style="font-size: 20px;">${escapeHtml(content.appName)}</h1>
    ${paragraphs.join("\n    ")}
  </body>
</html>`;
  return { subject: content.subject, text, html };
}
