/**
 * The enabled endpoints and their selectors, read once and kept (issue 38): the audit writer asks
 * for every batch, and a change asks whether anyone wants its event before writing it in its own
 * transaction, so neither costs a query. This server's endpoint changes drop the copy at once
 * (features/webhook calls `invalidate`); another server's are seen within `TTL_MS`, the most an
 * endpoint created or changed elsewhere can miss events for.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/types.js";
import type { Subscriber } from "./outbox.js";
import { selects } from "./selectors.js";

export const TTL_MS = 2_000;

export interface EndpointCache {
  /**
   * `via`: the executor to read with when the copy is stale — inside a transaction, that
   * transaction (on SQLite the pool is one connection: reading through `db` would wait for the
   * transaction that is waiting for the read).
   */
  subscribers(via?: Kysely<Database>): Promise<readonly Subscriber[]>;
  /** Does any enabled endpoint select this audit action? */
  wanted(action: string, via?: Kysely<Database>): Promise<boolean>;
  invalidate(): void;
}

export function createEndpointCache(db: Kysely<Database>, now: () => number = () => performance.now()): EndpointCache {
  let copy: { at: number; list: Promise<readonly Subscriber[]> } | null = null;

  async function read(via: Kysely<Database>): Promise<readonly Subscriber[]> {
    const rows = await via.selectFrom("webhookEndpoint").select(["id", "events"]).where("disabled", "=", 0).execute();
    return rows.map((row) => ({ id: row.id, selectors: JSON.parse(row.events) as string[] }));
  }

  function subscribers(via: Kysely<Database> = db): Promise<readonly Subscriber[]> {
    if (!copy || now() - copy.at > TTL_MS) {
      const fresh = { at: now(), list: read(via) };
      // A failed read is not kept: the next caller reads again.
      fresh.list.catch(() => {
        if (copy === fresh) copy = null;
      });
      copy = fresh;
    }
    return copy.list;
  }

  return {
    subscribers,
    async wanted(action, via) {
      return (await subscribers(via)).some((endpoint) => selects(endpoint.selectors, action));
    },
    invalidate() {
      copy = null;
    },
  };
}
