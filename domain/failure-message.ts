/**
 * The innermost cause's message of an error chain: what actually went wrong, not Temporal's
 * "Activity task failed" or "Workflow execution failed" wrappers around it.
 */
export function failureMessage(err: unknown): string {
  let current: unknown = err;
  while (current instanceof Error && (current as Error & { cause?: unknown }).cause instanceof Error) {
    current = (current as Error & { cause?: unknown }).cause;
  }
  return current instanceof Error ? current.message : String(err);
}

/** The innermost `type` of an error chain (an ApplicationFailure's type is its error code), if any. */
export function failureType(err: unknown): string | undefined {
  let type: string | undefined;
  let current: unknown = err;
  while (current instanceof Error) {
    const candidate = (current as Error & { type?: unknown }).type;
    if (typeof candidate === 'string') type = candidate;
    current = (current as Error & { cause?: unknown }).cause;
  }
  return type;
}
