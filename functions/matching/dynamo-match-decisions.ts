import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { isKept, keptSlots, type MatchDecision } from '#matching-model/match-decisions';
import { isConditionFailure, isTransactionConflict } from '#store/condition-failure';
import type { TransactItem } from '#store/dynamo';
import {
  beginsWith,
  matchDecisionKey,
  matchDecisionsPrefix,
  matchDecisionsVersionKey,
  matchSlotKey,
} from '#store/keys';
import { queryAll } from '#store/query-all';
import { dynamo, tableName } from '#store/table-services';

/**
 * The project's match decisions, one table item per decision in the project's partition: a review
 * holds a few decisions per product reviewed, not one item per product of a catalog. A kept decision
 * also writes a slot item for each of its two products, so a second kept pair of either product
 * towards the same website fails its condition, whichever request comes first.
 */
const toDecision = ({ PK: _pk, SK: _sk, type: _type, ...item }: Record<string, unknown>) =>
  item as unknown as MatchDecision;

export async function listMatchDecisions(projectId: string): Promise<MatchDecision[]> {
  const items = await queryAll(beginsWith(matchDecisionsPrefix(projectId)));
  return items.map(toDecision);
}

export async function getMatchDecision(projectId: string, decisionId: string): Promise<MatchDecision | null> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: matchDecisionKey(projectId, decisionId),
      ConsistentRead: true,
    }),
  );
  return Item ? toDecision(Item) : null;
}

/** How many times the project's decisions changed; 0 before the first. */
export async function matchDecisionsVersion(projectId: string): Promise<number> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: matchDecisionsVersionKey(projectId),
      ConsistentRead: true,
    }),
  );
  return typeof Item?.version === 'number' ? Item.version : 0;
}

const bumpVersion = (projectId: string): TransactItem => ({
  Update: {
    TableName: tableName(),
    Key: matchDecisionsVersionKey(projectId),
    UpdateExpression: 'ADD version :one SET #type = :type',
    ExpressionAttributeNames: { '#type': 'type' },
    ExpressionAttributeValues: { ':one': 1, ':type': 'MatchDecisionsVersion' },
  },
});

/** Transactions lost to a concurrent one before giving up; every decision moves the version item. */
const CONFLICT_ATTEMPTS = 3;

/** Runs the transaction; false when a condition failed, again when it lost to a concurrent one. */
async function transact(items: TransactItem[]): Promise<boolean> {
  for (let attempt = 1; ; attempt++) {
    try {
      await dynamo().send(new TransactWriteCommand({ TransactItems: items }));
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      if (!isTransactionConflict(error) || attempt >= CONFLICT_ATTEMPTS) throw error;
    }
  }
}

const slotsOf = (decision: MatchDecision) => (isKept(decision) ? keptSlots(decision) : []);

/** Writes the decision; false when its pair already has one or a kept pair holds one of its slots. */
export function putMatchDecision(decision: MatchDecision): Promise<boolean> {
  const { project_id: projectId } = decision;
  const absent = 'attribute_not_exists(PK)';
  return transact([
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...matchDecisionKey(projectId, decision.decision_id),
          type: 'MatchDecision',
          ...decision,
        },
        ConditionExpression: absent,
      },
    },
    ...slotsOf(decision).map((slot) => ({
      Put: {
        TableName: tableName(),
        Item: {
          ...matchSlotKey(projectId, slot),
          type: 'MatchSlot',
          decision_id: decision.decision_id,
        },
        ConditionExpression: absent,
      },
    })),
    bumpVersion(projectId),
  ]);
}

/** Removes the decision and the slots it held; false when it was removed already. */
export function deleteMatchDecision(decision: MatchDecision): Promise<boolean> {
  const { project_id: projectId } = decision;
  return transact([
    {
      Delete: {
        TableName: tableName(),
        Key: matchDecisionKey(projectId, decision.decision_id),
        ConditionExpression: 'attribute_exists(PK)',
      },
    },
    ...slotsOf(decision).map((slot) => ({
      Delete: { TableName: tableName(), Key: matchSlotKey(projectId, slot) },
    })),
    bumpVersion(projectId),
  ]);
}
