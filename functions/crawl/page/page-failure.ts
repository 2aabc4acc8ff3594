/**
 * Reads one page with `read`, turning anything it throws into that page's failure: a page past
 * PAGE_LIMITS, a reader tripped by hostile markup. A shop decides what its pages hold, so no page of
 * it may end the batch, the analysis or the job that reads it.
 */
export function readOnePage<T>(
  read: () => T,
): { value: T; failure: null } | { value: null; failure: string } {
  try {
    return { value: read(), failure: null };
  } catch (error) {
    return {
      value: null,
      failure: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    };
  }
}
