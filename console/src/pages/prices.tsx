import type { JSX } from 'preact';
import type { operations } from '../../../functions/client/api-types.ts';
import { page } from '../api.ts';
import type { ConsoleContext } from '../context.ts';
import { PAGE_SIZE, PagedList } from '../paged-list.tsx';
import { projectWebsites } from '../project-websites.ts';
import { type Column, ExternalLink } from '../ui.tsx';
import { isNotice, projectOrNotice } from './no-project.tsx';

type Item = operations['listPriceComparison']['responses'][200]['content']['application/json'][number];
type Competitor = Item['competitors'][number];

const STATUS_LABELS: Record<Competitor['competitor_status'], string> = {
  MATCHED: 'MATCHED',
  REVIEW: 'REVIEW (waiting for a review)',
  NO_MATCH: 'NO_MATCH',
};

/** The price history page of a product, named by its URL (changes.tsx's `history` page). */
const chartHash = (websiteId: string, url: string) =>
  `#/changes/history/${encodeURIComponent(websiteId)}/${encodeURIComponent(url)}`;

/** A gap with its sign, so "+1.50 EUR" reads as dearer and "-2.40 EUR" as cheaper at a glance. */
const signed = (gap: string, currency: string | null) =>
  `${gap.startsWith('-') ? gap : `+${gap}`} ${currency ?? ''}`.trim();

function CompetitorCell(props: { competitor: Competitor | undefined; currency: string | null }) {
  const { competitor, currency } = props;
  if (!competitor) return <span>—</span>;
  return (
    <div class="product">
      <strong>{STATUS_LABELS[competitor.competitor_status]}</strong>
      {competitor.price ? <div>{`${competitor.price} ${currency ?? ''}`.trim()}</div> : null}
      {competitor.gap ? <div>{`Gap ${signed(competitor.gap, currency)}`}</div> : null}
      {competitor.pack_differs ? (
        <div>
          {'Other pack'}
          {competitor.unit_price
            ? `: ${competitor.unit_price} ${currency ?? ''} per ${competitor.unit ?? 'unit'}`
            : ''}
        </div>
      ) : null}
      {competitor.url ? (
        <>
          <ExternalLink url={competitor.url} />
          <div>
            <a
              href={chartHash(competitor.website_id, competitor.url)}
            >{`Price chart of ${competitor.url}`}</a>
          </div>
        </>
      ) : null}
    </div>
  );
}

/**
 * Price comparison per reference product: its price and, per competitor website of its newest
 * matching, the matched price, status, gap and whether the pack differs, with a link to each
 * product's price chart. The rows are the website's price_comparison export, paged by the API.
 */
export async function pricesPage(context: ConsoleContext, params: string[]): Promise<JSX.Element> {
  const project = projectOrNotice(context, 'Price comparison');
  if (isNotice(project)) return project;
  const api = context.api;
  const websites = await projectWebsites(api, project.project_id);
  const referenceId = params[0] ?? websites[0]?.website_id;
  const domainOf = (websiteId: string) =>
    websites.find((site) => site.website_id === websiteId)?.domain ?? websiteId;
  const columns: Column<Item>[] = [
    {
      title: 'Reference product',
      cell: (item) => (
        <div class="product">
          <strong>{item.reference_name ?? 'Unnamed product'}</strong>
          <div>
            {item.reference_price ? `${item.reference_price} ${item.currency ?? ''}`.trim() : 'No price'}
          </div>
          {item.reference_gtin ? <div>{`GTIN ${item.reference_gtin}`}</div> : null}
          <ExternalLink url={item.reference_url} />
          <div>
            <a href={chartHash(item.reference_website_id, item.reference_url)}>
              {`Price chart of ${item.reference_name ?? item.reference_url}`}
            </a>
          </div>
        </div>
      ),
    },
    ...websites
      .filter((site) => site.website_id !== referenceId)
      .map(
        (site): Column<Item> => ({
          title: site.domain,
          cell: (item) => (
            <CompetitorCell
              competitor={item.competitors.find((competitor) => competitor.website_id === site.website_id)}
              currency={item.currency}
            />
          ),
        }),
      ),
  ];
  return (
    <div>
      <h1>Price comparison</h1>
      <p>
        Each product of the reference website with its price at each competitor: MATCHED, REVIEW (a proposal
        waits on the <a href="#/matches">Matches</a> page) or NO_MATCH. The gap is the competitor's price less
        yours; where the pack differs, compare the unit prices.
      </p>
      <label for="comparison-website">Reference website </label>
      <select
        id="comparison-website"
        onChange={(event) => context.go(`#/prices/${encodeURIComponent(event.currentTarget.value)}`)}
      >
        {websites.map((site) => (
          <option value={site.website_id} selected={site.website_id === referenceId}>
            {site.domain}
          </option>
        ))}
      </select>
      {referenceId ? (
        <PagedList<Item>
          caption={`Price comparison of ${domainOf(referenceId)}`}
          columns={columns}
          load={(cursor: string | null) =>
            page(
              api.GET('/projects/{project_id}/price-comparison', {
                params: {
                  path: { project_id: project.project_id },
                  query: { website_id: referenceId, limit: PAGE_SIZE, ...(cursor ? { cursor } : {}) },
                },
              }),
            )
          }
        />
      ) : (
        <p>Add a website first: its products are compared after a matching job.</p>
      )}
    </div>
  );
}
