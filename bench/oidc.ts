/**
 * The OpenID provider (issue 23): throughput of the token endpoint exchanging authorization codes,
 * and of /oauth2/userinfo with a JWT and with an opaque access token, next to get-session by
 * bearer token in the same alternating rounds on the same server. The issue's target is userinfo
 * within 2× of get-session's cost per request (server CPU time per answered request, steadier
 * than req/s on a shared machine; req/s is reported too).
 *
 * Codes come from the real /oauth2/authorize (a signed-in browser's cookie, a first-party client
 * that skips consent), each one spent once by wrk in turn (bench/wrk.ts `bodies`). A short trial
 * round sizes the batch so the measured round does not run out of codes.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { hashSecret, newId, randomString } from "../server/crypto/tokens.js";
import { openSqlite } from "../server/db/database.js";
import { migrateToLatest } from "../server/db/migrate.js";
import { processCpuMs } from "./process-cpu.js";
import { startBenchServer, type BenchServer } from "./server-process.js";
import { assertWrk, runWrk, type LoadOptions, type LoadResult } from "./wrk.js";

const REDIRECT = "https://app.example.test/callback";
const PASSWORD = "bench-password-123";

interface Measured extends LoadResult {
  /** Server CPU time (user + system) per answered request, µs. */
  cpuMicrosPerRequest: number | null;
}

export interface OidcFigures {
  tokenExchange: Measured & { codesPrepared: number; codesPerSecondPrepared: number };
  getSession: Measured;
  userInfoJwt: Measured;
  userInfoOpaque: Measured;
  /** userinfo's CPU per request ÷ get-session's (target ≤ 2). */
  userInfoJwtCostRatio: number | null;
  userInfoOpaqueCostRatio: number | null;
  seconds: number;
  cores: number;
  cpu: string;
  loadAverage1mStart: number;
  loadAverage1mEnd: number;
}

