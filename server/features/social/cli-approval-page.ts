/**
 * The HTML of the command line's approval page and of its "no longer valid" answer. Everything
 * that came from outside (host name, email, address) is escaped; the page runs no script, loads
 * nothing, cannot be framed, and its form may go only to this server and, after the approval's
 * redirect, to the CLI's own loopback origin (Chromium applies form-action to redirects).
 */
import { createHash } from "node:crypto";
import type { LanguageTag } from "../../../shared/languages.js";
import { escapeHtml } from "../../html/escape.js";
import { Html } from "../../http/handler.js";
import { APPROVAL_TEXTS } from "./cli-approval-texts.js";
import type { PendingApproval } from "./cli-login.js";

const STYLE = [
  "body{font-family:system-ui,sans-serif;max-width:36em;margin:4em auto;padding:0 1em;color:#1f2933;line-height:1.5}",
  "h1{font-size:1.5em}",
  ".code{font:600 2em/1.2 ui-monospace,monospace;letter-spacing:.1em;margin:.25em 0 1em}",
  ".warning{border-left:4px solid #b44d12;padding-left:1em}",
  "form{display:flex;gap:1em;margin-top:2em}",
  "button{font:inherit;padding:.6em 1.6em;border-radius:6px;cursor:pointer;border:2px solid #1f2933}",
  ".approve{background:#1f2933;color:#fff}",
  ".deny{background:#fff;color:#1f2933}",
  "button:focus-visible{outline:3px solid #2563eb;outline-offset:2px}",
].join("");
const STYLE_HASH = createHash("sha256").update(STYLE).digest("base64");

function headers(formTargets: string[]): Record<string, string> {
  return {
    "content-security-policy": [
      "default-src 'none'",
      `style-src 'sha256-${STYLE_HASH}'`,
      `form-action ${["'self'", ...formTargets].join(" ")}`,
      "frame-ancestors 'none'",
      "base-uri 'none'",
    ].join("; "),
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    // Not no-referrer: under it Chromium sends `Origin: null` with the form's POST, which the
    // origin check refuses. same-origin keeps the page's address from the loopback and anyone else.
    "referrer-policy": "same-origin",
    // The page holds a form token and names an account: never from a cache.
    "cache-control": "no-store",
  };
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? "");
}

function page(language: LanguageTag, title: string, body: string): string {
  return `<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>${STYLE}</style></head>
<body><main>
<h1>${escapeHtml(title)}</h1>
${body}
</main></body>
</html>`;
}

export function approvalPage(language: LanguageTag, pending: PendingApproval, formAction: string): Html {
  const t = APPROVAL_TEXTS[language];
  const question = fill(escapeHtml(t.question), { host: `<strong id="cli-host">${escapeHtml(pending.host)}</strong>`, email: `<strong id="cli-account">${escapeHtml(pending.email)}</strong>` });
  const body = `<p>${question}</p>
<p id="code-label">${escapeHtml(t.codeLabel)}</p>
<p class="code" id="user-code">${escapeHtml(pending.userCode)}</p>
${pending.ip ? `<p>${fill(escapeHtml(t.startedFrom), { ip: `<strong id="cli-ip">${escapeHtml(pending.ip)}</strong>` })}</p>` : ""}
<p class="warning">${escapeHtml(t.warning)}</p>
<form method="post" action="${escapeHtml(formAction)}">
<input type="hidden" name="csrf" value="${escapeHtml(pending.csrf)}">
<button type="submit" class="approve" name="decision" value="approve">${escapeHtml(t.approve)}</button>
<button type="submit" class="deny" name="decision" value="deny">${escapeHtml(t.deny)}</button>
</form>`;
  return new Html(page(language, t.title, body), 200, headers([new URL(pending.redirect).origin]));
}

export function approvalGonePage(language: LanguageTag, minutes: number): Html {
  const t = APPROVAL_TEXTS[language];
  const body = `<p>${escapeHtml(fill(t.expiredText, { minutes: String(minutes) }))}</p>
<p>${escapeHtml(t.errorCode)} <code id="error-code">CLI_APPROVAL_EXPIRED</code></p>`;
  return new Html(page(language, t.expiredTitle, body), 400, headers([]));
}
