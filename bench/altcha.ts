/**
 * `npm run bench -- altcha`: what ALTCHA costs (issue 40). For each difficulty (captcha.maxNumber)
 * it creates challenges as the server does and solves them with altcha-lib's solveChallenge (the
 * same WebCrypto SHA-256 loop the console's Web Worker and `auth login` run), one at a time on one
 * core: the time a person's device spends, and the CPU a bot pays per attempt. It also times the
 * server's check of one solution (recomputing the challenge and its HMAC).
 */
import { createChallenge, solveChallenge } from "altcha-lib/v1";
import { loadavg } from "node:os";

/** Difficulty → challenges solved (fewer at 1 000 000: each takes seconds on a loaded core). */
const DIFFICULTIES: Array<[number, number]> = [
  [50_000, 10],
  [100_000, 10],
  [1_000_000, 3],
];
const HMAC_KEY = "bench-key-bench-key-bench-key-32";

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

export async function run() {
  const rows = [];
  for (const [maxNumber, rounds] of DIFFICULTIES) {
    const times: number[] = [];
    let hashes = 0;
    for (let i = 0; i < rounds; i++) {
      const challenge = await createChallenge({ algorithm: "SHA-256", hmacKey: HMAC_KEY, maxNumber, expires: new Date(Date.now() + 60_000) });
      const started = performance.now();
      const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, maxNumber).promise;
      times.push(performance.now() - started);
      hashes += (solution?.number ?? 0) + 1;
    }
    times.sort((a, b) => a - b);
    const total = times.reduce((sum, each) => sum + each, 0);
    rows.push({ maxNumber, rounds, medianMs: Math.round(percentile(times, 50)), p90Ms: Math.round(percentile(times, 90)), maxMs: Math.round(times[times.length - 1]!), hashesPerSecond: Math.round(hashes / (total / 1000)) });
  }
  const challenge = await createChallenge({ algorithm: "SHA-256", hmacKey: HMAC_KEY, maxNumber: 1_000, number: 500 });
  const started = performance.now();
  for (let i = 0; i < 1_000; i++) await createChallenge({ algorithm: "SHA-256", hmacKey: HMAC_KEY, number: 500, salt: challenge.salt });
  const verifyMicros = Math.round(((performance.now() - started) / 1_000) * 1000);
  return { rows, verifyMicros, loadAverage: Number(loadavg()[0]?.toFixed(2)) };
}

export function report(figures: Awaited<ReturnType<typeof run>>): string {
  const lines = figures.rows.map((row) => `  maxNumber ${row.maxNumber} (${row.rounds} challenges): median ${row.medianMs} ms, p90 ${row.p90Ms} ms, max ${row.maxMs} ms (${row.hashesPerSecond} hashes/s)`);
  return [`altcha: challenges solved one at a time (load average ${figures.loadAverage})`, ...lines, `  server check of one solution: ${figures.verifyMicros} µs`].join("\n");
}
