/**
 * The page at `/`: a plain, dependency-free account page so a person with only a browser can
 * sign up, sign in, see their session and sign out against a fresh `npm start`.
 */
import type { AppContext } from "../context.js";
import { escapeHtml } from "../html/escape.js";

export function demoPage(app: AppContext): string {
  const api = JSON.stringify(app.config.basePath);
  const name = escapeHtml(app.config.appName);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${name}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:40em;margin:2em auto;padding:0 1em;color:#1f2933}
form{display:grid;gap:.5em;margin:1em 0;padding:1em;border:1px solid #d9e2ec;border-radius:8px}
input,button{font:inherit;padding:.5em}button{cursor:pointer}
pre{background:#f0f4f8;padding:1em;border-radius:8px;overflow:auto}
.error{color:#b42318}
</style>
</head>
<body>
<h1>${name}</h1>
<p id="status">Checking session…</p>
<section id="signed-out" hidden>
  <form id="sign-up"><h2>Create an account</h2>
    <input name="name" placeholder="Name" required autocomplete="name">
    <input name="email" type="email" placeholder="Email" required autocomplete="email">
    <input name="password" type="password" placeholder="Password" required autocomplete="new-password">
    <button type="submit">Sign up</button></form>
  <form id="sign-in"><h2>Sign in</h2>
    <input name="email" type="email" placeholder="Email" required autocomplete="username">
    <input name="password" type="password" placeholder="Password" required autocomplete="current-password">
    <button type="submit">Sign in</button></form>
</section>
<section id="signed-in" hidden>
  <p>Signed in as <strong id="who"></strong></p>
  <button id="sign-out">Sign out</button>
  <h2>Session</h2><pre id="session"></pre>
</section>
<p id="error" class="error" role="alert"></p>
<script>
const api = ${api};
const $ = (id) => document.getElementById(id);
async function call(method, path, body) {
  const response = await fetch(api + path, {
    method, credentials: "include",
    headers: body ? { "content-type": "application/json" } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const data = await response.json();
  if (!response.ok) throw new Error(data.message || "Request failed");
  return data;
}
async function refresh() {
  $("error").textContent = "";
  const data = await call("GET", "/get-session");
  $("signed-in").hidden = !data; $("signed-out").hidden = !!data;
  $("status").textContent = data ? "Signed in." : "Not signed in.";
  if (data) { $("who").textContent = data.user.email; $("session").textContent = JSON.stringify(data, null, 2); }
}
function form(id, path, pick) {
  $(id).addEventListener("submit", async (event) => {
    event.preventDefault();
    const fields = Object.fromEntries(new FormData(event.target));
    try { await call("POST", path, pick(fields)); event.target.reset(); await refresh(); }
    catch (error) { $("error").textContent = error.message; }
  });
}
form("sign-up", "/sign-up/email", (f) => ({ name: f.name, email: f.email, password: f.password }));
form("sign-in", "/sign-in/email", (f) => ({ email: f.email, password: f.password }));
$("sign-out").addEventListener("click", async () => {
  try { await call("POST", "/sign-out", {}); await refresh(); } catch (error) { $("error").textContent = error.message; }
});
refresh().catch((error) => { $("status").textContent = ""; $("error").textContent = error.message; });
</script>
</body>
</html>`;
}
