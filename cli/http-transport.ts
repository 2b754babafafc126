/**
 * A small fetch for the typed client built on node:http(s). Node's global fetch loads undici on
 * first use (~30 ms on these machines), which alone would push a one-call command past the
 * 200 ms start budget; the client only needs method, headers, a JSON body and the text back.
 * It is injected through createClient({ fetch }) — the client still builds every request.
 */
import { request as httpRequest, type IncomingMessage } from "node:http";

const TIMEOUT_MS = Number(process.env.AUTH_TIMEOUT_MS) || 30_000;

interface MiniHeaders {
  get(name: string): string | null;
}

function headersOf(message: IncomingMessage): MiniHeaders {
  return {
    get(name: string) {
      const value = message.headers[name.toLowerCase()];
      if (value === undefined) return null;
      return Array.isArray(value) ? value.join(", ") : String(value);
    },
  };
}

export const nodeFetch = (async (input: string | URL, init: RequestInit = {}) => {
  const url = new URL(String(input));
  const request = url.protocol === "https:" ? (await import("node:https")).request : httpRequest;
  const headers: Record<string, string> = {};
  for (const [key, value] of Object.entries((init.headers as Record<string, string> | undefined) ?? {})) headers[key.toLowerCase()] = value;
  const body = typeof init.body === "string" ? Buffer.from(init.body) : undefined;
  if (body) headers["content-length"] = String(body.length);
  return new Promise((resolve, reject) => {
    const req = request(url, { method: init.method ?? "GET", headers, timeout: TIMEOUT_MS }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("error", reject);
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        const status = res.statusCode ?? 0;
        resolve({
          status,
          ok: status >= 200 && status < 300,
          statusText: res.statusMessage ?? "",
          headers: headersOf(res),
          text: async () => text,
          json: async () => JSON.parse(text),
        } as unknown as Response);
      });
    });
    req.on("timeout", () => req.destroy(new Error(`no answer within ${TIMEOUT_MS} ms`)));
    req.on("error", reject);
    init.signal?.addEventListener("abort", () => req.destroy(new Error("aborted")));
    req.end(body);
  });
}) as typeof fetch;
