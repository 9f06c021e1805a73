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
