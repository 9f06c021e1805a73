/**
 * The batch writes of one import that have not committed yet, each with the records it writes.
 * Up to `limit` run at once, each in its own transaction on its own pooled connection: while
 * PostgreSQL writes one batch, another backend writes the next, and Node prepares the one after.
 * A batch that writes a record a write in flight also writes (a line updating a record an earlier
 * batch creates or updates) waits for that write first, so every record sees its lines in file order,
 * and a line whose record's creation was refused is still known as such (write-batch.ts) before
 * its own batch is sent.
 *
 * A failed write is thrown by the next `slot` or by `drain`, only once every other write in flight
 * has settled: no transaction of the attempt is still open when the activity fails and is retried
 * (the retry reads the write log; a batch committing behind it would write its lines twice).
 */
export function createWritesInFlight(limit: number) {
  const inFlight = new Set<{ ids: ReadonlySet<string>; done: Promise<void> }>();

  /** Waits for these writes; if one fails, for all in flight, then throws that failure. */
  async function settle(waitFor: Promise<unknown>): Promise<void> {
    try {
      await waitFor;
    } catch (err) {
      await Promise.allSettled([...inFlight].map((w) => w.done));
      throw err;
    }
  }

  return {
    /** Resolves once a write of these records may start: no write in flight shares one, and fewer than `limit` run. */
    async slot(ids: ReadonlySet<string>): Promise<void> {
      const sharing = [...inFlight].filter((w) => [...ids].some((id) => w.ids.has(id)));
      await settle(Promise.all(sharing.map((w) => w.done)));
      while (inFlight.size >= limit) await settle(Promise.race([...inFlight].map((w) => w.done)));
    },

    /** Starts a write (after `slot`); it leaves the set once committed, a failed one stays to be thrown. */
    start(ids: ReadonlySet<string>, write: () => Promise<void>): void {
      const entry = { ids, done: write() };
      entry.done.then(
        () => inFlight.delete(entry),
        () => {}, // thrown by the next slot or drain; this only keeps Node from calling it unhandled
      );
      inFlight.add(entry);
    },

    /** Waits for every write; throws the first failure once all have settled. */
    async drain(): Promise<void> {
      await settle(Promise.all([...inFlight].map((w) => w.done)));
    },
  };
}
