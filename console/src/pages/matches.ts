import { ok, page } from '../api.ts';
import { type ConsoleContext, may } from '../context.ts';
import { h, when } from '../dom.ts';
import { actionButton, apiForm } from '../forms.ts';
import { pagedList } from '../paged-list.ts';
import { projectOrNotice } from './no-project.ts';

/** The decision kinds of the API's match-decision body (its typed client checks them). */
type MatchDecisionKind = 'ACCEPTED' | 'REJECTED' | 'MANUAL';

const DECISIONS: readonly { value: MatchDecisionKind; label: string }[] = [
  { value: 'ACCEPTED', label: 'Accept the proposed match' },
  { value: 'REJECTED', label: 'Reject the proposed match' },
  { value: 'MANUAL', label: 'Add this pair by hand' },
];

/** Match review: the decisions taken, side by side, and a new one (accept, reject, add a pair). */
export async function matchesPage(context: ConsoleContext): Promise<HTMLElement> {
  const project = projectOrNotice(context, 'Matches');
  if (project instanceof HTMLElement) return project;
  const api = context.api;
  const websites = (await ok(
    api.GET('/websites', { params: { query: { project_id: project.project_id, limit: 100 } } }),
  )) as { website_id: string; domain: string }[];
  const siteOptions = websites.map((site) => ({ value: site.website_id, label: site.domain }));
  const review = may(context, 'REVIEW_MATCHES');
  return h(
    'div',
    {},
    h('h1', {}, 'Matches'),
    h(
      'p',
      {},
      'The pairs the matching proposes are in the ',
      h('a', { href: '#/exports' }, 'matches export'),
      ', with their confidence and evidence. Decisions taken here win over the matching on its next run.',
    ),
    review
      ? apiForm(
          'Decide on a pair',
          [
            {
              name: 'reference_website_id',
              label: 'Reference website',
              type: 'select',
              options: siteOptions,
            },
            { name: 'reference_url', label: 'Reference product URL', type: 'url', required: true },
            {
              name: 'competitor_website_id',
              label: 'Competitor website',
              type: 'select',
              value: websites[1]?.website_id,
              options: siteOptions,
            },
            { name: 'competitor_url', label: 'Competitor product URL', type: 'url', required: true },
            { name: 'decision', label: 'Decision', type: 'select', options: DECISIONS },
          ],
          'Save decision',
          async (values) => {
            await ok(
              api.POST('/projects/{project_id}/match-decisions', {
                params: { path: { project_id: project.project_id } },
                body: {
                  reference_website_id: values.reference_website_id ?? '',
                  reference_url: (values.reference_url ?? '').trim(),
                  competitor_website_id: values.competitor_website_id ?? '',
                  competitor_url: (values.competitor_url ?? '').trim(),
                  decision: values.decision as MatchDecisionKind,
                },
              }),
            );
            context.go('#/matches');
            return undefined;
          },
        )
      : null,
    pagedList(
      'Match decisions',
      [
        { title: 'Reference product', cell: (row) => productLink(row.reference_url) },
        { title: 'Competitor product', cell: (row) => productLink(row.competitor_url) },
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
                    context.go('#/matches');
                  },
                  { 'aria-label': `Withdraw decision on ${row.reference_url}` },
                )
              : null,
        },
      ],
      async (cursor: string | null) =>
        page(
          api.GET('/projects/{project_id}/match-decisions', {
            params: { path: { project_id: project.project_id }, query: cursor ? { cursor } : {} },
          }),
        ),
    ),
  );
}

function productLink(url: string): HTMLElement {
  return h('a', { href: url, rel: 'noreferrer', target: '_blank' }, url);
}
