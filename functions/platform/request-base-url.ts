import { setting } from './config.ts';
import type { HttpEvent } from './http-event.ts';

const configuredBaseUrl = setting('PUBLIC_BASE_URL')?.replace(/\/+$/, '');

/**
 * The absolute base URL (up to and including the version segment, e.g. `http://127.0.0.1:3000/v1`)
 * through which this request reached the API, so links the API hands out (the local checkout page)
 * work for the caller. `PUBLIC_BASE_URL` overrides it where clients see another address than the
 * request carries, such as a custom domain mapped onto the API.
 */
export function requestBaseUrl(event: HttpEvent, routePath: string): string {
  if (configuredBaseUrl) return configuredBaseUrl;
  const headers = event.headers ?? {};
  const host = headers.host ?? event.requestContext.domainName;
  // API Gateway always sets x-forwarded-proto; the local server speaks plain HTTP.
  const protocol = headers['x-forwarded-proto'] ?? 'http';
  // Whatever precedes the route's own segments (the stage, `/v1`) is the base path.
  const routeDepth = routePath.split('/').length - 1;
  const segments = event.rawPath.split('/');
  const basePath = segments.slice(0, Math.max(1, segments.length - routeDepth)).join('/');
  return `${protocol}://${host}${basePath}`;
}
