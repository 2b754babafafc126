import { defineHandlers, Html } from "../../http/handler.js";
import { escapeHtml } from "../../html/escape.js";
import { explainError } from "./error-explanations.js";
import { apiError } from "../../../shared/errors.js";
import { clockOffsetOf } from "../../clock.js";

export const healthHandlers = defineHandlers({
  ok: (ctx) => {
    // Issue 44: a server whose database has failed for longer than livenessTimeout asks to be restarted.
    if (ctx.app.live && !ctx.app.live()) throw apiError("NOT_LIVE");
    // Issue 39: a moved clock is said wherever people look, the console's banner reads it here.
    const offset = clockOffsetOf(ctx.app.clock);
    return offset === 0 ? { ok: true as const } : { ok: true as const, clockOffsetMs: offset };
  },
  errorPage: (ctx) => {
    const code = ctx.query.error ?? "unknown_error";
    const description = ctx.query.error_description;
    const home = ctx.app.baseURL + "/";
    return new Html(`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Authentication Error</title>
<style>body{font-family:system-ui,sans-serif;max-width:36em;margin:4em auto;padding:0 1em;color:#1f2933}code{background:#f0f4f8;padding:.2em .4em;border-radius:4px}</style></head>
<body>
<h1>Authentication Error</h1>
<p id="error-explanation">${escapeHtml(explainError(code))}</p>
<p>Error code: <code id="error-code">${escapeHtml(code)}</code></p>
${description ? `<p>${escapeHtml(description)}</p>` : ""}
<p><a href="${escapeHtml(home)}">Back to ${escapeHtml(ctx.app.config.appName)}</a></p>
</body>
</html>`);
  },
});
