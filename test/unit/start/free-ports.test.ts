import { freePort } from '../../../scripts/stack/wait';

/** The ports freePort gives in a process of the jest worker `lane` (none: outside jest). */
async function portsOfLane(lane: string | undefined, count: number): Promise<number[]> {
  const own = process.env.JEST_WORKER_ID;
  if (lane === undefined) delete process.env.JEST_WORKER_ID;
  else process.env.JEST_WORKER_ID = lane;
  try {
    const ports: number[] = [];
    for (let i = 0; i < count; i++) ports.push(await freePort());
    return ports;
  } finally {
    process.env.JEST_WORKER_ID = own;
  }
}

describe('free ports', () => {
  it('come from a slice of their own in each lane, so two lanes never pick the same one', async () => {
    const [one, two] = [await portsOfLane('1', 40), await portsOfLane('2', 40)];
    expect(Math.max(...one)).toBeLessThan(Math.min(...two));
    for (const port of [...one, ...two]) expect(port).toBeGreaterThanOrEqual(20_000);
    for (const port of [...one, ...two]) expect(port).toBeLessThan(32_000);
    // Outside jest (npm start, the test stack), the whole range below the ephemeral ports.
    const anywhere = await portsOfLane(undefined, 40);
    expect(Math.max(...anywhere)).toBeGreaterThan(Math.max(...two));
  });
});
