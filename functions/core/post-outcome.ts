/**
 * How one bounded POST to a caller's URL ended (a webhook delivery attempt): only ACCEPTED, a 2xx
 * answer within the size cap, is a success.
 */
export type PostOutcome =
  | 'ACCEPTED'
  | 'HTTP_ERROR'
  | 'REDIRECT'
  | 'TIMEOUT'
  | 'RESPONSE_TOO_LARGE'
  | 'ADDRESS_NOT_ALLOWED'
  | 'CONNECTION_FAILED';
