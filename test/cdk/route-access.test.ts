import { describe, expect, it } from 'vitest';
import { type Route, routeKey, routes } from '#http/routes';
import { DOCS_ROUTE, INVOICE_RENDERING_ROUTES, routeAccess } from '../../lib/route-access.ts';

const route = (method: Route['method'], path: string, auth: Route['auth'] = 'API_KEY'): Route => ({
  method,
  path,
  handler: 'any/handler',
  auth,
  scope: 'ANY',
});

describe('routeAccess', () => {
  it('reads only on GET and stamps the API key use', () => {
    expect(routeAccess(route('GET', '/projects'))).toEqual({
      table: 'RO',
      stampsApiKeyUse: true,
      dataBucket: undefined,
      exportsBucket: undefined,
      lanes: undefined,
      payments: false,
      mail: false,
      invoiceFonts: false,
      docsAssets: false,
    });
  });

  it('writes on every other method, which needs no separate stamp', () => {
    expect(routeAccess(route('PATCH', '/projects/{project_id}'))).toMatchObject({
      table: 'RW',
      stampsApiKeyUse: false,
    });
  });

  it('lets the top-up status poll write, since it credits a paid session', () => {
    expect(routeAccess(route('GET', '/customers/{customer_id}/billing/topups/{session_id}'))).toMatchObject({
      table: 'RW',
      dataBucket: 'RW',
      payments: true,
    });
  });

  it('gives buckets by path, capped to reading on GET', () => {
    expect(routeAccess(route('GET', '/websites/{website_id}/sample')).dataBucket).toBe('RO');
    expect(routeAccess(route('DELETE', '/websites/{website_id}')).dataBucket).toBe('RW');
    expect(routeAccess(route('GET', '/exports'))).toMatchObject({ dataBucket: 'RO', exportsBucket: 'RO' });
    // An export link rebuilds a file whose inputs changed (a new project currency, a newer catalog).
    expect(routeAccess(route('GET', '/exports/{dataset}/url'))).toMatchObject({
      table: 'RW',
      dataBucket: 'RO',
      exportsBucket: 'RW',
    });
    expect(routeAccess(route('POST', '/exports'))).toMatchObject({ dataBucket: 'RO', exportsBucket: 'RW' });
    expect(routeAccess(route('GET', '/websitesfoo')).dataBucket).toBeUndefined();
  });

  it('binds each job route to its own lane, and cancel to every lane', () => {
    expect(routeAccess(route('POST', '/jobs/setup')).lanes).toEqual({
      names: ['website-setup'],
      access: 'RW',
    });
    expect(routeAccess(route('GET', '/jobs/scraping/{job_id}')).lanes).toEqual({
      names: ['scrape'],
      access: 'RO',
    });
    expect(routeAccess(route('POST', '/jobs/matching/{job_id}/approve')).lanes).toEqual({
      names: ['matching'],
      access: 'RW',
    });
    expect(routeAccess(route('POST', '/jobs/{job_id}/cancel')).lanes).toEqual({ names: 'ALL', access: 'RW' });
  });

  it('tells every payment route who takes payments, the public local checkout included', () => {
    expect(routeAccess(route('POST', '/billing/webhooks/stripe', 'NONE'))).toMatchObject({
      payments: true,
      stampsApiKeyUse: false,
    });
    expect(routeAccess(route('GET', '/checkout/{session_id}', 'NONE'))).toMatchObject({
      payments: true,
      stampsApiKeyUse: false,
      table: 'RO',
    });
    expect(routeAccess(route('GET', '/account')).payments).toBe(false);
  });

  it('lets contact requests mail the teams', () => {
    expect(routeAccess(route('POST', '/contact-requests')).mail).toBe(true);
  });

  it('ships the invoice fonts to the routes that render invoices, and only to them', () => {
    const rendering = routes.filter((r) => routeAccess(r).invoiceFonts).map(routeKey);
    expect(rendering.sort()).toEqual([...INVOICE_RENDERING_ROUTES].sort());
  });

  it('ships the Swagger UI files to the docs page, and only to it', () => {
    expect(routes.filter((r) => routeAccess(r).docsAssets).map(routeKey)).toEqual([DOCS_ROUTE]);
  });
});
