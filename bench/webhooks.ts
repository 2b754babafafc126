/**
 * Webhooks (issue 38): what a subscribed endpoint adds to a sign-in, and how many events per
 * second reach a receiver end to end. The real server runs in its own process on SQLite; the
 * receiver is a local HTTP server in this process that verifies every delivery's signature with
 * `standardwebhooks`, as a receiver in production would, and counts only verified ones.
 *
 * - Sign-in cost: rounds of sign-ins with the endpoint disabled ("none": no enabled endpoint, so
 *   the sign-in writes no delivery row) and enabled selecting `user.sign-in` (one more insert in
 *   the session's own transaction, then the send, in the same server process). Two ways:
 *   back to back (the next sign-in starts at once, so the subscribed rounds also pay for sending
 *   the previous events: the cost in capacity) and paced (each sign-in timed alone, and its
 *   delivery waited for, untimed, before the next: what one user's sign-in waits). None and
 *   subscribed alternate, A-B then B-A, so a machine getting busier or quieter during the run
 *   weighs on both alike; every round ends once its deliveries are verified, so the next round
 *   doesn't pay for them. The figure is the median round's mean per sign-in.
 * - Server CPU per sign-in: the server process's user + system time (all its threads, hashing
 *   workers included, from /proc) over each back-to-back round, until its deliveries are verified,
 *   divided by its sign-ins. On a busy machine wall-clock times swing with other people's load;
 *   CPU per sign-in much less, so it is the figure to read there.
 * - Two hashings (`BENCH_WEBHOOK_HASHING=cheap|production` runs one): "production", the default
 *   argon2id parameters, is the "cost added to a sign-in"; "cheap" (memoryCost 1024,
 *   timeCost 1) makes the webhook work a larger share of a sign-in: the stricter comparison.
 * - Throughput: a burst of sign-ins, 16 in flight, each delivered; events/s from the first request
 *   to the last verified delivery.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { availableParallelism, cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { Webhook } from "standardwebhooks";
import { openSqlite } from "../server/db/database.js";
import { migrateToLatest } from "../server/db/migrate.js";
import { freePort } from "./free-port.js";
import { processCpuMs } from "./process-cpu.js";
import { startBenchServer } from "./server-process.js";

/** "cheap": argon2id m=1024 t=1 (webhook work a larger share: the stricter figure); "production": the defaults. */
export type Hashing = "cheap" | "production";

export interface WebhookFigures {
  hashing: Hashing;
  signInsPerRound: number;
  signInMsNoEndpoint: number;
  signInMsSubscribed: number;
  signInCostPercent: number;
  roundsNoEndpoint: number[];
  roundsSubscribed: number[];
  /** Paced: each sign-in timed alone, its delivery sent before the next starts. */
  pacedMsNoEndpoint: number;
  pacedMsSubscribed: number;
  pacedCostPercent: number;
  pacedRoundsNoEndpoint: number[];
  pacedRoundsSubscribed: number[];
  /** The server process's CPU (user + system, all threads, from /proc) per sign-in, its deliveries' sending included. */
  cpuMsNoEndpoint: number | null;
  cpuMsSubscribed: number | null;
  cpuCostPercent: number | null;
  cpuRoundsNoEndpoint: number[];
  cpuRoundsSubscribed: number[];
  burstEvents: number;
  burstSignInsPerSecondNoEndpoint: number;
  burstSignInsPerSecond: number;
  eventsPerSecond: number;
  verified: number;
  rejected: number;
  deliveredAll: boolean;
  cores: number;
  cpu: string;
  loadAverage1mStart: number;
  loadAverage1mEnd: number;
}

