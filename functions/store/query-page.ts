import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { ListPosition } from '#core/list-cursor';
import { dynamo, tableName } from './table-services.ts';

type Item = Record<string, unknown>;

export interface PageOptions<T> {
  limit: number;
  /** The key of the last item of the page before; the page starts after it. */
  after?: ListPosition;
  /** Each item's value, or null for one the caller must not show (read in batches, in order). */
  read: (items: Item[]) => Promise<(T | null)[]>;
}

export interface QueryPage<T> {
  values: T[];
  /** The key of the page's last item when more items follow it, else undefined. */
  next: ListPosition | undefined;
}

/** The page a list asks for: how many items, and after which one. */
export interface PageRequest {
  limit: number;
  after?: ListPosition;
}

/** Which items a query reads: its key condition, and the index when it reads one. */
type KeyCondition = Pick<
  QueryCommandInput,
  'IndexName' | 'KeyConditionExpression' | 'ExpressionAttributeValues'
>;

function keyOf(item: Item, names: readonly string[]): ListPosition {
  return Object.fromEntries(names.map((name) => [name, item[name] as string | number]));
}

/**
 * One page of a query in its sort-key order: up to `limit` shown items after `after`, reading one
 * more to tell whether another page follows. Pages follow the sort key, so items written meanwhile
 * never shift the pages still to come.
 */
export async function queryPage<T>(
  input: Omit<QueryCommandInput, 'TableName' | 'Limit' | 'ExclusiveStartKey'>,
  options: PageOptions<T>,
): Promise<QueryPage<T>> {
  const keyNames = input.IndexName
    ? ['PK', 'SK', `${input.IndexName}PK`, `${input.IndexName}SK`]
    : ['PK', 'SK'];
  const shown: { item: Item; value: T }[] = [];
  let startKey: Item | undefined = options.after;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        ...input,
        Limit: options.limit + 1 - shown.length,
        ExclusiveStartKey: startKey,
      }),
    );
    startKey = page.LastEvaluatedKey;
    const items = page.Items ?? [];
    const values = await options.read(items);
    items.forEach((item, i) => {
      const value = values[i];
      if (value !== null && value !== undefined) shown.push({ item, value });
    });
  } while (startKey && shown.length <= options.limit);
  const kept = shown.slice(0, options.limit);
  const last = kept.at(-1);
  return {
    values: kept.map(({ value }) => value),
    next: shown.length > options.limit && last ? keyOf(last.item, keyNames) : undefined,
  };
}

/**
 * One page of a list newest first: its items' sort keys end in time-sortable ids, so the query reads
 * them backwards. `read` turns an item into the value the page shows.
 */
export function newestFirstPage<T>(
  query: KeyCondition,
  page: PageRequest,
  read: (item: Item) => T,
): Promise<QueryPage<T>> {
  return queryPage(
    { ...query, ScanIndexForward: false },
    { ...page, read: async (items) => items.map(read) },
  );
}
