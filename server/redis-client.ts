/**
 * One way to open a Redis connection (`redisUrl`): the rate-limit store (http/rate-limit-redis.ts)
 * and the session change channel (db/redis-change-channel.ts) each open their own with it.
 *
 * Fail fast rather than wait: nothing is queued while disconnected, nothing is retried or resent
 * after a reconnect (a late rate-limit count or change notice is worse than a missing one, which
 * each caller handles), commands time out quickly, and ioredis reconnects on its own with a pause
 * growing to 2 s.
 */
import { Redis, type RedisOptions } from "ioredis";

export function openRedis(url: string, overrides: RedisOptions = {}): Redis {
  return new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    autoResendUnfulfilledCommands: false,
    commandTimeout: 250,
    connectTimeout: 2_000,
    retryStrategy: (times) => Math.min(times * 200, 2_000),
    lazyConnect: false,
    ...overrides,
  });
}
