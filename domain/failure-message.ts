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
