/**
 * The enabled endpoints, read once and kept (issue 38): the audit writer asks for every batch, a
 * change asks whether anyone wants its event before writing it in its own transaction, and the
 * sender asks for the URL and signing secrets of every delivery it sends, so none of them costs a
 * query. This server's endpoint changes (create, update, disable, delete, rotate-secret) drop the
 * copy at once (features/webhook calls `invalidate`); another server's are seen within `TTL_MS`,
 * the most an endpoint created or changed elsewhere can miss events for, or be signed for with
 * the secrets it had before a rotation there (the replaced secret signs for 24 h after a rotation
 * anyway). A disable or delete elsewhere stops sends at once regardless: the sender leases only
 * rows whose endpoint the database says is enabled.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/types.js";
import type { Subscriber } from "./outbox.js";
import { selects } from "./selectors.js";

export const TTL_MS = 2_000;

/** What the sender needs of an enabled endpoint; the secrets stay sealed here (the sender opens them). */
export interface CachedEndpoint extends Subscriber {
  url: string;
  publicOnly: boolean;
  secretSealed: string;
  previousSecretSealed: string | null;
  previousUntil: number | null;
  failedInARow: number;
}

export interface EndpointCache {
  /**
   * `via`: the executor to read with when the copy is stale — inside a transaction, that
   * transaction (on SQLite the pool is one connection: reading through `db` would wait for the
   * transaction that is waiting for the read).
   */
  subscribers(via?: Kysely<Database>): Promise<readonly CachedEndpoint[]>;
  /** Does any enabled endpoint select this audit action? */
  wanted(action: string, via?: Kysely<Database>): Promise<boolean>;
  /** An enabled endpoint by id (undefined: disabled or deleted, as far as this copy knows). */
  endpoint(id: string, via?: Kysely<Database>): Promise<CachedEndpoint | undefined>;
  invalidate(): void;
}

export function createEndpointCache(db: Kysely<Database>, now: () => number = () => performance.now()): EndpointCache {
  let copy: { at: number; via: Kysely<Database>; settled: boolean; list: Promise<readonly CachedEndpoint[]> } | null = null;

  async function read(via: Kysely<Database>): Promise<readonly CachedEndpoint[]> {
    const rows = await via
      .selectFrom("webhookEndpoint")
      .select(["id", "events", "url", "publicOnly", "secretSealed", "previousSecretSealed", "previousUntil", "failedInARow"])
      .where("disabled", "=", 0)
      .execute();
    return rows.map((row) => ({
      id: row.id,
      selectors: JSON.parse(row.events) as string[],
      url: row.url,
      publicOnly: Boolean(row.publicOnly),
      secretSealed: row.secretSealed,
      previousSecretSealed: row.previousSecretSealed,
      previousUntil: row.previousUntil === null ? null : Number(row.previousUntil),
      failedInARow: Number(row.failedInARow),
    }));
  }

  function subscribers(via: Kysely<Database> = db): Promise<readonly CachedEndpoint[]> {
    if (!copy || now() - copy.at > TTL_MS) {
      const fresh = { at: now(), via, settled: false, list: read(via) };
      fresh.list.then(
        () => (fresh.settled = true),
        // A failed read is not kept: the next caller reads again.
        () => {
          if (copy === fresh) copy = null;
        },
      );
      copy = fresh;
      return fresh.list;
    }
    // A read still on its way through another executor is not waited for: inside a transaction
    // on SQLite that read may be queued for the one connection this transaction holds (the audit
    // writer's refresh through the pool, say), and waiting for it would never end. Read here.
    if (!copy.settled && copy.via !== via) return read(via);
    return copy.list;
  }

  return {
    subscribers,
    async wanted(action, via) {
      return (await subscribers(via)).some((endpoint) => selects(endpoint.selectors, action));
    },
    async endpoint(id, via) {
      return (await subscribers(via)).find((endpoint) => endpoint.id === id);
    },
    invalidate() {
      copy = null;
    },
  };
}
