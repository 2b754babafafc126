/**
 * A TCP relay to PostgreSQL that passes everything but notifications: LISTEN succeeds through it
 * and nothing is ever heard — what a server behind a transaction-pooling PgBouncer sees (its
 * LISTEN lands on whichever backend ran it, and notices go nowhere). Queries work as usual.
 *
 * The server's side of the protocol is a stream of messages, each a type byte and a length
 * (which counts itself, not the type); NotificationResponse is type 'A'. No SSL (node-postgres
 * asks for none unless told to), so the stream is framed that way from the first byte.
 */
import { connect, createServer, type Server, type Socket } from "node:net";
import { freePort } from "./run-cli.js";

export interface DeafPostgresProxy {
  /** The target URL with its host and port replaced by the proxy's. */
  url: string;
  close(): Promise<void>;
}

export async function deafPostgresProxy(target: string): Promise<DeafPostgresProxy> {
  const parsed = new URL(target);
  const port = await freePort();
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(Number(parsed.port || 5432), parsed.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => {
        sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
      socket.on("error", () => socket.destroy());
    }
    client.pipe(upstream);
    let pending = Buffer.alloc(0);
    upstream.on("data", (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      const passed: Buffer[] = [];
      while (pending.length >= 5) {
        const size = 1 + pending.readUInt32BE(1);
        if (pending.length < size) break;
        if (pending[0] !== 0x41) passed.push(pending.subarray(0, size)); // 'A': a notification, dropped
        pending = pending.subarray(size);
      }
      if (passed.length) client.write(Buffer.concat(passed));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", () => resolve()));
  const url = new URL(target);
  url.hostname = "127.0.0.1";
  url.port = String(port);
  return {
    url: url.toString(),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}
