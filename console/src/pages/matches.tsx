import type { ComponentChildren, JSX } from 'preact';
import { ok, page } from '../api.ts';
import { type ConsoleContext, may } from '../context.ts';
import { ActionButton, ApiForm } from '../forms.tsx';
import { PAGE_SIZE, PagedList } from '../paged-list.tsx';
import { projectWebsites } from '../project-websites.ts';
import { ExternalLink, when } from '../ui.tsx';
import { isNotice, projectOrNotice } from './no-project.tsx';

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
function ProductCell(props: { name: string | null; url: string; facts: ProductFacts }): JSX.Element {
  const { facts } = props;
  const identifiers = facts
    ? (['gtin', 'mpn', 'sku'] as const)
        .filter((key) => facts[key])
        .map((key) => `${key.toUpperCase()} ${facts[key]}`)
        .join(' · ')
    : '';
  return (
    <div class="product">
      <strong>{props.name ?? 'Unnamed product'}</strong>
      <div>{facts?.price ? `${facts.price} ${facts.currency ?? ''}`.trim() : 'No price'}</div>
      {identifiers ? <div>{identifiers}</div> : null}
      <ExternalLink url={props.url} />
    </div>
  );
}

const percent = (confidence: number | null) =>
  confidence === null ? '—' : `${Math.round(confidence * 100)} %`;

/**
 * Match review: a reference website's queue of proposed pairs the matching was unsure of, side by
 * side with confidence and evidence, each accepted, rejected or replaced by an alternative with one
 * decision; a pair added by hand; and the decisions taken, which the next matching run honours.
 */
export async function matchesPage(context: ConsoleContext, params: string[]): Promise<JSX.Element> {
  const project = projectOrNotice(context, 'Matches');
  if (isNotice(project)) return project;
  const api = context.api;
  const websites = await projectWebsites(api, project.project_id);
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

  let queue: ComponentChildren = (
    <p>Add a website first: the queue lists the pairs its matching was unsure of.</p>
  );
  if (referenceId) {
    queue = (
      <PagedList
        caption="Review queue"
        columns={[
          {
            title: 'Reference product',
            cell: (row) => (
              <ProductCell name={row.reference_name} url={row.reference_url} facts={row.reference} />
            ),
          },
          {
            title: 'Competitor product',
            cell: (row) => (
              <ProductCell name={row.competitor_name} url={row.competitor_url} facts={row.competitor} />
            ),
          },
          {
            title: 'Confidence',
            cell: (row) => (
              <>
                <strong>{percent(row.confidence)}</strong>
                <div>{row.evidence ?? row.method}</div>
              </>
            ),
          },
          {
            title: 'Decision',
            cell: (row) => {
              if (!review) return null;
              const pair = `${row.competitor_name ?? row.competitor_url} for ${row.reference_name ?? row.reference_url}`;
              return (
                <>
                  <ActionButton
                    label="Accept"
                    ariaLabel={`Accept ${pair}`}
                    action={() => decide(row, 'ACCEPTED')}
                  />
                  <ActionButton
                    label="Reject"
                    ariaLabel={`Reject ${pair}`}
                    action={() => decide(row, 'REJECTED')}
                  />
                </>
              );
            },
          },
          {
            title: 'Other candidates',
            cell: (row) =>
              row.alternatives.length === 0 ? (
                '—'
              ) : (
                <ul>
                  {row.alternatives.map((alternative) => (
                    <li>
                      <ProductCell
                        name={alternative.competitor_name}
                        url={alternative.competitor_url}
                        facts={alternative.competitor}
                      />
                      <div>{`${percent(alternative.confidence)} ${alternative.evidence ?? ''}`.trim()}</div>
                      {review ? (
                        <ActionButton
                          label="Choose instead"
                          ariaLabel={`Choose ${alternative.competitor_name ?? alternative.competitor_url} for ${row.reference_name ?? row.reference_url}`}
                          action={() =>
                            decide(
                              {
                                reference_website_id: row.reference_website_id,
                                reference_url: row.reference_url,
                                competitor_website_id: row.competitor_website_id,
                                competitor_url: alternative.competitor_url,
                              },
                              'MANUAL',
                            )
                          }
                        />
                      ) : null}
                    </li>
                  ))}
                </ul>
              ),
          },
        ]}
        load={(cursor: string | null) =>
          page(
            api.GET('/projects/{project_id}/match-review', {
              params: {
                path: { project_id: project.project_id },
                query: { website_id: referenceId, limit: PAGE_SIZE, ...(cursor ? { cursor } : {}) },
              },
            }),
          )
        }
      />
    );
  }

  return (
    <div>
      <h1>Matches</h1>
      <p>
        The pairs the matching was unsure of, most telling first. All pairs, with their confidence and
        evidence, are in the <a href="#/exports">matches export</a>. Decisions taken here win over the
        matching on its next run.
      </p>
      <label for="review-website">Review queue of </label>
      <select
        id="review-website"
        onChange={(event) => context.go(`#/matches/${encodeURIComponent(event.currentTarget.value)}`)}
      >
        {siteOptions.map((option) => (
          <option value={option.value} selected={option.value === referenceId}>
            {option.label}
          </option>
        ))}
      </select>
      {queue}
      {review ? (
        <ApiForm
          title="Add a pair by hand"
          fields={[
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
          ]}
          submit="Add pair"
          action={async (values) => {
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
          }}
        />
      ) : null}
      <PagedList
        caption="Match decisions"
        columns={[
          { title: 'Reference product', cell: (row) => <ExternalLink url={row.reference_url} /> },
          { title: 'Competitor product', cell: (row) => <ExternalLink url={row.competitor_url} /> },
          { title: 'Decision', cell: (row) => row.decision },
          { title: 'Decided', cell: (row) => when(row.decided_at) },
          {
            title: '',
            cell: (row) =>
              review ? (
                <ActionButton
                  label="Withdraw"
                  ariaLabel={`Withdraw decision on ${row.reference_url}`}
                  action={async () => {
                    await ok(
                      api.DELETE('/projects/{project_id}/match-decisions/{decision_id}', {
                        params: { path: { project_id: project.project_id, decision_id: row.decision_id } },
                      }),
                    );
                    context.go(location.hash);
                  }}
                />
              ) : null,
          },
        ]}
        load={(cursor: string | null) =>
          page(
            api.GET('/projects/{project_id}/match-decisions', {
              params: {
                path: { project_id: project.project_id },
                query: { limit: PAGE_SIZE, ...(cursor ? { cursor } : {}) },
              },
            }),
          )
        }
      />
    </div>
  );
}
