/**
 * A TCP relay to Redis that a test can cut (and restore on the same port): Redis "goes away" from
 * one server while the machine's Redis, which other runs use, is never stopped.
 */
import { createServer, connect, type Server, type Socket } from "node:net";
import { freePort } from "./run-cli.js";

export interface RedisProxy {
  /** A Redis URL like the target's (same database number) that runs through the proxy. */
  url: string;
  /** Closes the listening port and every connection through it. */
  cut(): Promise<void>;
  restore(): Promise<void>;
}

export async function redisProxy(target: URL): Promise<RedisProxy> {
  const port = await freePort();
  const sockets = new Set<Socket>();
  let listener: Server | undefined;
  const open = () =>
    new Promise<void>((resolve) => {
      listener = createServer((client) => {
        const upstream = connect(Number(target.port || 6379), target.hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on("close", () => sockets.delete(socket));
          socket.on("error", () => socket.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      listener.listen(port, "127.0.0.1", () => resolve());
    });
  await open();
  const url = new URL(target.toString());
  url.hostname = "127.0.0.1";
  url.port = String(port);
  return {
    url: url.toString(),
    async cut() {
      await new Promise<void>((resolve) => {
        listener?.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
    },
    restore: open,
  };
}
