/**
 * Issue 32, finding 9: a console rebuild under a running server no longer blanks its pages. The
 * server reads the built console into memory at start (server/http/console-files.ts); the test
 * then replaces the folder with a build whose asset names differ (as `npm run build:console`
 * does: emptied, rewritten) and fetches the sign-in page over real HTTP: index.html and every
 * asset it references still load, with the bytes of the build the server started with. A server
 * started after the rebuild serves the new one. A synthetic build (index.html, hashed assets,
 * .br/.gz beside them, Vite's manifest) stands in for Vite's: what matters is the set of names.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerConsole } from "../../../server/http/console.js";

/** Writes a console build whose assets carry `hash` in their names; returns its files' contents by URL. */
function writeBuild(root: string, hash: string): Record<string, string> {
  rmSync(root, { recursive: true, force: true });
  mkdirSync(join(root, "assets"), { recursive: true });
  mkdirSync(join(root, ".vite"), { recursive: true });
  const script = `assets/index-${hash}.js`;
  const style = `assets/index-${hash}.css`;
  const chunk = `assets/sign-in-page-${hash}.js`;
  const files: Record<string, string> = {
    [script]: `/* build ${hash} */ import("./sign-in-page-${hash}.js");${" console.log('padding');".repeat(80)}`,
    [chunk]: `export default "sign-in ${hash}";`,
    [style]: `/* build ${hash} */ body { color: black; }`,
    "favicon.svg": `<svg xmlns="http://www.w3.org/2000/svg"><title>${hash}</title></svg>`,
  };
  for (const [name, body] of Object.entries(files)) writeFileSync(join(root, name), body);
  // Precompressed beside the entry, as scripts/precompress-console.mjs does for files over 1 KiB.
  writeFileSync(join(root, `${script}.br`), brotliCompressSync(files[script]!));
  writeFileSync(join(root, `${script}.gz`), gzipSync(files[script]!));
  writeFileSync(
    join(root, "index.html"),
    `<!doctype html><html><head><link rel="icon" href="/console/favicon.svg"><script type="module" crossorigin src="/console/${script}"></script><link rel="stylesheet" crossorigin href="/console/${style}"></head><body><div id="root"></div></body></html>`,
  );
  writeFileSync(
    join(root, ".vite", "manifest.json"),
    JSON.stringify({ "index.html": { file: script, isEntry: true }, "features/auth/pages/sign-in-page.tsx": { file: chunk } }),
  );
  return files;
}

async function start(root: string): Promise<{ server: FastifyInstance; url: string }> {
  const server = Fastify();
  await registerConsole(server, root);
  await server.listen({ port: 0, host: "127.0.0.1" });
  const { port } = server.server.address() as { port: number };
  return { server, url: `http://127.0.0.1:${port}` };
}

/** The sign-in page and everything it references (its lazy chunk too, preloaded), fetched: each asset's status and text. */
async function loadSignIn(url: string): Promise<{ html: string; assets: Map<string, { status: number; text: string }> }> {
  const page = await fetch(`${url}/console/sign-in`);
  expect(page.status).toBe(200);
  const html = await page.text();
  const assets = new Map<string, { status: number; text: string }>();
  for (const [, path] of html.matchAll(/(?:src|href)="(\/console\/[^"]+)"/g)) {
    const response = await fetch(`${url}${path}`);
    assets.set(path!.slice("/console/".length), { status: response.status, text: await response.text() });
  }
  return { html, assets };
}

