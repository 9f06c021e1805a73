import crypto from 'node:crypto';

/** The PA simulator the test stack starts (PA_SIMULATOR_URL): its address and its test controls. */
export function simulatorUrl(): string {
  const url = process.env.PA_SIMULATOR_URL;
  if (!url) throw new Error('the test stack did not start the PA simulator (PA_SIMULATOR_URL)');
  return url;
}

/** A flow as `GET /_simulator/flows` lists it (the fields the tests read). */
export interface SimulatedFlow {
  flowId: string;
  trackingId: string | null;
  flowType: string;
  direction: 'In' | 'Out';
  status: string;
  reason: string | null;
  originalFlowId: string | null;
  /** The SHA-256 of the file the platform received. */
  sha256: string;
  history: { status: string; reason: string | null }[];
  lifecycle: Record<string, unknown> | null;
}

/** Every flow the simulator holds, lifecycle flows included. */
export const simulatedFlows = async (): Promise<SimulatedFlow[]> =>
  ((await (await fetch(`${simulatorUrl()}/_simulator/flows`)).json()) as { flows: SimulatedFlow[] }).flows;

/** A test control: `POST /_simulator/<...>` with a JSON body. */
export const tellSimulator = (where: string, body: unknown): Promise<Response> =>
  fetch(`${simulatorUrl()}${where}`, { method: 'POST', body: JSON.stringify(body) });

/** A new account on the simulator (receiving what is addressed to `siren`, given one): its credentials. */
export async function simulatorAccount(siren?: string): Promise<{ client_id: string; client_secret: string }> {
  const account = { client_id: `studio-${crypto.randomUUID()}`, client_secret: crypto.randomBytes(16).toString('hex') };
  const res = await tellSimulator('/_simulator/clients', { ...account, siren });
  if (res.status !== 201) throw new Error(`the simulator refused the account: ${res.status} ${await res.text()}`);
  return account;
}

/**
 * An outage of one account's calls (never the whole platform: other test files run beside):
 * the next `calls` calls, or for `seconds`. `refused()` says how many calls it has refused.
 */
export async function accountOutage(
  clientId: string,
  outage: { calls?: number; seconds?: number },
): Promise<{ refused: () => Promise<number>; end: () => Promise<void> }> {
  const res = await tellSimulator('/_simulator/outage', { client_id: clientId, ...outage });
  if (res.status !== 200) throw new Error(`the simulator refused the outage: ${res.status} ${await res.text()}`);
  return {
    refused: async () =>
      (
        (await (
          await fetch(`${simulatorUrl()}/_simulator/outage?client_id=${encodeURIComponent(clientId)}`)
        ).json()) as { refused: number }
      ).refused,
    end: async () => {
      await tellSimulator('/_simulator/outage', { client_id: clientId });
    },
  };
}
