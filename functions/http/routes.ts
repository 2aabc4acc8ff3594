/**
 * The route table: the one list that the CDK stack (one Lambda per route), the local server and the
 * tests read. `handler` is the module under functions/http/ exporting `handler`.
 *
 * auth: API_KEY routes need a key; NONE routes authenticate otherwise (provider webhooks, the local
 * checkout page). scope: USER routes refuse PROJECT keys with 403 INSUFFICIENT_SCOPE.
 */
export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  handler: string;
  auth: 'API_KEY' | 'NONE';
  scope: 'USER' | 'ANY';
}

const userRoute = (method: Route['method'], path: string, handler: string): Route => ({
  method,
  path,
  handler,
  auth: 'API_KEY',
  scope: 'USER',
});
const projectRoute = (method: Route['method'], path: string, handler: string): Route => ({
  method,
  path,
  handler,
  auth: 'API_KEY',
  scope: 'ANY',
});
const publicRoute = (method: Route['method'], path: string, handler: string): Route => ({
  method,
  path,
  handler,
  auth: 'NONE',
  scope: 'ANY',
});

export const routes: readonly Route[] = [
  publicRoute('GET', '/openapi.json', 'openapi/get-openapi'),
  publicRoute('GET', '/docs', 'docs/get-docs'),
  userRoute('GET', '/account', 'account/get-account'),
  userRoute('PUT', '/account', 'account/update-account'),
  userRoute('GET', '/account/api-keys', 'account/list-api-keys'),
  userRoute('POST', '/account/api-keys', 'account/create-api-key'),
  userRoute('DELETE', '/account/api-keys/{key_id}', 'account/revoke-api-key'),
  userRoute('GET', '/customers', 'customers/list-customers'),
  userRoute('GET', '/customers/{customer_id}', 'customers/get-customer'),
  userRoute('POST', '/customers/{customer_id}/projects', 'customers/create-project'),
  userRoute('GET', '/customers/{customer_id}/billing/balance', 'billing/get-balance'),
  userRoute('GET', '/customers/{customer_id}/billing/usage', 'billing/get-usage'),
  userRoute('GET', '/customers/{customer_id}/billing/invoices', 'billing/list-invoices'),
  userRoute('GET', '/customers/{customer_id}/billing/invoices/{invoice_id}/pdf', 'billing/get-invoice-pdf'),
  userRoute('POST', '/customers/{customer_id}/billing/topup', 'billing/create-topup'),
  userRoute('GET', '/customers/{customer_id}/billing/topups/{session_id}', 'billing/get-topup'),
  publicRoute('POST', '/billing/webhooks/stripe', 'billing/stripe-webhook'),
  publicRoute('GET', '/checkout/{session_id}', 'billing/local-checkout'),
  publicRoute('POST', '/checkout/{session_id}', 'billing/local-checkout'),
  projectRoute('GET', '/projects', 'projects/list-projects'),
  projectRoute('GET', '/projects/{project_id}', 'projects/get-project'),
  projectRoute('PATCH', '/projects/{project_id}', 'projects/update-project'),
  projectRoute('POST', '/jobs/setup', 'jobs/create-setup-job'),
  projectRoute('GET', '/jobs/setup', 'jobs/list-setup-jobs'),
  projectRoute('GET', '/jobs/setup/{job_id}', 'jobs/get-setup-job'),
  projectRoute('DELETE', '/jobs/setup/{job_id}', 'jobs/delete-setup-job'),
  projectRoute('POST', '/jobs/scraping', 'jobs/create-scrape-job'),
  projectRoute('GET', '/jobs/scraping', 'jobs/list-scrape-jobs'),
  projectRoute('GET', '/jobs/scraping/{job_id}', 'jobs/get-scrape-job'),
  projectRoute('POST', '/jobs/scraping/{job_id}/approve', 'jobs/approve-scrape-job'),
  projectRoute('POST', '/jobs/matching', 'jobs/create-matching-job'),
  projectRoute('GET', '/jobs/matching', 'jobs/list-matching-jobs'),
  projectRoute('GET', '/jobs/matching/{job_id}', 'jobs/get-matching-job'),
  projectRoute('POST', '/jobs/matching/{job_id}/approve', 'jobs/approve-matching-job'),
  projectRoute('POST', '/jobs/{job_id}/cancel', 'jobs/cancel-job'),
  projectRoute('POST', '/contact-requests', 'contact/create-contact-request'),
  projectRoute('GET', '/websites', 'websites/list-websites'),
  projectRoute('GET', '/websites/{website_id}', 'websites/get-website'),
  projectRoute('DELETE', '/websites/{website_id}', 'websites/delete-website'),
  projectRoute('GET', '/websites/{website_id}/sample', 'websites/get-website-sample'),
  projectRoute('GET', '/exports', 'exports/list-exports'),
  projectRoute('GET', '/exports/{dataset}/url', 'exports/get-export-url'),
  projectRoute('GET', '/exports/{dataset}', 'exports/download-export'),
];

export const routeKey = (route: Route) => `${route.method} ${route.path}`;

export function findRoute(key: string): Route | undefined {
  return routes.find((route) => routeKey(route) === key);
}
