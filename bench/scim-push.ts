/**
 * SCIM push (issue 36 item 5): a directory creating 10,000 people as Okta does — one
 * `POST /scim/v2/Users` each, Okta's documented body, 8 in flight — against a real server process
 * with rate limiting ON at its defaults (`rateLimit.scim`). The target: done within a minute and
 * not one answer other than 201 (in particular no 429). SQLite, then PostgreSQL when a server
 * answers on LATCHKEY_BENCH_PG_URL (a scratch database, dropped after).
 *
 * Loopback only; the client is Node's fetch (keep-alive), not wrk: every request has its own body
 * and its answer's status must be checked.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { createBenchDatabase, dropBenchDatabase } from "./bench-database.js";
import { startBenchServer } from "./server-process.js";

const USER_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:User";
const TOKEN = "bench-scim-token-0123456789abcdef-okta";
const ORG_SLUG = "bench-acme";

interface PushResult {
  dialect: "sqlite" | "postgres";
  users: number;
  concurrency: number;
  seconds: number;
  usersPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers other than 201 (target 0). */
  non201: number;
  /** Of those, 429s. */
  tooManyRequests: number;
  /** After the push, 12 sign-ins against the strict rule (10 a minute) met a 429: proof the limiter was on. */
  rateLimitOn: boolean;
  loadAverage1mStart: number;
  loadAverage1mEnd: number;
}

export interface ScimPushFigures {
  runs: PushResult[];
  cores: number;
  cpu: string;
}

/** Okta's documented create body (developer.okta.com, "SCIM 2.0 protocol reference: create the user"). */
function oktaUser(n: number) {
  return {
    schemas: [USER_SCHEMA],
    userName: `person${n}@acme.example`,
    name: { givenName: "Person", familyName: `Number ${n}` },
    emails: [{ primary: true, value: `person${n}@acme.example`, type: "work" }],
    displayName: `Person Number ${n}`,
    active: true,
    externalId: `00ubench${n}`,
  };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** The connection's organization: made through the HTTP API by a signed-up owner, so both dialects go the same way. */
async function createOrganization(api: string): Promise<void> {
  const signUp = await fetch(`${api}/sign-up/email`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: "owner@acme.example", password: "bench-password-123", name: "Bench Owner" }) });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const { token } = (await signUp.json()) as { token: string };
  const created = await fetch(`${api}/organization/create`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${token}` }, body: JSON.stringify({ name: "Acme", slug: ORG_SLUG }) });
  if (!created.ok) throw new Error(`organization create failed: ${created.status} ${await created.text()}`);
}

/** Sign-ins for unknown addresses (no account to lock) until the strict rule refuses one. */
async function limiterAnswers(api: string): Promise<boolean> {
  for (let i = 0; i < 12; i++) {
    const answer = await fetch(`${api}/sign-in/email`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: `nobody${i}@acme.example`, password: "not-the-password" }) });
    await answer.arrayBuffer();
    if (answer.status === 429) return true;
  }
  return false;
}

async function push(dialect: "sqlite" | "postgres", db: string, total: number, concurrency: number): Promise<PushResult> {
  const loadAverage1mStart = loadavg()[0] ?? 0;
  // Rate limiting back on (server-process turns it off for the other workloads), at the defaults.
  const server = await startBenchServer(db, 5900 + Math.floor(Math.random() * 400), {
    rateLimit: { enabled: true },
    scim: { connections: [{ id: "okta-bench", provisioningDomainId: ORG_SLUG, credentials: [{ type: "bearer", id: "okta-bench-token", token: TOKEN }] }] },
  });
  try {
    const api = `${server.url}/api/auth`;
    await createOrganization(api);
    const headers = { authorization: `Bearer ${TOKEN}`, "content-type": "application/scim+json", accept: "application/scim+json" };
    const latencies: number[] = [];
    const statuses = new Map<number, number>();
    let next = 0;
    const worker = async () => {
      while (next < total) {
        const n = next++;
        const started = performance.now();
        const answer = await fetch(`${api}/scim/v2/Users`, { method: "POST", headers, body: JSON.stringify(oktaUser(n)) });
        await answer.arrayBuffer();
        latencies.push(performance.now() - started);
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: concurrency }, worker));
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const rateLimitOn = await limiterAnswers(api);
    const non201 = [...statuses].filter(([status]) => status !== 201).reduce((sum, [, count]) => sum + count, 0);
    return {
      dialect,
      users: total,
      concurrency,
      seconds: Math.round(seconds * 100) / 100,
      usersPerSecond: Math.round(total / seconds),
      p50Ms: Math.round(percentile(latencies, 50) * 100) / 100,
      p99Ms: Math.round(percentile(latencies, 99) * 100) / 100,
      non201,
      tooManyRequests: statuses.get(429) ?? 0,
      rateLimitOn,
      loadAverage1mStart: Math.round(loadAverage1mStart * 100) / 100,
      loadAverage1mEnd: Math.round((loadavg()[0] ?? 0) * 100) / 100,
    };
  } finally {
    await server.stop();
  }
}

async function postgresReachable(): Promise<boolean> {
  try {
    await createBenchDatabase(`latchkey_bench_scim_probe_${process.pid}`);
    await dropBenchDatabase(`latchkey_bench_scim_probe_${process.pid}`);
    return true;
  } catch {
    return false;
  }
}

export async function run(total = Number(process.env.BENCH_SCIM_USERS ?? 10_000), concurrency = 8): Promise<ScimPushFigures> {
  const runs: PushResult[] = [];
  const dir = mkdtempSync(join(tmpdir(), "latchkey-bench-scim-"));
  try {
    runs.push(await push("sqlite", join(dir, "bench.db"), total, concurrency));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  if (process.env.BENCH_SCIM_POSTGRES !== "off" && (await postgresReachable())) {
    const name = `latchkey_bench_scim_${process.pid}`;
    try {
      runs.push(await push("postgres", await createBenchDatabase(name), total, concurrency));
    } finally {
      await dropBenchDatabase(name);
    }
  }
  return { runs, cores: availableParallelism(), cpu: cpus()[0]?.model ?? "unknown" };
}

export function report(f: ScimPushFigures): string {
  return [
    `scim-push (${f.cores} cores, ${f.cpu}; Okta-shaped POST /scim/v2/Users, rate limiting on at the defaults)`,
    ...f.runs.map(
      (r) =>
        `  ${r.dialect.padEnd(9)} ${r.users} users, ${r.concurrency} in flight: ${r.seconds} s   ${r.usersPerSecond} users/s   p50 ${r.p50Ms.toFixed(2)} ms   p99 ${r.p99Ms.toFixed(2)} ms   non-201 ${r.non201} (429: ${r.tooManyRequests})   limiter ${r.rateLimitOn ? "on" : "OFF?"}   load ${r.loadAverage1mStart} → ${r.loadAverage1mEnd}`,
    ),
    `  target: within 60 s and no answer other than 201 — ${f.runs.every((r) => r.seconds <= 60 && r.non201 === 0 && r.rateLimitOn) ? "met" : "NOT met"}`,
  ].join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await run();
  console.log(report(figures));
  console.log(JSON.stringify({ bench: "scim-push", ...figures }));
}
