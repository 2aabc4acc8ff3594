// Throttling answers carry a client fault, yet they mean the store cannot serve now, not a bad request.
const THROTTLING = new Set([
  'ThrottlingException',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
]);
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND']);

/**
 * Whether a store call failed because DynamoDB could not serve (its 5xx, throttling after the SDK's
 * retries, an unreachable endpoint), as opposed to a bug or a failed condition.
 */
export function isStoreOutage(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if ((error as { $fault?: string }).$fault === 'server' || THROTTLING.has(error.name)) return true;
  if (error.name === 'TimeoutError') return true;
  const code = (error as { code?: string }).code;
  return code !== undefined && NETWORK_CODES.has(code);
}