/** A client row as the admin endpoint would store it (the bench seeds the database before the server starts). */
function clientRow(name: string, format: "jwt" | "opaque", secret: string) {
  const now = Date.now();
  const metadata = {
    client_name: name,
    redirect_uris: [REDIRECT],
    grant_types: ["authorization_code", "refresh_token"],
    response_types: ["code"],
    scope: "openid profile email offline_access",
    token_endpoint_auth_method: "client_secret_basic",
    skip_consent: true,
    access_token_format: format,
  };
  return { clientId: randomString(32), secretHash: hashSecret(secret), userId: null, disabled: 0, metadata: JSON.stringify(metadata), createdAt: now, updatedAt: now };
}

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString("base64")}`;

/** Codes through the real authorization endpoint, `concurrency` requests at a time. */
async function prepareCodes(api: string, cookie: string, clientId: string, count: number, concurrency = 8): Promise<string[]> {
  const query = new URLSearchParams({ response_type: "code", client_id: clientId, redirect_uri: REDIRECT, scope: "openid profile email", state: "bench" });
  const codes: string[] = [];
  const worker = async () => {
    while (codes.length < count) {
      const answer = await fetch(`${api}/oauth2/authorize?${query}`, { headers: { cookie }, redirect: "manual" });
      const code = new URL(answer.headers.get("location") ?? "about:blank").searchParams.get("code");
      if (!code) throw new Error(`authorize gave no code (${answer.status} ${answer.headers.get("location")})`);
      codes.push(code);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return codes.slice(0, count);
}

async function measured(server: BenchServer, load: LoadOptions): Promise<Measured> {
  const before = processCpuMs(server.pid);
  const result = await runWrk(load);
  const after = processCpuMs(server.pid);
  const answered = result.requests - result.non2xx;
  return { ...result, cpuMicrosPerRequest: before !== null && after !== null && answered > 0 ? Math.round(((after - before) * 1000 * 10) / answered) / 10 : null };
}

/** Equal-length rounds combined: summed requests and CPU, mean rate. */
function merge(rounds: Measured[]): Measured {
  const sum = (pick: (r: Measured) => number) => rounds.reduce((total, r) => total + pick(r), 0);
  const answered = sum((r) => r.requests - r.non2xx);
  const cpuKnown = rounds.every((r) => r.cpuMicrosPerRequest !== null);
  return {
    requests: sum((r) => r.requests),
    requestsPerSecond: Math.round(sum((r) => r.requestsPerSecond) / rounds.length),
    p50Ms: Math.round((sum((r) => r.p50Ms) / rounds.length) * 100) / 100,
    p99Ms: Math.max(...rounds.map((r) => r.p99Ms)),
    non2xx: sum((r) => r.non2xx),
    errors: sum((r) => r.errors),
    cpuMicrosPerRequest: cpuKnown && answered ? Math.round((sum((r) => (r.cpuMicrosPerRequest ?? 0) * (r.requests - r.non2xx)) / answered) * 10) / 10 : null,
  };
}

export async function run(seconds = Number(process.env.BENCH_SECONDS ?? 6)): Promise<OidcFigures> {
  assertWrk();
  const loadAverage1mStart = loadavg()[0] ?? 0;
  const dir = mkdtempSync(join(tmpdir(), "latchkey-bench-oidc-"));
  const file = join(dir, "bench.db");
  const secrets = { jwt: randomString(48), opaque: randomString(48) };
  const jwtClient = clientRow("Bench JWT", "jwt", secrets.jwt);
  const opaqueClient = clientRow("Bench opaque", "opaque", secrets.opaque);
  const seed = openSqlite(file);
  await migrateToLatest(seed.db);
  await seed.db.insertInto("oauthClient").values([jwtClient, opaqueClient]).execute();
  await seed.close();

  const server = await startBenchServer(file, 5400 + Math.floor(Math.random() * 500), { oauthProvider: { enabled: true } });
  try {
    const api = `${server.url}/api/auth`;
    const signUp = await fetch(`${api}/sign-up/email`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: `bench-${newId()}@example.com`, password: PASSWORD, name: "Bench Person" }) });
    if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status}`);
    const bearer = ((await signUp.json()) as { token: string }).token;
    const cookie = signUp.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");

    const exchange = (clientId: string, secret: string) => ({
      url: `${api}/oauth2/token`,
      method: "POST" as const,
      headers: { "content-type": "application/x-www-form-urlencoded", authorization: basic(clientId, secret) },
    });
    const bodyFor = (code: string) => new URLSearchParams({ grant_type: "authorization_code", code, redirect_uri: REDIRECT }).toString();
    const tokensOf = async (client: { clientId: string }, secret: string) => {
      const [code] = await prepareCodes(api, cookie, client.clientId, 1, 1);
      const answer = await fetch(exchange(client.clientId, secret).url, { ...exchange(client.clientId, secret), body: bodyFor(code as string) });
      if (!answer.ok) throw new Error(`code exchange failed: ${answer.status} ${await answer.text()}`);
      return ((await answer.json()) as { access_token: string }).access_token;
    };
    const jwtAccess = await tokensOf(jwtClient, secrets.jwt);
    const opaqueAccess = await tokensOf(opaqueClient, secrets.opaque);
    if (jwtAccess.split(".").length !== 3 || opaqueAccess.includes(".")) throw new Error("the clients' access token formats are not what the bench set");

    // Token endpoint: a trial second sizes the batch, then one measured round on fresh codes.
    const trialCodes = await prepareCodes(api, cookie, jwtClient.clientId, 400);
    const trial = await runWrk({ ...exchange(jwtClient.clientId, secrets.jwt), bodies: trialCodes.map(bodyFor), connections: 8, seconds: 1 });
    const needed = Math.ceil(Math.max(trial.requestsPerSecond, 100) * seconds * 1.6);
    const prepStarted = performance.now();
    const codes = await prepareCodes(api, cookie, jwtClient.clientId, needed);
    const codesPerSecondPrepared = Math.round(codes.length / ((performance.now() - prepStarted) / 1000));
    const token = await measured(server, { ...exchange(jwtClient.clientId, secrets.jwt), bodies: codes.map(bodyFor), connections: 8, seconds });

    // Userinfo against get-session: warm-up, then alternating rounds so load swings hit all alike.
    const sessionLoad = { url: `${api}/get-session`, headers: { authorization: `Bearer ${bearer}` }, connections: 32 };
    const jwtLoad = { url: `${api}/oauth2/userinfo`, headers: { authorization: `Bearer ${jwtAccess}` }, connections: 32 };
    const opaqueLoad = { url: `${api}/oauth2/userinfo`, headers: { authorization: `Bearer ${opaqueAccess}` }, connections: 32 };
    for (const load of [sessionLoad, jwtLoad, opaqueLoad]) await runWrk({ ...load, seconds: 1 });
    const rounds = { session: [] as Measured[], jwt: [] as Measured[], opaque: [] as Measured[] };
    for (let i = 0; i < 2; i++) {
      rounds.session.push(await measured(server, { ...sessionLoad, seconds: seconds / 2 }));
      rounds.jwt.push(await measured(server, { ...jwtLoad, seconds: seconds / 2 }));
      rounds.opaque.push(await measured(server, { ...opaqueLoad, seconds: seconds / 2 }));
    }
    const getSession = merge(rounds.session);
    const userInfoJwt = merge(rounds.jwt);
    const userInfoOpaque = merge(rounds.opaque);
    const ratio = (m: Measured) => (m.cpuMicrosPerRequest && getSession.cpuMicrosPerRequest ? Math.round((m.cpuMicrosPerRequest / getSession.cpuMicrosPerRequest) * 100) / 100 : null);
    return {
      tokenExchange: { ...token, codesPrepared: codes.length, codesPerSecondPrepared },
      getSession,
      userInfoJwt,
      userInfoOpaque,
      userInfoJwtCostRatio: ratio(userInfoJwt),
      userInfoOpaqueCostRatio: ratio(userInfoOpaque),
      seconds,
      cores: availableParallelism(),
      cpu: cpus()[0]?.model ?? "unknown",
      loadAverage1mStart: Math.round(loadAverage1mStart * 100) / 100,
      loadAverage1mEnd: Math.round((loadavg()[0] ?? 0) * 100) / 100,
    };
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

