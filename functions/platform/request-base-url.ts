import type { HttpEvent } from './http-event.ts';

/**
 * The absolute base URL (up to and including the version segment, e.g. `http://127.0.0.1:3000/v1`)
 * of the API, for links the API hands out (the checkout page). `configured` (the stage's
 * `PUBLIC_BASE_URL`, without trailing slashes) when the stage sets one (a custom domain); otherwise the domain API Gateway served the request on. Never the
 * caller's Host header: a forged one would send a payer to another site.
 */
export function requestBaseUrl(event: HttpEvent, routePath: string, configured: string | undefined): string {
  if (configured) return configured;
  const host = event.requestContext.domainName;
  // API Gateway sets x-forwarded-proto itself; the local server speaks plain HTTP.
  const protocol = event.headers?.['x-forwarded-proto'] === 'https' ? 'https' : 'http';
  // Whatever precedes the route's own segments (the stage, `/v1`) is the base path.
  const routeDepth = routePath.split('/').length - 1;
  const segments = event.rawPath.split('/');
  const basePath = segments.slice(0, Math.max(1, segments.length - routeDepth)).join('/');
  return `${protocol}://${host}${basePath}`;
}

/**
 * The base URL of the stage a request came in on, for a request no route matched: `configured`,
 * else the domain API Gateway served it on and the stage (none for `$default`).
 */
export function stageBaseUrl(event: HttpEvent, configured: string | undefined): string {
  if (configured) return configured;
  const protocol = event.headers?.['x-forwarded-proto'] === 'https' ? 'https' : 'http';
  const { domainName, stage } = event.requestContext;
  return `${protocol}://${domainName}${stage === '$default' ? '' : `/${stage}`}`;
}
