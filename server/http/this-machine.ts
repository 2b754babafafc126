/**
 * "Is the person asking at this computer?" for the few features that are only for the machine's
 * own user (the Demo data section, issue 39). Answered from the connection, never from
 * `request.ip`: with trustProxy that address comes from X-Forwarded-For, which a caller writes.
 * A loopback peer is not enough either: a reverse proxy on the same host connects from 127.0.0.1
 * on behalf of anyone, so a request carrying any forwarding header counts as relayed.
 */
import type { FastifyRequest } from "fastify";
import { isLoopbackHost } from "../core/loopback.js";

const RELAY_HEADERS = ["forwarded", "x-forwarded-for", "x-forwarded-host", "x-real-ip", "via"] as const;

export function connectedFromThisMachine(request: Pick<FastifyRequest, "headers" | "socket">): boolean {
  const peer = request.socket?.remoteAddress;
  if (!peer || !isLoopbackHost(peer)) return false;
  return RELAY_HEADERS.every((name) => request.headers[name] === undefined);
}
