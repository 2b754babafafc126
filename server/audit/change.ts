/**
 * A change and its audit events in one transaction (issue 38, "never lost"): `runChange` gives the
 * work an AppContext whose `db` writes into one transaction (db/change-db.ts), collects the
 * events the work records, and writes those an endpoint subscribes to, with their deliveries, in
 * that same transaction before it commits. A kill -9 right after the commit then loses nothing:
 * the next process's sender finds the deliveries queued. Events nobody subscribes to are recorded after the commit, as
 * before, and an event is never recorded for a change that rolled back.
 *
 * Mail the work sends goes out after the commit (below).
 *
 * Services need no transaction parameter: they use `app.db` as always. Which actions are
 * written this way, and which are recorded after the fact and why: audit/durability.ts.
 */
import type { AppContext } from "../context.js";
import { openChangeDb } from "../db/change-db.js";
import type { Mail, Mailer } from "../mail/mailer.js";
import type { AuditEvent } from "./recorder.js";

export interface Change {
  /** The AppContext to do the change's work with: its `db` is the change's transaction. */
  app: AppContext;
  /** Records an event of this change: written in its transaction when an endpoint selects it. */
  audit(event: AuditEvent): void;
}

export async function runChange<T>(app: AppContext, work: (change: Change) => Promise<T>): Promise<T> {
  const scope = openChangeDb(app.db);
  const events: AuditEvent[] = [];
  // Mail goes out once the change committed, in the order it was sent: never for a change that
  // rolled back, and never from inside the transaction (the outbox transport writes through the
  // pool, which on SQLite would wait for the connection this transaction holds; SMTP would hold
  // the transaction open for the whole exchange). A failed send still fails the request, as before.
  const mails: Mail[] = [];
  const mailer: Mailer = { transport: app.mailer.transport, send: async (mail) => void mails.push(mail) };
  // A view of `app` with the change's db and mailer; everything else (and later changes to it) is app's own.
  const inChange = new Proxy(app, { get: (target, key) => (key === "db" ? scope.db : key === "mailer" ? mailer : Reflect.get(target, key)) });
  let result: T;
  const afterCommit: AuditEvent[] = [];
  try {
    result = await scope.run(async () => {
      const done = await work({ app: inChange, audit: (event) => events.push(event) });
      for (const event of events) if (!(await app.audit.writeIn(scope.db, event))) afterCommit.push(event);
      return done;
    });
    await scope.commit();
  } catch (error) {
    await scope.rollback();
    throw error;
  }
  if (afterCommit.length < events.length) app.audit.committed();
  for (const event of afterCommit) app.audit.record(event);
  for (const mail of mails) await app.mailer.send(mail);
  return result;
}
