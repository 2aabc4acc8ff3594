import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { ListPosition } from '#core/list-cursor';
import { type HeldWorkKind, heldWorkKey } from './keys.ts';
import { type QueryPage, queryPage } from './query-page.ts';
import { dynamo, tableName } from './table-services.ts';

export type { HeldWorkKind };

/** Held work read per query. */
const PAGE = 25;
/** Failures one after another that end a pass: a service is down, not one item wrong. */
const MAX_FAILURES_IN_A_ROW = 3;

/**
 * Holds work a step could not finish (the bucket or a lane failed) so that nothing is lost: the job
 * sweeper finishes it later (`finishHeldWork`). Holding the same work twice holds it
 * once; finishing it must be safe to repeat.
 */
export async function holdWork(kind: HeldWorkKind, id: string): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...heldWorkKey(kind, id), type: 'HeldWork', id, held_at: new Date().toISOString() },
    }),
  );
}

/** A page of the work held of a kind, in id order, from after `after`; `next` when more follow. */
function heldWork(kind: HeldWorkKind, after: ListPosition | undefined): Promise<QueryPage<string>> {
  return queryPage(
    {
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': heldWorkKey(kind, '').PK },
    },
    { limit: PAGE, after, read: async (items) => items.map((item) => String(item.id)) },
  );
}

async function releaseWork(kind: HeldWorkKind, id: string): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: heldWorkKey(kind, id) }));
}

/**
 * Finishes held work of a kind, in order, until `deadline` (epoch ms): `finish` does one (it must be
 * safe to repeat), and the work is released once it has. Work that fails stays held for the next
 * pass, and the pass goes on past it, so one item that cannot be finished never holds up the rest;
 * `MAX_FAILURES_IN_A_ROW` failing one after another end the pass, as what failed them (the bucket,
 * a lane) likely fails the rest. Returns the ids finished.
 */
export async function finishHeldWork(
  kind: HeldWorkKind,
  finish: (id: string) => Promise<void>,
  deadline: number,
  onFailure: (id: string, error: unknown) => void,
): Promise<string[]> {
  const finished: string[] = [];
  let failuresInARow = 0;
  let after: ListPosition | undefined;
  do {
    const page = await heldWork(kind, after);
    for (const id of page.values) {
      if (Date.now() >= deadline) return finished;
      try {
        await finish(id);
        await releaseWork(kind, id);
      } catch (error) {
        onFailure(id, error);
        if (++failuresInARow >= MAX_FAILURES_IN_A_ROW) return finished;
        continue;
      }
      failuresInARow = 0;
      finished.push(id);
    }
    after = page.next;
  } while (after);
  return finished;
}