export function report(f: OidcFigures): string {
  const line = (name: string, r: Measured) =>
    `  ${name.padEnd(36)} ${String(r.requestsPerSecond).padStart(7)} req/s   p50 ${r.p50Ms.toFixed(2)} ms   p99 ${r.p99Ms.toFixed(2)} ms   CPU ${r.cpuMicrosPerRequest ?? "?"} µs/req   non-2xx ${r.non2xx}  errors ${r.errors}`;
  return [
    `oidc (${f.cores} cores, ${f.cpu}; load average ${f.loadAverage1mStart} at start, ${f.loadAverage1mEnd} at end)`,
    line("token: code exchange (8 conns)", f.tokenExchange),
    `  ${f.tokenExchange.codesPrepared} codes prepared through /oauth2/authorize at ${f.tokenExchange.codesPerSecondPrepared}/s; non-2xx above means the batch ran out`,
    line("get-session (bearer, 32 conns)", f.getSession),
    line("userinfo, JWT access token (32)", f.userInfoJwt),
    line("userinfo, opaque access token (32)", f.userInfoOpaque),
    `  userinfo costs ${f.userInfoJwtCostRatio ?? "?"}× (JWT) and ${f.userInfoOpaqueCostRatio ?? "?"}× (opaque) get-session's server CPU per request (target ≤ 2×)`,
  ].join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await run();
  console.log(report(figures));
  console.log(JSON.stringify({ bench: "oidc", ...figures }));
}
