/**
 * What the Redis change relay (db/change-relay.ts) publishes, signed: anyone who can PUBLISH on
 * the Redis (a shared instance, a leaked password, an unencrypted network) could otherwise flush
 * every server's cache, or forge a heartbeat that keeps a cache "fresh" while real notices are
 * lost. Every message is `s1 <mac> <sender> <seq> <payload>`:
 *   - mac: HMAC-SHA256, base64url, over the channel, sender, seq and payload, under a key derived
 *     from the server secret with HKDF (purpose `session-change-relay`, a key no other use shares);
 *     the channel inside binds a message to its deployment and database;
 *   - sender: a random id per relay process; seq: 0, 1, 2, … in publish order on its connection.
 * Subscribers (db/redis-change-channel.ts) drop what does not verify, drop a sequence number
 * already seen (a replay), and treat a gap (a message lost on the way, or cut out by someone in
 * the path) as a reset. Payloads are the triggers' and heartbeats' (db/change-notices.ts),
 * unchanged.
 *
 * Servers of an older release publish unsigned payloads, which this release drops; this
 * release's messages are, to an older server, an unknown notice that empties its cache. Either
 * way a mixed fleet checks the database instead of caching: safe, and it ends when every server
 * runs the same release (docs/scale-out.md).
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { deriveKey } from "../crypto/encrypt.js";

const VERSION = "s1";

export type RelayRejection = "unsigned" | "signature" | "replayed";

export interface RelayMessage {
  sender: string;
  seq: number;
  payload: string;
}

function mac(key: Buffer, channel: string, sender: string, seq: number, payload: string): Buffer {
  return createHmac("sha256", key).update(`${channel}\n${sender}\n${seq}\n${payload}`).digest();
}

/** The key both sides use; derived once per secret (deriveKey caches it). */
export function relayKey(secret: string): Buffer {
  return deriveKey(secret, "session-change-relay");
}

export function signRelayMessage(key: Buffer, channel: string, sender: string, seq: number, payload: string): string {
  return `${VERSION} ${mac(key, channel, sender, seq, payload).toString("base64url")} ${sender} ${seq} ${payload}`;
}

/** The message, or why it is refused (no valid shape, or a MAC that does not verify). */
export function openRelayMessage(key: Buffer, channel: string, message: string): RelayMessage | Exclude<RelayRejection, "replayed"> {
  const parts: string[] = [];
  let from = 0;
  for (let i = 0; i < 4; i++) {
    const space = message.indexOf(" ", from);
    if (space < 0) return "unsigned";
    parts.push(message.slice(from, space));
    from = space + 1;
  }
  const [version, given, sender, seqText] = parts as [string, string, string, string];
  const seq = Number(seqText);
  if (version !== VERSION || !/^[0-9]{1,15}$/.test(seqText) || sender === "") return "unsigned";
  const payload = message.slice(from);
  const expected = mac(key, channel, sender, seq, payload);
  const actual = Buffer.from(given, "base64url");
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return "signature";
  return { sender, seq, payload };
}

/**
 * Per-sender sequence tracking on the subscriber's side: "ok" for the next message, "replayed" for
 * one already seen, "gap" when messages went missing in between. A sender first heard mid-stream
 * (this server subscribed after it started) starts its count there. Bounded: only the latest few
 * senders are remembered (at most two relays run at once, briefly).
 */
export function sequenceTracker(maxSenders = 16) {
  const last = new Map<string, number>();
  return {
    next(sender: string, seq: number): "ok" | "replayed" | "gap" {
      const before = last.get(sender);
      if (before !== undefined && seq <= before) return "replayed";
      last.delete(sender); // re-inserted last: the map's order is most recent last
      last.set(sender, seq);
      if (last.size > maxSenders) last.delete(last.keys().next().value as string);
      return before === undefined || seq === before + 1 ? "ok" : "gap";
    },
    clear: () => last.clear(),
  };
}
