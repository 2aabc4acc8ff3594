import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { CUSTOMER_ACTION_ROLES, PROJECT_ACTION_ROLES } from '#core/access-policy';
import { type Route, routeKey, routes } from '#platform/routes';
import { routeAccess, WRITING_GETS } from '../../lib/route-access.ts';

const route = (facts: Partial<Route>): Route => ({
  method: 'GET',
  path: '/projects',
  handler: 'any/handler',
  auth: 'API_KEY',
  scope: 'ANY',
  summary: 'Any',
  access: { table: 'RO' },
  problems: [],
  idempotent: false,
  ...facts,
});

const keysWhere = (test: (route: Route) => boolean) => routes.filter(test).map(routeKey).sort();

describe('routeAccess', () => {
  it("grants the route's access column and nothing more", () => {
    expect(routeAccess(route({}))).toEqual({
      table: 'RO',
      stampsApiKeyUse: true,
      dataBucket: undefined,
      exportsBucket: undefined,
      lanes: undefined,
      payments: false,
      mail: false,
      invoiceFonts: false,
      docsAssets: false,
      crawlProxyKey: false,
    });
    expect(
      routeAccess(
        route({
          method: 'POST',
          access: {
            table: 'RW',
            data: 'RO',
            exports: 'RW',
            lanes: { names: ['scrape'], access: 'RW' },
            mail: true,
          },
        }),
      ),
    ).toMatchObject({
      table: 'RW',
      dataBucket: 'RO',
      exportsBucket: 'RW',
      lanes: { names: ['scrape'], access: 'RW' },
      mail: true,
      payments: false,
    });
  });

  it('stamps the API key use only on keyed read-only routes, since a writing route needs no separate grant', () => {
    expect(routeAccess(route({ access: { table: 'RW' } })).stampsApiKeyUse).toBe(false);
    expect(routeAccess(route({ auth: 'NONE' })).stampsApiKeyUse).toBe(false);
  });
});

describe('the access columns of the route table', () => {
  it('write on every method but GET, and on the four GETs that write by design', () => {
    expect(keysWhere((r) => r.method !== 'GET' && r.access.table !== 'RW')).toEqual([]);
    expect([...WRITING_GETS].sort()).toEqual([
      'GET /customers/{customer_id}/billing/topups/{session_id}',
      'GET /exports/{dataset}',
      'GET /exports/{dataset}/url',
      'GET /projects/{project_id}/price-comparison',
    ]);
  });

  it('never let a GET write a bucket or steer a lane, but the export builds', () => {
    const writes = (r: Route) =>
      r.access.data === 'RW' || r.access.exports === 'RW' || r.access.lanes?.access === 'RW';
    expect(keysWhere((r) => r.method === 'GET' && writes(r))).toEqual([
      'GET /customers/{customer_id}/billing/topups/{session_id}',
      'GET /exports/{dataset}',
      'GET /exports/{dataset}/url',
      'GET /projects/{project_id}/price-comparison',
    ]);
  });

  it('bind each job route to its own lane (writing ones to webhook delivery too, they publish), and only cancel to every lane', () => {
    const lanesOf = (prefix: string) =>
      new Set(
        routes.filter((r) => r.path.startsWith(prefix)).map((r) => JSON.stringify(r.access.lanes?.names)),
      );
    expect(lanesOf('/jobs/setup')).toEqual(
      new Set(['["website-setup"]', '["website-setup","webhook-delivery"]']),
    );
    expect(lanesOf('/jobs/scraping')).toEqual(new Set(['["scrape"]', '["scrape","webhook-delivery"]']));
    expect(lanesOf('/jobs/matching')).toEqual(new Set(['["matching"]', '["matching","webhook-delivery"]']));
    for (const route of routes.filter((r) => r.access.lanes && Array.isArray(r.access.lanes.names))) {
      const names = route.access.lanes?.names as readonly string[];
      expect(names.includes('webhook-delivery'), routeKey(route)).toBe(route.access.lanes?.access === 'RW');
    }
    expect(keysWhere((r) => r.access.lanes?.names === 'ALL')).toEqual(['POST /jobs/{job_id}/cancel']);
    expect(keysWhere((r) => r.access.lanes !== undefined && !r.path.startsWith('/jobs/'))).toEqual([
      'POST /webhooks/{webhook_id}/deliveries/{delivery_id}/redeliver',
      'POST /webhooks/{webhook_id}/test',
    ]);
  });

  it('tell every payment route who takes payments, and no other', () => {
    const billingPath = (r: Route) =>
      /^\/(customers\/\{customer_id\}\/billing|billing|checkout)\//.test(r.path);
    expect(keysWhere((r) => r.access.payments === true)).toEqual(keysWhere(billingPath));
  });

  it('ship the Swagger UI files to the docs page, and only to it', () => {
    expect(keysWhere((r) => r.access.docsAssets === true)).toEqual(['GET /docs']);
  });

  it('let only contact requests mail the teams', () => {
    expect(keysWhere((r) => r.access.mail === true)).toEqual(['POST /contact-requests']);
  });

  it('ship the invoice fonts to the routes that render invoices, and only to them', () => {
    expect(keysWhere((r) => r.access.invoiceFonts === true)).toEqual([
      'GET /customers/{customer_id}/billing/invoices/{invoice_id}/pdf',
      'GET /customers/{customer_id}/billing/topups/{session_id}',
      'POST /billing/webhooks/stripe',
      'POST /checkout/{session_id}',
    ]);
  });
});

describe('the action column of the route table', () => {
  it('is the only place a route’s policy action is named: the handler’s guard carries it, no handler repeats it', async () => {
    for (const r of routes) {
      const source = await readFile(new URL(`../../functions/http/${r.handler}.ts`, import.meta.url), 'utf8');
      const spelled = [...source.matchAll(/'([A-Z_]+)'/g)]
        .map(([, action]) => action)
        .filter((a) => a && ACTIONS.has(a));
      expect(spelled, routeKey(r)).toEqual([]);
      if (r.actionWhen) expect(r.action, routeKey(r)).toBeDefined();
    }
  });
});

const ACTIONS: ReadonlySet<string> = new Set([
  ...Object.keys(CUSTOMER_ACTION_ROLES),
  ...Object.keys(PROJECT_ACTION_ROLES),
]);
