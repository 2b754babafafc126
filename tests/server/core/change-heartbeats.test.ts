/**
 * Issue 32, finding 8, on any change channel (PostgreSQL's LISTEN or the Redis relay): a heartbeat
 * counts only with a send time this process used and has not yet seen back, so whoever can send a
 * notice (pg_notify, a Redis PUBLISH) cannot keep a cache "fresh" with `h:<id>:1e15:…` or move its
 * time back with a replay; and the relay's signed, numbered messages (db/relay-signing.ts) open
 * only under the deployment's key, on its channel, unaltered.
 */
import { describe, expect, it } from "vitest";
import { createHeartbeats } from "../../../server/db/heartbeats.js";
import { openRelayMessage, relayKey, sequenceTracker, signRelayMessage } from "../../../server/db/relay-signing.js";
import { TEST_SECRET } from "../../helpers/test-server.js";

function channel() {
  const sent: string[] = [];
  const rejected: string[] = [];
  const beats = createHeartbeats({
    maxLagMs: 60_000,
    send: (payload) => {
      sent.push(payload);
      return Promise.resolve();
    },
    onRejected: (reason) => rejected.push(reason),
  });
  return { beats, sent, rejected };
}

describe("heartbeats", () => {
  it("count only a send time this process used, once", async () => {
    const { beats, sent, rejected } = channel();
    beats.beat();
    await Promise.resolve();
    const [payload] = sent as [string];
    const id = payload.split(":")[1]!;
    expect(beats.fresh()).toBe(false);
    // Forged: a time never sent, far in the future or merely plausible.
    for (const forged of [`h:${id}:1e15:0`, `h:${id}:999999999999:0`, `h:${id}:1:0`, `h:${id}:${payload.split(":")[2]}1:0`]) {
      expect(beats.heard(forged)).toBe(true);
      expect(beats.fresh(), forged).toBe(false);
    }
    expect(rejected).toHaveLength(4);
    expect(beats.heard(payload)).toBe(true);
    expect(beats.fresh()).toBe(true);
    // The same one again (a replay, or a second relay passing it on) changes nothing and is not
    // reported; a forged later time still is.
    expect(beats.heard(payload)).toBe(true);
    expect(rejected).toHaveLength(4);
    expect(beats.heard(`h:${id}:1e15:0`)).toBe(true);
    expect(rejected).toHaveLength(5);
  });

  it("an older send heard after a newer one neither counts nor moves the time back (and is no alarm)", async () => {
    const { beats, sent, rejected } = channel();
    beats.beat();
    await new Promise((resolve) => setTimeout(resolve, 2));
    beats.beat();
    expect(sent).toHaveLength(2);
    const [older, newer] = sent as [string, string];
    expect(beats.heard(newer)).toBe(true);
    expect(rejected).toEqual([]);
    expect(beats.heard(older)).toBe(true);
    expect(rejected).toEqual([]);
    expect(beats.fresh()).toBe(true);
    // Settled with the newer one: the older send does not count even now.
    beats.forget();
    expect(beats.heard(older)).toBe(true);
    expect(beats.fresh()).toBe(false);
    expect(rejected).toEqual(["heartbeat"]);
  });

  it("others' heartbeats are ignored, malformed ones dropped; other payloads are no heartbeat", () => {
    const { beats, rejected } = channel();
    expect(beats.heard("h:someone-else:1234.5:3")).toBe(true);
    expect(rejected).toEqual([]);
    for (const bad of ["h:someone-else:1e15:0", "h:x:-1:0", "h:x:1:-1", "h:x:NaN:0", "h:x:1", "h:x:1:0:extra", "h:x:1:1.5"]) expect(beats.heard(bad)).toBe(true);
    expect(rejected).toHaveLength(7);
    expect(beats.fresh()).toBe(false);
    expect(beats.heard("u:someone")).toBe(false);
    expect(beats.heard("*")).toBe(false);
  });
});

describe("relay messages", () => {
  const key = relayKey(TEST_SECRET);

  it("open only under the same key and channel, unaltered", () => {
    const message = signRelayMessage(key, "chan", "relay1", 7, "h:abc:12.5:0");
    expect(openRelayMessage(key, "chan", message)).toEqual({ sender: "relay1", seq: 7, payload: "h:abc:12.5:0" });
    expect(openRelayMessage(key, "other-chan", message)).toBe("signature");
    expect(openRelayMessage(relayKey(`${TEST_SECRET}-other`), "chan", message)).toBe("signature");
    expect(openRelayMessage(key, "chan", message.replace("h:abc:12.5:0", "h:abc:1e15:0"))).toBe("signature");
    expect(openRelayMessage(key, "chan", message.replace(" 7 ", " 8 "))).toBe("signature");
    for (const unsigned of ["*", "h:abc:1e15:0", "s1 mac relay1 x *", "s2 mac relay1 0 *", "s1 mac  relay1 0"]) expect(openRelayMessage(key, "chan", unsigned)).not.toHaveProperty("payload");
    // Keys are derived for this use only: not the secret, not another purpose's key.
    expect(key.equals(Buffer.from(TEST_SECRET))).toBe(false);
  });

  it("are taken in order per sender: a replay is refused, a gap reported", () => {
    const sequence = sequenceTracker();
    expect(sequence.next("a", 5)).toBe("ok");
    expect(sequence.next("a", 6)).toBe("ok");
    expect(sequence.next("b", 0)).toBe("ok");
    expect(sequence.next("a", 6)).toBe("replayed");
    expect(sequence.next("a", 2)).toBe("replayed");
    expect(sequence.next("a", 9)).toBe("gap");
    expect(sequence.next("a", 10)).toBe("ok");
    sequence.clear();
    expect(sequence.next("a", 3)).toBe("ok");
  });
});

describe("lag (#33)", () => {
  it("is not reported before the first heartbeat could come back, only once one is overdue", async () => {
    let now = 1_000;
    const realNow = performance.now;
    performance.now = () => now;
    try {
      const sent: string[] = [];
      const beats = createHeartbeats({ maxLagMs: 2_000, send: (payload) => (sent.push(payload), Promise.resolve()) });
      // Listening, nothing sent or heard yet: not lagging (a start used to log WARN here).
      expect(beats.lagging()).toBe(false);
      beats.beat();
      await Promise.resolve();
      now += 1_500;
      expect(beats.lagging()).toBe(false);
      // Back in time: fresh, not lagging.
      expect(beats.heard(sent[0]!)).toBe(true);
      expect(beats.fresh()).toBe(true);
      expect(beats.lagging()).toBe(false);
      // A later send that never comes back, and the last one heard grows old: lagging.
      now += 2_500;
      expect(beats.lagging()).toBe(true);
      // After a reset nothing heard counts; a send unanswered for longer than maxLagMs is lag again.
      beats.forget();
      const fresh = createHeartbeats({ maxLagMs: 2_000, send: () => Promise.resolve() });
      fresh.beat();
      await Promise.resolve();
      now += 2_001;
      expect(fresh.lagging()).toBe(true);
    } finally {
      performance.now = realNow;
    }
  });
});
