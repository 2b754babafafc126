/**
 * HTML escaping shared by everything that writes HTML by hand: mail templates
 * (server/mail/templates) and the HTTP pages (error page, demo page). Escapes the five
 * characters that can end a text node or a quoted attribute, so user-controlled text (names,
 * error codes, app names) can never become markup.
 */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}
