/**
 * The manual's stylesheet and its one script, served from /docs/assets/ so the pages' CSP can
 * forbid inline styles and scripts. The script is the client half of server/docs/search.ts:
 * it fetches /docs/search.json once (from this server: the manual needs no network) and filters
 * it as you type, with the same rule as the server's `/docs?q=` fallback.
 */
export const DOCS_CSS = `
:root{color-scheme:light dark;--fg:#1f2933;--bg:#fff;--muted:#52606d;--line:#d9e2ec;--code:#f0f4f8;--link:#1d4ed8;--mark:#fef08a}
@media (prefers-color-scheme:dark){:root{--fg:#e5e7eb;--bg:#111827;--muted:#b6c0cc;--line:#374151;--code:#1f2937;--link:#93c5fd;--mark:#854d0e}}
*{box-sizing:border-box}
body{margin:0;font:16px/1.6 system-ui,-apple-system,"Segoe UI",sans-serif;color:var(--fg);background:var(--bg)}
a{color:var(--link)}
.skip{position:absolute;left:-999px}.skip:focus{left:1rem;top:1rem;background:var(--bg);padding:.5rem;z-index:1}
header{display:flex;flex-wrap:wrap;gap:.75rem 1.5rem;align-items:center;padding:.75rem 1.5rem;border-bottom:1px solid var(--line)}
header .home{font-weight:600;text-decoration:none;color:var(--fg)}
header form{display:flex;gap:.5rem;align-items:center;flex:1 1 16rem;max-width:32rem}
header label{white-space:nowrap}
header input{flex:1;min-width:0;font:inherit;padding:.35rem .5rem;border:1px solid var(--muted);border-radius:6px;background:var(--bg);color:var(--fg)}
.layout{display:grid;grid-template-columns:15rem minmax(0,1fr);gap:2rem;max-width:90rem;margin:0 auto;padding:1rem 1.5rem}
nav{grid-column:1;grid-row:1}main{grid-column:2;grid-row:1}
nav ul{list-style:none;margin:0;padding:0}nav li{margin:.15rem 0}
nav a[aria-current=page]{font-weight:600;color:var(--fg)}
main{min-width:0;max-width:56rem}
h1,h2,h3{line-height:1.25}h2{margin-top:2rem;border-bottom:1px solid var(--line);padding-bottom:.25rem}
code{font:.9em ui-monospace,SFMono-Regular,Menlo,monospace;background:var(--code);padding:.1em .3em;border-radius:4px;overflow-wrap:anywhere}
pre{background:var(--code);padding:1rem;border-radius:8px;overflow:auto}pre code{padding:0;overflow-wrap:normal}
.scroll{overflow-x:auto;margin:1rem 0}
table{border-collapse:collapse}th,td{border:1px solid var(--line);padding:.35rem .6rem;text-align:left;vertical-align:top}
img{max-width:100%;height:auto;border:1px solid var(--line);border-radius:6px}
.path{font-style:italic}
#results ul{padding-left:1.2rem}#results li{margin:.6rem 0}#results p{margin:.1rem 0;color:var(--muted)}
@media (max-width:800px){.layout{grid-template-columns:1fr;padding:1rem}nav,main{grid-column:1;grid-row:auto}nav{border-top:1px solid var(--line);padding-top:1rem}header{padding:.75rem 1rem}}
`;

export const DOCS_SCRIPT = `"use strict";
(function () {
  var input = document.getElementById("q");
  var results = document.getElementById("results");
  var article = document.getElementById("article");
  if (!input || !results || !article) return;
  var loading = null;
  var loaded = false;
  function load() {
    if (!loading) loading = fetch("/docs/search.json").then(function (r) {
      if (!r.ok) throw new Error(String(r.status));
      return r.json();
    }).then(function (index) { loaded = true; return index; }, function (error) { loading = null; throw error; });
    return loading;
  }
  function search(index, query) {
    var terms = query.toLowerCase().split(/\\s+/).filter(Boolean);
    var hits = [];
    if (!terms.length) return hits;
    for (var d = 0; d < index.length; d++) {
      var doc = index[d];
      for (var s = 0; s < doc.sections.length; s++) {
        var section = doc.sections[s];
        var haystack = (doc.title + " " + section.heading + " " + section.text).toLowerCase();
        if (!terms.every(function (t) { return haystack.indexOf(t) >= 0; })) continue;
        var at = section.text.toLowerCase().indexOf(terms[0]);
        var start = Math.max(0, at - 60);
        var snippet = at < 0 ? section.text.slice(0, 160) : (start > 0 ? "…" : "") + section.text.slice(start, at + 100) + "…";
        hits.push({ name: doc.name, title: doc.title, id: section.id, heading: section.heading || doc.title, snippet: snippet });
        if (hits.length >= 50) return hits;
      }
    }
    return hits;
  }
  function show(query, index) {
    results.textContent = "";
    if (!query.trim()) { results.hidden = true; article.hidden = false; return; }
    var hits = search(index, query);
    var heading = document.createElement("h2");
    heading.textContent = hits.length === 0 ? "Nothing found for \\u201c" + query.trim() + "\\u201d" : hits.length + (hits.length === 1 ? " result" : " results") + " for \\u201c" + query.trim() + "\\u201d";
    results.appendChild(heading);
    var list = document.createElement("ul");
    hits.forEach(function (hit) {
      var item = document.createElement("li");
      var link = document.createElement("a");
      link.href = "/docs/" + (hit.name === "index" ? "" : hit.name) + (hit.id ? "#" + hit.id : "");
      link.textContent = hit.title === hit.heading ? hit.title : hit.title + " \\u2014 " + hit.heading;
      var snippet = document.createElement("p");
      snippet.textContent = hit.snippet;
      item.appendChild(link);
      item.appendChild(snippet);
      list.appendChild(item);
    });
    results.appendChild(list);
    results.hidden = false;
    article.hidden = true;
  }
  function update() {
    var query = input.value;
    load().then(function (index) { if (input.value === query) show(query, index); }, function () { /* offline and not cached: the form still submits */ });
  }
  input.addEventListener("input", update);
  // Until the index has arrived, the form submits as it does without scripts (/docs?q=).
  input.form.addEventListener("submit", function (event) { if (!loaded) return; event.preventDefault(); update(); });
  load().catch(function () { /* the form still submits */ });
})();
`;
