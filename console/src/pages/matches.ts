import { ok, page } from '../api.ts';
import { type ConsoleContext, may } from '../context.ts';
import { type Child, externalLink, h, when } from '../dom.ts';
import { actionButton, apiForm } from '../forms.ts';
import { PAGE_SIZE, pagedList } from '../paged-list.ts';
import { projectOrNotice } from './no-project.ts';

/** The decision kinds of the API's match-decision body (its typed client checks them). */
type MatchDecisionKind = 'ACCEPTED' | 'REJECTED' | 'MANUAL';

type Pair = {
  reference_website_id: string;
  reference_url: string;
  competitor_website_id: string;
  competitor_url: string;
};

/** Price and identifiers as the review queue gives them; null when the newest catalog lacks the product. */
type ProductFacts = {
  price: string | null;
  currency: string | null;
  gtin: string | null;
  mpn: string | null;
  sku: string | null;
} | null;

/** One side of a pair: its name, price, identifiers and a link to the shop's page. */
function productCell(name: string | null, url: string, facts: ProductFacts): Child {
  const identifiers = facts
    ? (['gtin', 'mpn', 'sku'] as const)
        .filter((key) => facts[key])
        .map((key) => `${key.toUpperCase()} ${facts[key]}`)
        .join(' · ')
    : '';
  return h(
    'div',
    { class: 'product' },
    h('strong', {}, name ?? 'Unnamed product'),
    h('div', {}, facts?.price ? `${facts.price} ${facts.currency ?? ''}`.trim() : 'No price'),
    identifiers ? h('div', {}, identifiers) : null,
    externalLink(url),
  );
}

const percent = (confidence: number | null) =>
  confidence === null ? '—' : `${Math.round(confidence * 100)} %`;

/**
 * Match review: a reference website's queue of proposed pairs the matching was unsure of, side by
 * side with confidence and evidence, each accepted, rejected or replaced by an alternative with one
 * decision; a pair added by hand; and the decisions taken, which the next matching run honours.
 */
