/**
 * A real webhook receiver for tests: a node:http server on loopback that verifies every request
 * with the `standardwebhooks` library (as a receiver in production would) and answers with the
 * status the test chooses. Requests are kept, verified or not, for the test to read.
 */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

export interface Received {
  id: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** The payload if a secret given to the receiver verified the signature, else null. */
  verified: { type: string; timestamp: string; data: Record<string, unknown> } | null;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** Secrets tried in turn when verifying. */
  secrets: string[];
  /** What to answer next; the default is 204. null: never answer (a request held open, "mid-send"). */
  answer: (request: Received) => { status: number; headers?: Record<string, string>; body?: string } | null;
  /** Resolves once `predicate` holds of what arrived (bounded; the machine may be loaded). */
  waitFor(predicate: (received: Received[]) => boolean, timeoutMs?: number): Promise<Received[]>;
  close(): Promise<void>;
}

export function verifyWith(secret: string, request: Received): Received["verified"] {
  try {
    return new Webhook(secret).verify(request.body, request.headers as Record<string, string>) as Received["verified"];
  } catch {
    return null;
  }
}

/** `port`: listen where an earlier receiver was (an endpoint that was offline comes back at its address). */
export async function startReceiver({ port = 0 }: { port?: number } = {}): Promise<Receiver> {
  const received: Received[] = [];
  const receiver: Receiver = {
    url: "",
    received,
    secrets: [],
    answer: () => ({ status: 204 }),
    async waitFor(predicate, timeoutMs = 20_000) {
      const until = Date.now() + timeoutMs;
      while (!predicate(received)) {
        if (Date.now() > until) throw new Error(`receiver: condition not met in ${timeoutMs} ms; got ${received.length} requests`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return received;
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const entry: Received = { id: String(req.headers["webhook-id"] ?? ""), headers: req.headers, body, verified: null };
      for (const secret of receiver.secrets) entry.verified ??= verifyWith(secret, entry);
      received.push(entry);
      const answer = receiver.answer(entry);
      if (answer === null) return;
      res.writeHead(answer.status, answer.headers ?? {});
      res.end(answer.body ?? "");
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return receiver;
}
