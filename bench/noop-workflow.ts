// The workflow of bench/triggers.ts's baseline: it does nothing, so starting and completing it
// costs only what the Temporal engine itself costs on this machine (one workflow task).

/** Completes at once with no activity, timer or result. */
export async function benchNoopWorkflow(): Promise<void> {}
