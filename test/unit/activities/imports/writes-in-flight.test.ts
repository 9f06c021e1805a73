import { createWritesInFlight } from '../../../../activities/imports/writes-in-flight';

/** A write that ends when told to: `end()` commits it, `fail()` makes it throw. */
function pendingWrite() {
  let end!: () => void;
  let fail!: (err: Error) => void;
  const done = new Promise<void>((resolve, reject) => {
    end = resolve;
    fail = reject;
  });
  return { write: () => done, end, fail };
}

/** Whether the promise has settled after the pending callbacks ran. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  promise.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((resolve) => setImmediate(resolve));
  return done;
}

describe('writes in flight', () => {
  it('runs two writes of other records at once; a third waits until one of them commits', async () => {
    const writes = createWritesInFlight(2);
    const [a, b] = [pendingWrite(), pendingWrite()];
    await writes.slot(new Set(['1']));
    writes.start(new Set(['1']), a.write);
    await writes.slot(new Set(['2']));
    writes.start(new Set(['2']), b.write);

    const third = writes.slot(new Set(['3']));
    expect(await settled(third)).toBe(false);
    b.end();
    expect(await settled(third)).toBe(true);
    a.end();
    await writes.drain();
  });

  it('holds a write of a record a write in flight writes until that one commits', async () => {
    const writes = createWritesInFlight(2);
    const creating = pendingWrite();
    await writes.slot(new Set(['1', '2']));
    writes.start(new Set(['1', '2']), creating.write);

    const updating = writes.slot(new Set(['2', '3']));
    expect(await settled(updating)).toBe(false);
    creating.end();
    expect(await settled(updating)).toBe(true);
  });

  it('throws a failed write only once the other write in flight has settled', async () => {
    const writes = createWritesInFlight(2);
    const [a, b] = [pendingWrite(), pendingWrite()];
    writes.start(new Set(['1']), a.write);
    writes.start(new Set(['2']), b.write);

    const finishing = writes.drain();
    a.fail(new Error('connection lost'));
    expect(await settled(finishing)).toBe(false);
    b.end();
    await expect(finishing).rejects.toThrow('connection lost');
  });
});
