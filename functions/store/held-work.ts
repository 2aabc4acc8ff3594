import { DeleteCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from './dynamo.ts';
import { type HeldWorkKind, heldWorkKey } from './keys.ts';

export type { HeldWorkKind };

/** Held work read per query. */
const PAGE = 25;

/**
 * Holds work a step could not finish (the bucket or a lane failed) so that nothing is lost: the job
 * sweeper finishes it later (`finishHeldWork`). Holding the same work twice holds it
 * once; finishing it must be safe to repeat.
 */
export async function holdWork(kind: HeldWorkKind, id: string): Promise<void> {
  await dynamo.send(
    new PutCommand({
      TableName: tableName,
      Item: { ...heldWorkKey(kind, id), type: 'HeldWork', id, held_at: new Date().toISOString() },
    }),
  );
}

/** The ids of the work held of a kind, in id order, at most `limit`. */
async function heldWork(kind: HeldWorkKind, limit: number): Promise<string[]> {
  const { Items } = await dynamo.send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': heldWorkKey(kind, '').PK },
      Limit: limit,
    }),
  );
  return (Items ?? []).map((item) => String(item.id));
}

async function releaseWork(kind: HeldWorkKind, id: string): Promise<void> {
  await dynamo.send(new DeleteCommand({ TableName: tableName, Key: heldWorkKey(kind, id) }));
}

/**
 * Finishes held work of a kind, in order, until `deadline` (epoch ms): `finish` does one (it must be
 * safe to repeat), and the work is released once it has. The first that fails stays held and ends
 * the pass, as what failed it (the bucket, a lane) likely fails the rest. Returns the ids finished.
 */
export async function finishHeldWork(
  kind: HeldWorkKind,
  finish: (id: string) => Promise<void>,
  deadline: number,
  onFailure: (id: string, error: unknown) => void,
): Promise<string[]> {
  const finished: string[] = [];
  for (;;) {
    const held = await heldWork(kind, PAGE);
    if (held.length === 0) return finished;
    for (const id of held) {
      if (Date.now() >= deadline) return finished;
      try {
        await finish(id);
        await releaseWork(kind, id);
      } catch (error) {
        onFailure(id, error);
        return finished;
      }
      finished.push(id);
    }
  }
}
