import type { ListPosition } from '#core/list-cursor';
import { type WriteRequest, writeAll } from '#store/batch-write';
import { between, projectChangeKey, projectChangesSince } from '#store/keys';
import { queryAll } from '#store/query-all';
import { type QueryPage, queryPage } from '#store/query-page';
import type { ChangeFilter, StoredChange } from './change-record.ts';
import { meetsThreshold } from './price-changes.ts';

const changeKey = (change: StoredChange, seq: number) =>
  projectChangeKey(change.project_id, change.detected_at, change.job_id, seq);

/**
 * Keeps one scrape's changes, in its order, until `expiresAt` (the table's TTL, in epoch seconds):
 * keys follow the job and the place in its list, so writing them again replaces them.
 */
export async function putChanges(changes: readonly StoredChange[], expiresAt: number): Promise<void> {
  const puts: WriteRequest[] = changes.map((change, seq) => ({
    PutRequest: {
      Item: { ...changeKey(change, seq), type: 'PriceChange', ...change, expires_at: expiresAt },
    },
  }));
  await writeAll(puts);
}

function changeQuery(projectId: string, filter: ChangeFilter) {
  const range = between(projectChangesSince(projectId, filter.since));
  const conditions: string[] = [];
  const values: Record<string, unknown> = { ...range.ExpressionAttributeValues };
  if (filter.websiteId !== null) {
    conditions.push('website_id = :website');
    values[':website'] = filter.websiteId;
  }
  if (filter.kind !== null) {
    conditions.push('kind = :kind');
    values[':kind'] = filter.kind;
  }
  return {
    KeyConditionExpression: range.KeyConditionExpression,
    ...(conditions.length > 0 ? { FilterExpression: conditions.join(' AND ') } : {}),
    ExpressionAttributeValues: values,
  };
}

/** A reference as kept before its price and the gaps were: those unknown. */
const UNPRICED = { price: null, currency: null, previous_gap_percent: null, gap_percent: null };

function toChange(item: Record<string, unknown>): StoredChange {
  const { PK: _pk, SK: _sk, type: _type, expires_at: _expires, ...change } = item;
  const stored = change as unknown as StoredChange;
  const reference = stored.matched_reference;
  return reference ? { ...stored, matched_reference: { ...UNPRICED, ...reference } } : stored;
}

/** One page of the project's changes, oldest first from `since`, after the cursor's position. */
export function listChangesPage(
  projectId: string,
  filter: ChangeFilter,
  page: { limit: number; after: ListPosition | undefined },
): Promise<QueryPage<StoredChange>> {
  return queryPage(changeQuery(projectId, filter), {
    limit: page.limit,
    ...(page.after ? { after: page.after } : {}),
    read: async (items) =>
      items.map((item) => {
        const change = toChange(item);
        return meetsThreshold(change, filter.minPercent) ? change : null;
      }),
  });
}

/** Every change of the filter, oldest first: what the `price_changes` files hold. */
export async function allChanges(projectId: string, filter: ChangeFilter): Promise<StoredChange[]> {
  return (await queryAll(changeQuery(projectId, filter)))
    .map(toChange)
    .filter((change) => meetsThreshold(change, filter.minPercent));
}
