/**
 * Every problem `code` the service answers with, its HTTP status and its title: the one list that
 * problems are built from (`problem.ts`) and that the OpenAPI document names per route. A code not
 * listed here does not type-check, and a unit test scans the source for stray ones.
 */
export const PROBLEM_CATALOGUE = {
  // 400: the request is understood but cannot be served as asked.
  CURRENCY_NOT_SUPPORTED: { status: 400, title: 'Currency not supported' },
  INVALID_COUNTRY: { status: 400, title: 'Invalid country' },
  INVALID_CURRENCY: { status: 400, title: 'Invalid currency' },
  INVALID_FLAG: { status: 400, title: 'Invalid flag' },
  INVALID_URL: { status: 400, title: 'Invalid URL' },
  INVALID_WEBHOOK_SIGNATURE: { status: 400, title: 'Invalid webhook signature' },
  MISSING_FLAG: { status: 400, title: 'Missing flag' },
  NO_URL_ACCEPTED: { status: 400, title: 'No URL accepted' },
  PROJECT_ID_REQUIRED: { status: 400, title: 'Project id required' },
  PROJECT_LIMIT_REACHED: { status: 400, title: 'Project limit reached' },
  API_KEY_LIMIT_REACHED: { status: 400, title: 'API key limit reached' },
  WEBHOOK_LIMIT_REACHED: { status: 400, title: 'Webhook limit reached' },
  TOPUP_AMOUNT_OUT_OF_RANGE: { status: 400, title: 'Top-up amount out of range' },
  // 401: no usable credential.
  INVALID_API_KEY: { status: 401, title: 'Invalid API key' },
  NOT_AUTHENTICATED: { status: 401, title: 'Not authenticated' },
  // 402: the balance does not cover the work.
  INSUFFICIENT_FUNDS: { status: 402, title: 'Insufficient funds' },
  // 403: the caller is known but may not do this.
  EXPORTS_NOT_ENABLED: { status: 403, title: 'Exports not enabled' },
  INSUFFICIENT_ROLE: { status: 403, title: 'Insufficient role' },
  INSUFFICIENT_SCOPE: { status: 403, title: 'Insufficient scope' },
  MANAGED_CUSTOMER: { status: 403, title: 'Managed customer' },
  NOT_A_MEMBER: { status: 403, title: 'Not a member' },
  PROJECT_ACCESS_DENIED: { status: 403, title: 'Project access denied' },
  MONTHLY_SPEND_LIMIT: { status: 403, title: 'Monthly spend limit reached' },
  // 404: nothing of that id (or nothing the caller may see).
  API_KEY_NOT_FOUND: { status: 404, title: 'API key not found' },
  CHECKOUT_NOT_FOUND: { status: 404, title: 'Checkout not found' },
  CUSTOMER_NOT_FOUND: { status: 404, title: 'Customer not found' },
  DATASET_NOT_FOUND: { status: 404, title: 'Dataset not found' },
  EXPORT_FILE_NOT_FOUND: { status: 404, title: 'Export file not found' },
  INVOICE_NOT_FOUND: { status: 404, title: 'Invoice not found' },
  JOB_NOT_FOUND: { status: 404, title: 'Job not found' },
  MATCH_DECISION_NOT_FOUND: { status: 404, title: 'Match decision not found' },
  PRODUCT_NOT_FOUND: { status: 404, title: 'Product not found' },
  PROJECT_NOT_FOUND: { status: 404, title: 'Project not found' },
  ROUTE_NOT_FOUND: { status: 404, title: 'Route not found' },
  SCHEDULE_NOT_FOUND: { status: 404, title: 'Schedule not found' },
  SESSION_NOT_FOUND: { status: 404, title: 'Checkout session not found' },
  USER_NOT_FOUND: { status: 404, title: 'User not found' },
  WEBSITE_NOT_FOUND: { status: 404, title: 'Website not found' },
  WEBHOOK_NOT_FOUND: { status: 404, title: 'Webhook not found' },
  DELIVERY_NOT_FOUND: { status: 404, title: 'Delivery not found' },
  // 405: the path exists under other methods.
  METHOD_NOT_ALLOWED: { status: 405, title: 'Method not allowed' },
  // 409: the resource is not in a state that allows this.
  CATALOG_EXPIRED: { status: 409, title: 'Catalog expired' },
  CATALOG_UP_TO_DATE: { status: 409, title: 'Catalog up to date' },
  CHARGE_EXCEEDS_HOLD: { status: 409, title: 'Charge exceeds hold' },
  CONTACT_REASON_MISMATCH: { status: 409, title: 'Contact reason mismatch' },
  DELIVERY_PENDING: { status: 409, title: 'Delivery pending' },
  EMAIL_TAKEN: { status: 409, title: 'Email taken' },
  IDEMPOTENCY_KEY_IN_USE: { status: 409, title: 'Idempotency key in use' },
  JOB_HAS_WEBSITE: { status: 409, title: 'Job has a website' },
  JOB_NOT_AWAITING_APPROVAL: { status: 409, title: 'Job not awaiting approval' },
  JOB_NOT_CANCELLABLE: { status: 409, title: 'Job not cancellable' },
  JOB_RUNNING: { status: 409, title: 'Job running' },
  MATCH_DECISION_CONFLICT: { status: 409, title: 'Match decision conflict' },
  MATCH_NOT_PROPOSED: { status: 409, title: 'Match not proposed' },
  NO_CATALOG: { status: 409, title: 'No catalog' },
  NO_FULL_CATALOG: { status: 409, title: 'No full catalog' },
  QUOTE_CHANGED: { status: 409, title: 'Quote changed' },
  REFERENCE_REUSED: { status: 409, title: 'Reference reused' },
  SAMPLE_ALREADY_USED: { status: 409, title: 'Sample already used' },
  SCHEDULE_STOPPED: { status: 409, title: 'Schedule stopped' },
  // 413: the local server's body cap (API Gateway enforces its own before any handler runs).
  PAYLOAD_TOO_LARGE: { status: 413, title: 'Content too large' },
  // 422: the request does not match the endpoint's schema, or its Idempotency-Key or cursor cannot serve it.
  VALIDATION_ERROR: { status: 422, title: 'Unprocessable content' },
  INVALID_CURSOR: { status: 422, title: 'Invalid cursor' },
  INVALID_TIME_RANGE: { status: 422, title: 'Invalid time range' },
  IDEMPOTENCY_KEY_INVALID: { status: 422, title: 'Invalid idempotency key' },
  IDEMPOTENCY_KEY_REUSED: { status: 422, title: 'Idempotency key reused' },
  WEBHOOK_URL_NOT_ALLOWED: { status: 422, title: 'Webhook URL not allowed' },
  // 429: the key sent more requests than its rate limit, the customer started more setups in an hour
  // than the stage allows, or the user sent more contact requests in an hour than the service takes;
  // Retry-After says when to try again.
  RATE_LIMITED: { status: 429, title: 'Too many requests' },
  SETUP_LIMIT_REACHED: { status: 429, title: 'Setup limit reached' },
  CONTACT_LIMIT_REACHED: { status: 429, title: 'Contact limit reached' },
  // 500: a fault of ours; the body never carries the raw error.
  INTERNAL_ERROR: { status: 500, title: 'Internal server error' },
  // 502: a provider we depend on failed.
  ACCOUNTING_ERROR: { status: 502, title: 'Accounting error' },
  PAYMENT_PROVIDER_ERROR: { status: 502, title: 'Payment provider error' },
  // 503: a part of the service is switched off or cannot be reached.
  BILLING_UNAVAILABLE: { status: 503, title: 'Billing unavailable' },
  EXPORTS_MAINTENANCE: { status: 503, title: 'Exports maintenance' },
  INVOICING_UNAVAILABLE: { status: 503, title: 'Invoicing unavailable' },
  SERVICE_UNAVAILABLE: { status: 503, title: 'Service unavailable' },
} as const satisfies Record<string, { status: number; title: string }>;

export type ProblemCode = keyof typeof PROBLEM_CATALOGUE;

/** The codes whose status is `S`, so a status-named constructor accepts only its own codes. */
export type CodeWithStatus<S extends number> = {
  [C in ProblemCode]: (typeof PROBLEM_CATALOGUE)[C]['status'] extends S ? C : never;
}[ProblemCode];

export const isProblemCode = (value: string): value is ProblemCode => Object.hasOwn(PROBLEM_CATALOGUE, value);