const DELIVERY_WAIT_MS = 120_000;
const IN_FLIGHT = 16;
const round3 = (n: number) => Math.round(n * 1000) / 1000;
const load1m = () => Math.round((loadavg()[0] ?? 0) * 100) / 100;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** A receiver that verifies each delivery and lets the bench wait for a count (bounded, polled). */
async function startVerifyingReceiver() {
  const state = { secret: "", verified: 0, rejected: 0, lastVerifiedAt: 0 };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      try {
        new Webhook(state.secret).verify(Buffer.concat(chunks).toString("utf8"), request.headers as Record<string, string>);
        state.verified++;
        state.lastVerifiedAt = performance.now();
      } catch {
        state.rejected++;
      }
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    state,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    /** True once `count` deliveries verified; false if DELIVERY_WAIT_MS passed first. */
    async waitForVerified(count: number): Promise<boolean> {
      const until = Date.now() + DELIVERY_WAIT_MS;
      while (state.verified < count) {
        if (Date.now() > until) return false;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      return true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Both hashings by default (`BENCH_WEBHOOK_HASHING=cheap` or `production` runs one). */
export async function run(): Promise<{ variants: WebhookFigures[] }> {
  const chosen = process.env.BENCH_WEBHOOK_HASHING;
  const hashings: Hashing[] = chosen === "cheap" || chosen === "production" ? [chosen] : ["cheap", "production"];
  const variants: WebhookFigures[] = [];
  for (const hashing of hashings) variants.push(await runVariant({ hashing }));
  return { variants };
}

export async function runVariant(options: { hashing: Hashing; signIns?: number; rounds?: number; burst?: number }): Promise<WebhookFigures> {
  const signIns = options.signIns ?? Number(process.env.BENCH_WEBHOOK_SIGN_INS ?? 200);
  const rounds = options.rounds ?? Number(process.env.BENCH_WEBHOOK_ROUNDS ?? 3);
  const burst = options.burst ?? Number(process.env.BENCH_WEBHOOK_BURST ?? 1000);
  const loadAverage1mStart = load1m();
  const dir = mkdtempSync(join(tmpdir(), "latchkey-bench-webhooks-"));
  const file = join(dir, "bench.db");
  const { db, close } = openSqlite(file);
  await migrateToLatest(db);
  const receiver = await startVerifyingReceiver();
  const server = await startBenchServer(file, await freePort(), options.hashing === "cheap" ? { password: { memoryCost: 1024, timeCost: 1, parallelism: 1 } } : undefined);
  try {
    const post = async (path: string, body: unknown, token?: string) => {
      const response = await fetch(`${server.url}/api/auth${path}`, { method: "POST", headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
      const text = await response.text();
      if (response.status !== 200) throw new Error(`${path}: ${response.status} ${text}`);
      return JSON.parse(text) as Record<string, unknown>;
    };
    const password = "correct horse battery staple";
    const admin = (await post("/sign-up/email", { email: "bench-admin@example.com", password, name: "Admin" })) as { token: string; user: { id: string } };
    await db.updateTable("user").set({ role: "admin" }).where("id", "=", admin.user.id).execute();
    await post("/sign-up/email", { email: "bench-user@example.com", password, name: "User" });
    const signIn = () => post("/sign-in/email", { email: "bench-user@example.com", password });
    const created = (await post("/admin/webhooks/create", { url: receiver.url, events: ["user.sign-in"] }, admin.token)) as { endpoint: { id: string }; secret: string };
    receiver.state.secret = created.secret;
    const setSubscribed = (on: boolean) => post("/admin/webhooks/update", { id: created.endpoint.id, disabled: !on }, admin.token);

    // Warm-up, subscribed: JIT, page cache, the sender's connection; every event must verify.
    let expected = 0;
    for (let i = 0; i < 50; i++) await signIn();
    expected += 50;
    if (!(await receiver.waitForVerified(expected))) throw new Error(`warm-up: ${receiver.state.verified}/${expected} deliveries verified (${receiver.state.rejected} rejected)`);

    // One round: mean ms per sign-in. Back to back, the next sign-in starts at once, so a subscribed
    // round also pays for sending the previous events (capacity). Paced, each sign-in alone is timed
    // and its delivery is waited for, untimed, before the next (what one user's sign-in waits).
    const times = { none: [] as number[], subscribed: [] as number[], pacedNone: [] as number[], pacedSubscribed: [] as number[], cpuNone: [] as number[], cpuSubscribed: [] as number[] };
    const signInRound = async (mode: "none" | "subscribed", paced: boolean): Promise<number> => {
      await setSubscribed(mode === "subscribed");
      const cpuStart = processCpuMs(server.pid);
      let total = 0;
      const roundStart = performance.now();
      for (let i = 0; i < signIns; i++) {
        const start = performance.now();
        await signIn();
        total += performance.now() - start;
        if (mode === "subscribed") {
          expected++;
          if (paced && !(await receiver.waitForVerified(expected))) throw new Error(`paced round: ${receiver.state.verified}/${expected} deliveries verified`);
        }
      }
      const perSignIn = (paced ? total : performance.now() - roundStart) / signIns;
      if (!(await receiver.waitForVerified(expected))) throw new Error(`round: ${receiver.state.verified}/${expected} deliveries verified`);
      // Back to back only (paced rounds wait on the receiver, whose idle time is no one's CPU either way).
      const cpuEnd = processCpuMs(server.pid);
      if (!paced && cpuStart !== null && cpuEnd !== null) times[mode === "none" ? "cpuNone" : "cpuSubscribed"].push((cpuEnd - cpuStart) / signIns);
      return perSignIn;
    };
    for (let r = 0; r < rounds; r++) {
      const order = r % 2 === 0 ? (["none", "subscribed"] as const) : (["subscribed", "none"] as const);
      for (const mode of order) times[mode].push(await signInRound(mode, false));
      for (const mode of order) times[mode === "none" ? "pacedNone" : "pacedSubscribed"].push(await signInRound(mode, true));
    }

    // Throughput: every sign-in of the burst is one event, delivered and verified. The same burst
    // with no endpoint first: the sign-ins/s a subscription takes away.
    const burstOf = async (mode: "none" | "subscribed") => {
      await setSubscribed(mode === "subscribed");
      const start = performance.now();
      let next = 0;
      await Promise.all(
        Array.from({ length: IN_FLIGHT }, async () => {
          while (next < burst) {
            next++;
            await signIn();
          }
        }),
      );
      return { start, signInsPerSecond: Math.round(burst / ((performance.now() - start) / 1000)) };
    };
    const burstNone = await burstOf("none");
    const { start, signInsPerSecond } = await burstOf("subscribed");
    const deliveredAll = await receiver.waitForVerified(expected + burst);
    const seconds = (receiver.state.lastVerifiedAt - start) / 1000;

    const none = median(times.none);
    const subscribed = median(times.subscribed);
    const pacedNone = median(times.pacedNone);
    const pacedSubscribed = median(times.pacedSubscribed);
    const percent = (base: number, more: number) => Math.round(((more - base) / base) * 1000) / 10;
    const cpuNone = times.cpuNone.length ? median(times.cpuNone) : null;
    const cpuSubscribed = times.cpuSubscribed.length ? median(times.cpuSubscribed) : null;
    return {
      hashing: options.hashing,
      signInsPerRound: signIns,
      signInMsNoEndpoint: round3(none),
      signInMsSubscribed: round3(subscribed),
      signInCostPercent: percent(none, subscribed),
      roundsNoEndpoint: times.none.map(round3),
      roundsSubscribed: times.subscribed.map(round3),
      pacedMsNoEndpoint: round3(pacedNone),
      pacedMsSubscribed: round3(pacedSubscribed),
      pacedCostPercent: percent(pacedNone, pacedSubscribed),
      pacedRoundsNoEndpoint: times.pacedNone.map(round3),
      pacedRoundsSubscribed: times.pacedSubscribed.map(round3),
      cpuMsNoEndpoint: cpuNone === null ? null : round3(cpuNone),
      cpuMsSubscribed: cpuSubscribed === null ? null : round3(cpuSubscribed),
      cpuCostPercent: cpuNone === null || cpuSubscribed === null ? null : percent(cpuNone, cpuSubscribed),
      cpuRoundsNoEndpoint: times.cpuNone.map(round3),
      cpuRoundsSubscribed: times.cpuSubscribed.map(round3),
      burstEvents: burst,
      burstSignInsPerSecondNoEndpoint: burstNone.signInsPerSecond,
      burstSignInsPerSecond: signInsPerSecond,
      eventsPerSecond: Math.round((receiver.state.verified - expected) / seconds),
      verified: receiver.state.verified,
      rejected: receiver.state.rejected,
      deliveredAll: deliveredAll && receiver.state.rejected === 0,
      cores: availableParallelism(),
      cpu: cpus()[0]?.model ?? "unknown",
      loadAverage1mStart,
      loadAverage1mEnd: load1m(),
    };
  } finally {
    await server.stop();
    await receiver.close();
    await close();
    rmSync(dir, { recursive: true, force: true });
  }
}

function reportVariant(f: WebhookFigures): string {
  const signed = (n: number) => `${n >= 0 ? "+" : ""}${n} %`;
  const target = (n: number) => `target < 5 %: ${n < 5 ? "met" : "NOT met"}`;
  return [
    `webhooks, ${f.hashing} hashing${f.hashing === "cheap" ? " (argon2id m=1024 t=1)" : " (the defaults)"} (${f.cores} cores, ${f.cpu}; load average ${f.loadAverage1mStart} → ${f.loadAverage1mEnd})`,
    `  sign-in back to back: ${f.signInMsNoEndpoint} ms with no endpoint, ${f.signInMsSubscribed} ms with one subscribed (${signed(f.signInCostPercent)}; median of ${f.roundsNoEndpoint.length} alternating rounds of ${f.signInsPerRound}) — ${target(f.signInCostPercent)}`,
    `    rounds: none ${f.roundsNoEndpoint.join(" / ")} ms, subscribed ${f.roundsSubscribed.join(" / ")} ms`,
    f.cpuCostPercent === null
      ? `  server CPU per sign-in: not measured (no /proc)`
      : `  server CPU per sign-in (back to back, sending included): ${f.cpuMsNoEndpoint} ms with no endpoint, ${f.cpuMsSubscribed} ms subscribed (${signed(f.cpuCostPercent)}) — ${target(f.cpuCostPercent)}`,
    `    rounds: none ${f.cpuRoundsNoEndpoint.join(" / ")} ms, subscribed ${f.cpuRoundsSubscribed.join(" / ")} ms`,
    `  sign-in paced (each timed alone, its delivery sent before the next): ${f.pacedMsNoEndpoint} ms with no endpoint, ${f.pacedMsSubscribed} ms subscribed (${signed(f.pacedCostPercent)}) — ${target(f.pacedCostPercent)}`,
    `    rounds: none ${f.pacedRoundsNoEndpoint.join(" / ")} ms, subscribed ${f.pacedRoundsSubscribed.join(" / ")} ms`,
    `  end to end: ${f.eventsPerSecond} events/s verified (${f.burstEvents} sign-ins, ${IN_FLIGHT} in flight, sign-ins at ${f.burstSignInsPerSecond}/s against ${f.burstSignInsPerSecondNoEndpoint}/s with no endpoint; ${f.verified} verified, ${f.rejected} rejected in all${f.deliveredAll ? "" : " — NOT all delivered and verified"})`,
  ].join("\n");
}

export function report(figures: { variants: WebhookFigures[] }): string {
  return figures.variants.map(reportVariant).join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await run();
  console.log(report(figures));
  console.log(JSON.stringify({ bench: "webhooks", ...figures }));
}
