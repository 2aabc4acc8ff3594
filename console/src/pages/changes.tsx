import type { JSX } from 'preact';
import type { components, paths } from '../../../functions/client/api-types.ts';
import { ok, page } from '../api.ts';
import type { ConsoleContext } from '../context.ts';
import { ApiForm } from '../forms.tsx';
import { PAGE_SIZE, PagedList } from '../paged-list.tsx';
import { PriceChart, type PricePoint } from '../price-chart.tsx';
import { Table, when } from '../ui.tsx';
import { isNotice, projectOrNotice } from './no-project.tsx';

type ChangeKind = NonNullable<
  NonNullable<paths['/projects/{project_id}/changes']['get']['parameters']['query']>['kind']
>;

/** Every kind the API filters by, named for people (`satisfies` fails the build when one is missing). */
const KIND_LABELS = {
  PRICE_DOWN: 'Price down',
  PRICE_UP: 'Price up',
  OUT_OF_STOCK: 'Out of stock',
  BACK_IN_STOCK: 'Back in stock',
  NEW_PRODUCT: 'New product',
  PRODUCT_GONE: 'Product gone',
} satisfies Record<ChangeKind, string>;

/** A change of the feed, as the OpenAPI document names it. */
type Change = components['schemas']['PriceChange'];

/** The changes feed with filters, and a product's price history as a chart. */
export async function changesPage(context: ConsoleContext, params: string[]): Promise<JSX.Element> {
  const project = projectOrNotice(context, 'Changes');
  if (isNotice(project)) return project;
  if (params[0] === 'history' && params[1] && params[2]) return historyPage(context, params[1], params[2]);
  const [kind, websiteId] = [params[0] || '', params[1] || ''];
  return (
    <div>
      <h1>Changes</h1>
      <ApiForm
        title="Filter changes"
        fields={[
          {
            name: 'kind',
            label: 'Kind',
            type: 'select',
            value: kind,
            options: [
              { value: '', label: 'All kinds' },
              ...Object.entries(KIND_LABELS).map(([value, label]) => ({ value, label })),
            ],
          },
          { name: 'website_id', label: 'Website id', value: websiteId },
        ]}
        submit="Filter"
        action={async (values) => {
          context.go(`#/changes/${values.kind ?? ''}/${(values.website_id ?? '').trim()}`);
          return undefined;
        }}
      />
      <PagedList<Change>
        caption="Price and stock changes"
        columns={[
          { title: 'Detected', cell: (change) => when(change.detected_at) },
          { title: 'Kind', cell: (change) => change.kind },
          {
            title: 'Product',
            cell: (change) => (
              <a href={`#/changes/history/${change.website_id}/${change.product_id}`}>
                {change.product_name ?? change.product_url}
              </a>
            ),
          },
          { title: 'Before', cell: (change) => change.previous_price ?? '—' },
          { title: 'Now', cell: (change) => `${change.current_price ?? '—'} ${change.currency ?? ''}` },
          {
            title: 'Change',
            cell: (change) =>
              change.price_change_percent === null ? '—' : `${change.price_change_percent} %`,
          },
        ]}
        load={(cursor: string | null) =>
          page(
            context.api.GET('/projects/{project_id}/changes', {
              params: {
                path: { project_id: project.project_id },
                query: {
                  ...(kind ? { kind: kind as ChangeKind } : {}),
                  ...(websiteId ? { website_id: websiteId } : {}),
                  limit: PAGE_SIZE,
                  ...(cursor ? { cursor } : {}),
                },
              },
            }),
          ) as Promise<{ items: Change[]; next: string | null }>
        }
      />
    </div>
  );
}

type Observation = PricePoint & { availability: string; job_id: string };

/** The product is named by its id (from the changes) or, from a sample, by its URL. */
async function historyPage(
  context: ConsoleContext,
  websiteId: string,
  product: string,
): Promise<JSX.Element> {
  const byUrl = /^https?:/i.test(product);
  const history = await ok(
    context.api.GET('/websites/{website_id}/products/history', {
      params: {
        path: { website_id: websiteId },
        query: byUrl ? { product_url: product } : { product_id: product },
      },
    }),
  );
  const points = history.points as unknown as Observation[];
  return (
    <div>
      <h1>Price history</h1>
      <p>{byUrl ? product : history.product_id}</p>
      <PriceChart title={`Price of ${history.product_id} over time`} points={points} />
      <Table<Observation>
        caption="Observations"
        columns={[
          { title: 'Seen', cell: (point) => when(point.observed_at) },
          { title: 'Price', cell: (point) => `${point.price ?? '—'} ${point.currency ?? ''}` },
          { title: 'Availability', cell: (point) => point.availability },
          { title: 'Scrape job', cell: (point) => point.job_id },
        ]}
        items={points}
      />
    </div>
  );
}
