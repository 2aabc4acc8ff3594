import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { deletePartition } from '#store/batch-write';
import { conditionHeld, isConditionFailure } from '#store/condition-failure';
import {
  beginsWith,
  inIndex,
  projectWebhooksIndex,
  projectWebhooksPartition,
  webhookDeliveriesPrefix,
  webhookDeliveryKey,
  webhookKey,
} from '#store/keys';
import { queryAll } from '#store/query-all';
import { newestFirstPage, type PageRequest, type QueryPage } from '#store/query-page';
import { dynamo, tableName } from '#store/table-services';
import type { Delivery, DeliveryAttempt, DeliveryStatus, Webhook } from './webhook.ts';
import type { WebhookStore } from './webhook-store.ts';

const strip = <T>(item: Record<string, unknown>): T => {
  const { PK: _pk, SK: _sk, GSI1PK: _gpk, GSI1SK: _gsk, type: _type, ...fields } = item;
  return fields as T;
};

async function putWebhook(webhook: Webhook): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...webhookKey(webhook.webhook_id),
        ...projectWebhooksIndex(webhook.project_id, webhook.webhook_id),
        type: 'Webhook',
        ...webhook,
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
}

async function getWebhook(webhookId: string): Promise<Webhook | null> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: webhookKey(webhookId), ConsistentRead: true }),
  );
  return Item ? strip<Webhook>(Item) : null;
}

/** Every webhook of the project (a project has at most a few), newest first. */
async function projectWebhooks(projectId: string): Promise<Webhook[]> {
  const items = await queryAll({ ...inIndex(projectWebhooksPartition(projectId)), ScanIndexForward: false });
  return items.map(strip<Webhook>);
}

/** One page of the project's webhooks, newest first (GET /webhooks). */
function listWebhooksPage(projectId: string, page: PageRequest): Promise<QueryPage<Webhook>> {
  return newestFirstPage(inIndex(projectWebhooksPartition(projectId)), page, strip<Webhook>);
}

/** Removes a webhook with its deliveries; their running rounds find it gone and stop. */
async function removeWebhook(webhookId: string): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: webhookKey(webhookId) }));
  await deletePartition(webhookKey(webhookId).PK);
}

async function putDelivery(delivery: Delivery): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...webhookDeliveryKey(delivery.webhook_id, delivery.delivery_id),
        type: 'Delivery',
        ...delivery,
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
}

async function getDelivery(webhookId: string, deliveryId: string): Promise<Delivery | null> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: webhookDeliveryKey(webhookId, deliveryId),
      ConsistentRead: true,
    }),
  );
  return Item ? strip<Delivery>(Item) : null;
}

/** One page of a webhook's deliveries, newest first (GET /webhooks/{webhook_id}/deliveries). */
function listDeliveriesPage(webhookId: string, page: PageRequest): Promise<QueryPage<Delivery>> {
  return newestFirstPage(beginsWith(webhookDeliveriesPrefix(webhookId)), page, strip<Delivery>);
}

/**
 * Adds an attempt to a delivery still PENDING in `round`, with the status it leaves the delivery in.
 * Returns false when the round is no longer the delivery's (a redelivery began) or it is gone.
 */
async function recordAttempt(
  delivery: Pick<Delivery, 'webhook_id' | 'delivery_id'>,
  round: number,
  attempt: DeliveryAttempt,
  after: { status: DeliveryStatus; next_attempt_at: string | null },
): Promise<boolean> {
  return conditionHeld(
    dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: webhookDeliveryKey(delivery.webhook_id, delivery.delivery_id),
        UpdateExpression:
          'SET attempts = list_append(attempts, :attempt), #status = :status, next_attempt_at = :next, updated_at = :now',
        ConditionExpression: '#round = :round AND #status = :pending',
        ExpressionAttributeNames: { '#status': 'status', '#round': 'round' },
        ExpressionAttributeValues: {
          ':attempt': [attempt],
          ':status': after.status,
          ':next': after.next_attempt_at,
          ':now': attempt.attempted_at,
          ':round': round,
          ':pending': 'PENDING',
        },
      }),
    ),
  );
}

/**
 * A round whose next attempt is this overdue has stopped (its task failed past the lane's retries):
 * a live round attempts within seconds of `next_attempt_at`.
 */
const STALLED_AFTER_MS = 15 * 60 * 1000;

/**
 * Starts the next round of a delivery that is not PENDING, or whose round stalled (a redelivery):
 * PENDING again with the round moved on. Returns the delivery as it now is, or null when it is gone
 * or a round is still trying.
 */
async function startNextRound(delivery: Delivery): Promise<Delivery | null> {
  const now = new Date().toISOString();
  const stalled = new Date(Date.now() - STALLED_AFTER_MS).toISOString();
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: webhookDeliveryKey(delivery.webhook_id, delivery.delivery_id),
        UpdateExpression:
          'SET #round = #round + :one, #status = :pending, next_attempt_at = :now, updated_at = :now',
        ConditionExpression: 'attribute_exists(PK) AND (#status <> :pending OR next_attempt_at < :stalled)',
        ExpressionAttributeNames: { '#status': 'status', '#round': 'round' },
        ExpressionAttributeValues: { ':one': 1, ':pending': 'PENDING', ':now': now, ':stalled': stalled },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes ? strip<Delivery>(Attributes) : null;
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}

/** Webhooks in the service table, each with its deliveries in its partition. */
export const dynamoWebhookStore: WebhookStore = {
  create: putWebhook,
  get: getWebhook,
  ofProject: projectWebhooks,
  page: listWebhooksPage,
  remove: removeWebhook,
  createDelivery: putDelivery,
  getDelivery,
  deliveriesPage: listDeliveriesPage,
  recordAttempt,
  startNextRound,
};