describe("the console a server serves survives a rebuild under it", () => {
  let dir: string;
  let root: string;
  const servers: FastifyInstance[] = [];

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "latchkey-console-"));
    root = join(dir, "console");
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("keeps serving the build it started with, whole; a server started later serves the new one", async () => {
    const first = writeBuild(root, "AAAAAAAA");
    const before = await start(root);
    servers.push(before.server);
    const loaded = await loadSignIn(before.url);
    expect([...loaded.assets.keys()].sort()).toEqual(["assets/index-AAAAAAAA.css", "assets/index-AAAAAAAA.js", "assets/sign-in-page-AAAAAAAA.js", "favicon.svg"]);

    // The rebuild: the folder emptied and rewritten with other names.
    const second = writeBuild(root, "BBBBBBBB");
    const after = await loadSignIn(before.url);
    expect(after.html).toBe(loaded.html);
    for (const [name, { status, text }] of after.assets) expect([name, status, text]).toEqual([name, 200, first[name]]);
    // Nothing of the new build leaks into the old set.
    expect((await fetch(`${before.url}/console/assets/index-BBBBBBBB.js`)).status).toBe(404);

    const later = await start(root);
    servers.push(later.server);
    const fresh = await loadSignIn(later.url);
    expect([...fresh.assets.keys()].sort()).toEqual(["assets/index-BBBBBBBB.css", "assets/index-BBBBBBBB.js", "assets/sign-in-page-BBBBBBBB.js", "favicon.svg"]);
    for (const [name, { status, text }] of fresh.assets) expect([name, status, text]).toEqual([name, 200, second[name]]);
  });

  it("sends the precompressed variant the client accepts, revalidates by ETag, and caches hashed assets for good", async () => {
    const files = writeBuild(root, "CCCCCCCC");
    const { server, url } = await start(root);
    servers.push(server);
    const path = `${url}/console/assets/index-CCCCCCCC.js`;
    const { request } = await import("node:http");
    const raw = (encoding: string, headers: Record<string, string> = {}) =>
      new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; length: number }>((resolve, reject) => {
        request(path, { headers: { "accept-encoding": encoding, ...headers } }, (response) => {
          let length = 0;
          response.on("data", (chunk: Buffer) => (length += chunk.length));
          response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, length }));
        })
          .on("error", reject)
          .end();
      });
    const plainLength = Buffer.byteLength(files["assets/index-CCCCCCCC.js"]!);
    const br = await raw("gzip, br");
    expect([br.status, br.headers["content-encoding"], br.headers.vary]).toEqual([200, "br", "accept-encoding"]);
    expect(br.length).toBeLessThan(plainLength / 2);
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(br.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(br.headers["content-security-policy"]).toContain("script-src 'self'");
    expect((await raw("gzip, br;q=0")).headers["content-encoding"]).toBe("gzip");
    const identity = await raw("identity");
    expect([identity.headers["content-encoding"], identity.length]).toEqual([undefined, plainLength]);
    const again = await raw("br", { "if-none-match": String(br.headers.etag) });
    expect([again.status, again.length]).toEqual([304, 0]);
    const favicon = await fetch(`${url}/console/favicon.svg`);
    expect([favicon.status, favicon.headers.get("cache-control"), favicon.headers.get("content-type")]).toEqual([200, "no-cache", "image/svg+xml"]);
  });

  it("answers a missing asset 404, a client-side route with the page, and never a file outside the build", async () => {
    writeBuild(root, "DDDDDDDD");
    writeFileSync(join(dir, "secret.txt"), "not for the web");
    const { server, url } = await start(root);
    servers.push(server);
    expect((await fetch(`${url}/console/assets/index-AAAAAAAA.js`)).status).toBe(404);
    for (const path of ["/console/..%2fsecret.txt", "/console/assets/..%2f..%2fsecret.txt", "/console/%2e%2e/secret.txt", "/console/.vite/manifest.json", "/console/index.html"]) {
      const response = await fetch(`${url}${path}`);
      const text = await response.text();
      expect(text, path).not.toContain("not for the web");
      expect(text, path).not.toContain('"isEntry"');
    }
    const page = await fetch(`${url}/console/organizations/acme/members`);
    expect([page.status, page.headers.get("content-type")]).toEqual([200, "text/html; charset=utf-8"]);
    expect(await page.text()).toContain("index-DDDDDDDD.js");
  });
});
