/**
 * A real SAML identity provider for tests: Debian's SimpleSAMLphp 1.19 served by `php -S` on a free
 * loopback port, from a throw-away configuration with its own openssl key. It is independent of
 * the Node SAML libraries, which is the point. Its service providers and people live in JSON files
 * it re-reads on every request, so a test can add an SP (another audience, a negative
 * `assertion.lifetime`, unsigned assertions, an AuthnContextClassRef) without a restart.
 * `.ci/run` installs simplesamlphp, php-cli, php-xml and php-mbstring.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

const WWW = "/usr/share/simplesamlphp/www";

export interface SamlPerson {
  password: string;
  attributes: Record<string, string[]>;
}

/** One SP as SimpleSAMLphp's saml20-sp-remote metadata entry (its option names: `saml20.sign.assertion`, `assertion.lifetime`, `authproc`, …). */
export type SpEntry = Record<string, unknown> & { AssertionConsumerService: string };

export interface SimpleSamlIdp {
  /** http://127.0.0.1:<port> */
  origin: string;
  entityID: string;
  /** HTTP-Redirect single sign-on URL. */
  ssoURL: string;
  metadataURL: string;
  /** The IdP's signing certificate, PEM. */
  certificate: string;
  addSp(entityID: string, entry: SpEntry): void;
  addPerson(username: string, person: SamlPerson): void;
  /** An IdP-initiated sign-in at `spEntityID`. */
  idpInitiatedURL(spEntityID: string, relayState?: string): string;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  // Chromium refuses a few ports (ERR_UNSAFE_PORT, e.g. 6665–6669, 10080): the OS's ephemeral range avoids them.
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const php = (value: string) => `'${value.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;

function writeConfig(dir: string, origin: string): void {
  for (const sub of ["config", "metadata", "cert", "log", "data", "tmp", "sessions"]) mkdirSync(join(dir, sub), { recursive: true });
  execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=latchkey-test-idp", "-days", "2", "-keyout", join(dir, "cert", "idp.key"), "-out", join(dir, "cert", "idp.crt")], { stdio: "ignore" });
  writeFileSync(join(dir, "sps.json"), "{}");
  writeFileSync(join(dir, "people.json"), "{}");
  writeFileSync(
    join(dir, "config", "config.php"),
    `<?php
$config = [
  'baseurlpath' => ${php(`${origin}/`)},
  'certdir' => ${php(`${dir}/cert/`)},
  'loggingdir' => ${php(`${dir}/log/`)},
  'datadir' => ${php(`${dir}/data/`)},
  'tempdir' => ${php(`${dir}/tmp`)},
  'metadatadir' => ${php(`${dir}/metadata/`)},
  'secretsalt' => ${php(randomBytes(16).toString("hex"))},
  'auth.adminpassword' => ${php(randomBytes(16).toString("hex"))},
  'technicalcontact_name' => 'Latchkey tests',
  'technicalcontact_email' => 'tests@example.org',
  'timezone' => 'UTC',
  'logging.level' => SimpleSAML\\Logger::WARNING,
  'logging.handler' => 'file',
  'logging.logfile' => 'simplesamlphp.log',
  'enable.saml20-idp' => true,
  'store.type' => 'phpsession',
  'session.phpsession.savepath' => ${php(`${dir}/sessions`)},
  'session.cookie.secure' => false,
  'module.enable' => ['exampleauth' => true, 'core' => true, 'saml' => true, 'admin' => true],
  'language.available' => ['en'],
];
`,
  );
  writeFileSync(
    join(dir, "config", "authsources.php"),
    `<?php
$people = json_decode(file_get_contents(${php(join(dir, "people.json"))}), true);
$users = ['exampleauth:UserPass'];
foreach ($people as $name => $person) { $users[$name . ':' . $person['password']] = $person['attributes']; }
$config = ['admin' => ['core:AdminPassword'], 'users' => $users];
`,
  );
  writeFileSync(
    join(dir, "metadata", "saml20-idp-hosted.php"),
    `<?php
$metadata['__DYNAMIC:1__'] = [
  'host' => '__DEFAULT__',
  'privatekey' => 'idp.key',
  'certificate' => 'idp.crt',
  'auth' => 'users',
  'NameIDFormat' => 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
  'authproc' => [100 => ['class' => 'saml:AttributeNameID', 'attribute' => 'email', 'Format' => 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress']],
];
`,
  );
  writeFileSync(
    join(dir, "metadata", "saml20-sp-remote.php"),
    `<?php
foreach (json_decode(file_get_contents(${php(join(dir, "sps.json"))}), true) as $entityID => $entry) { $metadata[$entityID] = $entry; }
`,
  );
}

/**
 * `hostname`: the name the IdP's URLs use (it always listens on 127.0.0.1). "localhost" makes it
 * another site than a server on 127.0.0.1, so its POST to the ACS is cross-site as in production.
 */
export async function startSimpleSamlIdp(options: { hostname?: string } = {}): Promise<SimpleSamlIdp> {
  const dir = mkdtempSync(join(tmpdir(), "latchkey-ssp-"));
  const port = await freePort();
  const origin = `http://${options.hostname ?? "127.0.0.1"}:${port}`;
  writeConfig(dir, origin);
  const child: ChildProcess = spawn("php", ["-S", `127.0.0.1:${port}`, "-t", WWW], {
    env: { ...process.env, SIMPLESAMLPHP_CONFIG_DIR: join(dir, "config") },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const metadataURL = `${origin}/saml2/idp/metadata.php`;
  const readyURL = `http://127.0.0.1:${port}/saml2/idp/metadata.php`;
  // Ready when it answers its metadata (usually well under a second).
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`php -S exited: ${stderr}`);
    const ok = await fetch(readyURL).then((response) => response.ok, () => false);
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`SimpleSAMLphp did not start: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const readJson = (file: string) => JSON.parse(readFileSync(join(dir, file), "utf8")) as Record<string, unknown>;
  const writeJson = (file: string, value: unknown) => writeFileSync(join(dir, file), JSON.stringify(value));
  return {
    origin,
    entityID: metadataURL,
    ssoURL: `${origin}/saml2/idp/SSOService.php`,
    metadataURL,
    certificate: readFileSync(join(dir, "cert", "idp.crt"), "utf8"),
    addSp(entityID, entry) {
      writeJson("sps.json", { ...readJson("sps.json"), [entityID]: entry });
    },
    addPerson(username, person) {
      writeJson("people.json", { ...readJson("people.json"), [username]: person });
    },
    idpInitiatedURL(spEntityID, relayState) {
      const url = new URL(`${origin}/saml2/idp/SSOService.php`);
      url.searchParams.set("spentityid", spEntityID);
      if (relayState) url.searchParams.set("RelayState", relayState);
      return url.toString();
    },
    async close() {
      child.kill("SIGTERM");
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 3000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** What the IdP's auto-submitting page posts to the service provider. */
export interface PostedResponse {
  action: string;
  samlResponse: string;
  relayState?: string;
}

/** A cookie-keeping client, as tests/server/social/support.ts's TestBrowser. */
interface IdpBrowser {
  request(url: string, init?: { method?: string; body?: string; contentType?: string }): Promise<Response>;
}

/**
 * Follows the IdP's redirects and its login form (as `username`) from `url` to the auto-submitting
 * page, and returns what that page would post.
 */
export async function responseThroughIdp(browser: IdpBrowser, url: string, username: string, password: string): Promise<PostedResponse> {
  let current = url;
  let init: { method?: string; body?: string; contentType?: string } = {};
  for (let step = 0; step < 10; step++) {
    const response = await browser.request(current, init);
    init = {};
    const location = response.headers.get("location");
    if (response.status >= 300 && response.status < 400 && location) {
      current = new URL(location, current).toString();
      continue;
    }
    const html = await response.text();
    const authState = /name="AuthState" value="([^"]+)"/.exec(html)?.[1];
    if (authState) {
      init = { method: "POST", contentType: "application/x-www-form-urlencoded", body: new URLSearchParams({ username, password, AuthState: authState.replace(/&amp;/g, "&") }).toString() };
      continue;
    }
    const samlResponse = /name="SAMLResponse" value="([^"]+)"/.exec(html)?.[1];
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!samlResponse || !action) throw new Error(`the IdP answered no SAML response: ${html.slice(0, 500)}`);
    return { action: action.replace(/&amp;/g, "&"), samlResponse, relayState: /name="RelayState" value="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, "&") };
  }
  throw new Error("too many steps at the IdP");
}
