/**
 * The manual at /docs (issue 33 item 13): every docs/*.md and the README render as pages of one
 * server, links between them and to the screenshots resolve on that server, the search finds a
 * term (as JSON for the page's script and as `/docs?q=` without scripts), nothing outside docs/
 * is reachable, and every answer is GET/HEAD only with a strict CSP and a validator.
 */
import { readdirSync, readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { escapeHtml } from "../../../server/html/escape.js";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";

const docsFolder = new URL("../../../docs/", import.meta.url);
const docNames = readdirSync(docsFolder)
  .filter((file) => file.endsWith(".md"))
  .map((file) => file.slice(0, -3));

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(server.url + path, { headers, redirect: "manual" });

describe("/docs", () => {
  it("serves the README as the index, with every document listed and a search box", async () => {
    const response = await get("/docs");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const html = await response.text();
    expect(html).toContain('<h1 id="latchkey">Latchkey</h1>');
    expect(html).toMatch(/<form role="search" action="\/docs\/" method="get">/);
    for (const name of docNames) expect(html, name).toContain(`href="/docs/${name}"`);
    expect((await get("/docs/")).status).toBe(200);
  });

  it.each(docNames)("renders docs/%s.md with its title, headings and no raw HTML", async (name) => {
    const response = await get(`/docs/${name}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    const markdown = readFileSync(new URL(`${name}.md`, docsFolder), "utf8");
    const title = /^# (.+)$/m.exec(markdown)![1]!;
    expect(html).toContain("<h1 id=");
    expect(html).toContain(`<title>`);
    // The invisible example markers are comments: they do not show (a marker quoted in prose does).
    for (const marker of markdown.match(/^\s*<!-- (?:example|paths-to-create):.*-->\s*$/gm) ?? []) {
      expect(html).not.toContain(escapeHtml(marker.trim()));
    }
    // Headings carry GitHub's anchors, so links written for GitHub land on them.
    if (/^## Known limits$/m.test(markdown)) expect(html).toContain('id="known-limits"');
    expect(html.length).toBeGreaterThan(title.length);
  });

  it("rewrites links: documents to pages, screenshots to images it serves, source files to plain text", async () => {
    const readme = await (await get("/docs")).text();
    expect(readme).toContain('href="/docs/configuration"');
    expect(readme).toContain('src="/docs/screenshots/admin-users-table.png"');
    const api = await (await get("/docs/api")).text();
    expect(api).toContain('href="/docs/security#credential-kinds-and-their-powers"');
    const hrefs = [...(readme + api).matchAll(/(?:href|src)="([^"]+)"/g)].map((m) => m[1]!);
    const local = hrefs.filter((href) => href.startsWith("/docs/") && !href.includes("#"));
    for (const href of new Set(local)) expect((await get(href)).status, href).toBe(200);
    // A link to a source file is not a link to nothing: the words stay, the link goes.
    const configuration = await (await get("/docs/configuration")).text();
    expect(configuration).not.toMatch(/href="[^"]*server\/config\.ts/);
    const shot = await get("/docs/screenshots/admin-users-table.png");
    expect(shot.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await shot.arrayBuffer()).subarray(1, 4).toString()).toBe("PNG");
  });

  it("finds a term: the JSON index for the page's script, and /docs?q= without scripts", async () => {
    const index = (await (await get("/docs/search.json")).json()) as Array<{ name: string; title: string; sections: Array<{ id: string; heading: string; text: string }> }>;
    expect(index.map((doc) => doc.name).sort()).toEqual(["index", ...docNames].sort());
    const lockout = index.find((doc) => doc.name === "lockout")!;
    expect(lockout.sections.some((section) => section.text.includes("TOO_MANY_SIGN_IN_ATTEMPTS"))).toBe(true);
    const gzipped = await fetch(`${server.url}/docs/search.json`, { headers: { "accept-encoding": "gzip" } });
    expect(gzipped.headers.get("content-encoding")).toBe("gzip");
    expect(gzipped.headers.get("etag")).toMatch(/-gz"$/);

    const page = await (await get("/docs?q=rotate-secret%20AUTH_PREVIOUS_SECRETS")).text();
    expect(page).toMatch(/\d+ results? for “rotate-secret AUTH_PREVIOUS_SECRETS”/);
    expect(page).toContain('href="/docs/operations#rotating-the-server-secret"');
    const none = await (await get("/docs?q=zzqqxxnothing")).text();
    expect(none).toContain("Nothing found for “zzqqxxnothing”");
    // What a search echoes is escaped.
    const hostile = await (await get(`/docs?q=${encodeURIComponent('<script>alert(1)</script>"')}`)).text();
    expect(hostile).not.toContain("<script>alert(1)");
    expect(hostile).toContain("&lt;script&gt;alert(1)&lt;/script&gt;&quot;");
  });

  it("refuses a bad search with a typed error and changes nothing", async () => {
    const long = await get(`/docs?q=${"a".repeat(201)}`);
    expect(long.status).toBe(400);
    expect(await long.json()).toMatchObject({ code: "VALIDATION_ERROR" });
    const twice = await get("/docs?q=a&q=b");
    expect(twice.status).toBe(400);
    expect(await twice.json()).toMatchObject({ code: "VALIDATION_ERROR" });
  });

  it.each([
    "/docs/../package.json",
    "/docs/..%2Fpackage.json",
    "/docs/..%2F..%2Fetc%2Fpasswd",
    "/docs/%2e%2e%2fREADME.md",
    "/docs/screenshots/..%2F..%2Fpackage.json",
    "/docs/screenshots/..%2Fapi.md",
    "/docs/screenshots/",
    "/docs/screenshots",
    "/docs/no-such-page",
    "/docs/index",
    "/docs/README",
    "/docs/assets/",
    "/docs/assets/other.js",
    "/docs/api.md%00",
  ])("%s is a typed 404, never a file or a listing", async (path) => {
    const response = await get(path);
    expect([404, 400]).toContain(response.status);
    const body = await response.text();
    expect(body).not.toContain('"name": "latchkey"');
    expect(body).not.toContain("root:");
    expect(JSON.parse(body)).toMatchObject({ code: expect.stringMatching(/^(NOT_FOUND|INVALID_URL|BAD_REQUEST)$/) });
  });

  it("answers GET and HEAD only", async () => {
    const head = await fetch(`${server.url}/docs/api`, { method: "HEAD" });
    expect(head.status).toBe(200);
    for (const method of ["POST", "PUT", "DELETE", "PATCH"]) {
      const response = await fetch(`${server.url}/docs/api`, { method });
      expect(response.status, method).toBe(405);
      expect(await response.json()).toMatchObject({ code: "METHOD_NOT_ALLOWED" });
    }
  });

  it("sends a strict CSP, no-cache with an ETag, and 304 for a known one", async () => {
    for (const path of ["/docs", "/docs/api", "/docs/assets/docs.css", "/docs/assets/docs.js", "/docs/search.json", "/docs/screenshots/account.png"]) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      const csp = response.headers.get("content-security-policy")!;
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain("unsafe-inline");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("cache-control")).toBe("no-cache");
      const etag = response.headers.get("etag")!;
      expect(etag).toMatch(/^"[\w-]{27}(?:-gz)?"$/);
      const again = await get(path, { "if-none-match": etag });
      expect(again.status, path).toBe(304);
    }
    // No inline script or style in a page: the CSP would block them.
    const html = await (await get("/docs/configuration")).text();
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)/);
    expect(html).not.toMatch(/<style|\sstyle="/);
  });
});
