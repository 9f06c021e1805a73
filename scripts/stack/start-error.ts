/**
 * A part of the local stack (PostgreSQL, Temporal, the api, ...) that could not start.
 * Its message is the one line the launchers print: the part, then the reason.
 */
export class StartError extends Error {
  constructor(
    readonly part: string,
    readonly reason: string,
  ) {
    super(`${part} did not start: ${oneLine(reason)}`);
    this.name = 'StartError';
  }
}

/** Collapses a multi-line message (a tool's output, a log tail) into one trimmed line. */
export function oneLine(text: string, max = 400): string {
  const flat = text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .join(' | ');
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** Runs `start`, turning any failure into a StartError that names `part`. */
export async function startPart<T>(part: string, start: () => Promise<T>): Promise<T> {
  try {
    return await start();
  } catch (err) {
    if (err instanceof StartError) throw err;
    throw new StartError(part, err instanceof Error ? err.message : String(err));
  }
}

/** The one line a launcher prints for a failure of any kind: never a stack trace. */
export function describeFailure(err: unknown): string {
  if (err instanceof StartError) return err.message;
  return `Start-up failed: ${oneLine(err instanceof Error ? err.message : String(err))}`;
}
