/**
 * The hashing pool's bound (issue 41 item 2) without HTTP: one worker, one waiting slot. A job
 * beyond them is refused with HashQueueFullError at once; the first dummy hash of `burn` (the
 * timing equaliser for unknown accounts) refused that way is not cached, so burn works again once
 * the queue drains.
 */
import { afterAll, describe, expect, it } from "vitest";
import { createHashPool, HashQueueFullError } from "../../../server/crypto/hash-pool.js";
import { createPasswordHasher } from "../../../server/crypto/password.js";

describe("hash pool bound", () => {
  const rejected: string[] = [];
  const pool = createHashPool({ size: 1, maxQueue: 1 }, { onReject: (op) => rejected.push(op) });
  // Slow enough that the running and the waiting hash are both still there when the third arrives.
  const hasher = createPasswordHasher({ memoryCost: 8192, timeCost: 60, parallelism: 1 }, pool);
  afterAll(() => hasher.close());

  it("refuses a job beyond the waiting bound, and burn recovers after the drain", async () => {
    // Start the workers, so the bound applies (before the first job they are all idle).
    const stored = await hasher.hash("warm-up password");
    const running = hasher.hash("first password");
    const waiting = hasher.hash("second password");
    expect(pool.stats()).toMatchObject({ busy: 1, queued: 1 });
    await expect(hasher.verify(stored, "warm-up password")).rejects.toBeInstanceOf(HashQueueFullError);
    await expect(hasher.burn("unknown account")).rejects.toBeInstanceOf(HashQueueFullError);
    expect(() => hasher.assertRoom()).toThrow(HashQueueFullError);
    expect(rejected).toEqual(["argon2-verify", "argon2-hash", "argon2-verify"]);
    await Promise.all([running, waiting]);
    expect(pool.stats()).toMatchObject({ busy: 0, queued: 0 });
    await expect(hasher.burn("unknown account")).resolves.toBeUndefined();
    expect(await hasher.verify(stored, "warm-up password")).toBe(true);
  });
});
