/**
 * A TCP relay on loopback that a test turns into a bad network between Latchkey and its database
 * (or Redis), without touching the real server that other runs share:
 *
 * - `cut()`: every connection through it is destroyed, and new ones are refused (accepted and
 *   dropped at once) — a database restart or a failover as the client sees it;
 * - `stall()`: nothing passes in either direction, on old and new connections, but nothing is
 *   lost — what was held is delivered on `restore()` (a database that stops answering for a while);
 * - `freeze()`: the connections open now go silent for good, without FIN or RST — a half-open
 *   connection after a lost peer or a NAT that forgot it; they stay dead after `restore()`, and
 *   while frozen, new connections freeze as well;
 * - `slow(ms)`: every chunk in either direction is delivered `ms` late (in order);
 * - `restore()`: new connections pass normally again (frozen ones stay frozen).
 *
 * PostgreSQL's wire protocol is not read: bytes are only relayed, held or dropped.
 */
import { connect, createServer, type Server, type Socket } from "node:net";
import { freePort } from "./run-cli.js";

type Mode = "pass" | "cut" | "stall" | "freeze" | "slow";

export interface FaultProxy {
  /** The target URL with its host and port replaced by the proxy's. */
  url: string;
  port: number;
  cut(): void;
  stall(): void;
  freeze(): void;
  slow(ms: number): void;
  restore(): void;
  /** Connections currently open through the proxy (client side). */
  connections(): number;
  close(): Promise<void>;
}

interface Pair {
  client: Socket;
  upstream: Socket;
  frozen: boolean;
  /** Chunks held while stalled, in arrival order, with the socket each is for. */
  held: Array<{ to: Socket; chunk: Buffer }>;
  /** Per direction: when the last delayed chunk is due (keeps `slow` in order). */
  due: Map<Socket, number>;
}

export async function faultProxy(target: string): Promise<FaultProxy> {
  const parsed = new URL(target);
  const targetPort = Number(parsed.port || (parsed.protocol.startsWith("redis") ? 6379 : 5432));
  const port = await freePort();
  const pairs = new Set<Pair>();
  let mode: Mode = "pass";
  let delayMs = 0;

  function relay(pair: Pair, from: Socket, to: Socket): void {
    from.on("data", (chunk: Buffer) => {
      if (pair.frozen) return; // the peer is gone: bytes vanish
      if (mode === "stall") {
        pair.held.push({ to, chunk });
        return;
      }
      if (mode === "slow" && delayMs > 0) {
        const at = Math.max(Date.now() + delayMs, pair.due.get(to) ?? 0);
        pair.due.set(to, at);
        setTimeout(() => {
          if (!pair.frozen && !to.destroyed) to.write(chunk);
        }, at - Date.now());
        return;
      }
      to.write(chunk);
    });
  }

  const server: Server = createServer((client) => {
    if (mode === "cut") {
      client.destroy();
      return;
    }
    const upstream = connect(targetPort, parsed.hostname);
    const pair: Pair = { client, upstream, frozen: mode === "freeze", held: [], due: new Map() };
    pairs.add(pair);
    for (const socket of [client, upstream]) socket.on("error", () => socket.destroy());
    client.on("close", () => {
      pairs.delete(pair);
      upstream.destroy();
    });
    // A frozen connection tells the client nothing when the database's side goes away: that is the point.
    upstream.on("close", () => {
      if (!pair.frozen) client.destroy();
    });
    relay(pair, client, upstream);
    relay(pair, upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", () => resolve()));

  function flushHeld(): void {
    for (const pair of pairs) {
      const held = pair.held;
      pair.held = [];
      for (const { to, chunk } of held) if (!pair.frozen && !to.destroyed) to.write(chunk);
    }
  }

  const url = new URL(target);
  url.hostname = "127.0.0.1";
  url.port = String(port);
  return {
    url: url.toString(),
    port,
    cut() {
      mode = "cut";
      for (const pair of pairs) {
        pair.frozen = false;
        pair.client.destroy();
        pair.upstream.destroy();
      }
    },
    stall() {
      mode = "stall";
    },
    freeze() {
      mode = "freeze";
      for (const pair of pairs) pair.frozen = true;
    },
    slow(ms) {
      mode = "slow";
      delayMs = ms;
    },
    restore() {
      mode = "pass";
      delayMs = 0;
      flushHeld();
    },
    connections: () => pairs.size,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const pair of pairs) {
          pair.client.destroy();
          pair.upstream.destroy();
        }
      }),
  };
}