export async function matchesPage(context: ConsoleContext, params: string[]): Promise<HTMLElement> {
  const project = projectOrNotice(context, 'Matches');
  if (project instanceof HTMLElement) return project;
  const api = context.api;
  const websites = (await ok(
    api.GET('/websites', { params: { query: { project_id: project.project_id, limit: 100 } } }),
  )) as { website_id: string; domain: string }[];
  const siteOptions = websites.map((site) => ({ value: site.website_id, label: site.domain }));
  const review = may(context, 'REVIEW_MATCHES');
  const referenceId = params[0] ?? websites[0]?.website_id;

  const decide = async (pair: Pair, decision: MatchDecisionKind) => {
    await ok(
      api.POST('/projects/{project_id}/match-decisions', {
        params: { path: { project_id: project.project_id } },
        // The pair's fields alone: a review item carries more, which the body refuses.
        body: {
          reference_website_id: pair.reference_website_id,
          reference_url: pair.reference_url,
          competitor_website_id: pair.competitor_website_id,
          competitor_url: pair.competitor_url,
          decision,
        },
      }),
    );
    context.go(location.hash);
  };

  const chooser = h(
    'select',
    {
      id: 'review-website',
      onchange: (event: Event) =>
        context.go(`#/matches/${encodeURIComponent((event.target as HTMLSelectElement).value)}`),
    },
    siteOptions.map((option) =>
      h('option', { value: option.value, selected: option.value === referenceId }, option.label),
    ),
  );

  const queue = referenceId
    ? pagedList(
        'Review queue',
        [
          {
            title: 'Reference product',
            cell: (row) => productCell(row.reference_name, row.reference_url, row.reference),
          },
          {
            title: 'Competitor product',
            cell: (row) => productCell(row.competitor_name, row.competitor_url, row.competitor),
          },
          {
            title: 'Confidence',
            cell: (row) => [
              h('strong', {}, percent(row.confidence)),
              h('div', {}, row.evidence ?? row.method),
            ],
          },
          {
            title: 'Decision',
            cell: (row) =>
              review
                ? [
                    actionButton('Accept', () => decide(row, 'ACCEPTED'), {
                      'aria-label': `Accept ${row.competitor_name ?? row.competitor_url} for ${row.reference_name ?? row.reference_url}`,
                    }),
                    actionButton('Reject', () => decide(row, 'REJECTED'), {
                      'aria-label': `Reject ${row.competitor_name ?? row.competitor_url} for ${row.reference_name ?? row.reference_url}`,
                    }),
                  ]
                : null,
          },
          {
            title: 'Other candidates',
            cell: (row) =>
              row.alternatives.length === 0
                ? '—'
                : h(
                    'ul',
                    {},
                    row.alternatives.map((alternative) =>
                      h(
                        'li',
                        {},
                        productCell(
                          alternative.competitor_name,
                          alternative.competitor_url,
                          alternative.competitor,
                        ),
                        h(
                          'div',
                          {},
                          `${percent(alternative.confidence)} ${alternative.evidence ?? ''}`.trim(),
                        ),
                        review
                          ? actionButton(
                              'Choose instead',
                              () =>
                                decide(
                                  {
                                    reference_website_id: row.reference_website_id,
                                    reference_url: row.reference_url,
                                    competitor_website_id: row.competitor_website_id,
                                    competitor_url: alternative.competitor_url,
                                  },
                                  'MANUAL',
                                ),
                              {
                                'aria-label': `Choose ${alternative.competitor_name ?? alternative.competitor_url} for ${row.reference_name ?? row.reference_url}`,
                              },
                            )
                          : null,
                      ),
                    ),
                  ),
          },
        ],
        async (cursor: string | null) =>
          page(
            api.GET('/projects/{project_id}/match-review', {
              params: {
                path: { project_id: project.project_id },
                query: { website_id: referenceId, limit: PAGE_SIZE, ...(cursor ? { cursor } : {}) },
              },
            }),
          ),
      )
    : h('p', {}, 'Add a website first: the queue lists the pairs its matching was unsure of.');

  return h(
    'div',
    {},
    h('h1', {}, 'Matches'),
    h(
      'p',
      {},
      'The pairs the matching was unsure of, most telling first. All pairs, with their confidence and evidence, are in the ',
      h('a', { href: '#/exports' }, 'matches export'),
      '. Decisions taken here win over the matching on its next run.',
    ),
    h('label', { for: 'review-website' }, 'Review queue of '),
    chooser,
    queue,
    review
      ? apiForm(
          'Add a pair by hand',
          [
            {
              name: 'reference_website_id',
              label: 'Reference website',
              type: 'select',
              value: referenceId,
              options: siteOptions,
            },
            { name: 'reference_url', label: 'Reference product URL', type: 'url', required: true },
            {
              name: 'competitor_website_id',
              label: 'Competitor website',
              type: 'select',
              value: websites.find((site) => site.website_id !== referenceId)?.website_id,
              options: siteOptions,
            },
            { name: 'competitor_url', label: 'Competitor product URL', type: 'url', required: true },
          ],
          'Add pair',
          async (values) => {
            await decide(
              {
                reference_website_id: values.reference_website_id ?? '',
                reference_url: (values.reference_url ?? '').trim(),
                competitor_website_id: values.competitor_website_id ?? '',
                competitor_url: (values.competitor_url ?? '').trim(),
              },
              'MANUAL',
            );
            return undefined;
          },
        )
      : null,
    pagedList(
      'Match decisions',
      [
        { title: 'Reference product', cell: (row) => externalLink(row.reference_url) },
        { title: 'Competitor product', cell: (row) => externalLink(row.competitor_url) },
        { title: 'Decision', cell: (row) => row.decision },
        { title: 'Decided', cell: (row) => when(row.decided_at) },
        {
          title: '',
          cell: (row) =>
            review
              ? actionButton(
                  'Withdraw',
                  async () => {
                    await ok(
                      api.DELETE('/projects/{project_id}/match-decisions/{decision_id}', {
                        params: { path: { project_id: project.project_id, decision_id: row.decision_id } },
                      }),
                    );
                    context.go(location.hash);
                  },
                  { 'aria-label': `Withdraw decision on ${row.reference_url}` },
                )
              : null,
        },
      ],
      async (cursor: string | null) =>
        page(
          api.GET('/projects/{project_id}/match-decisions', {
            params: {
              path: { project_id: project.project_id },
              query: { limit: PAGE_SIZE, ...(cursor ? { cursor } : {}) },
            },
          }),
        ),
    ),
  );
}
