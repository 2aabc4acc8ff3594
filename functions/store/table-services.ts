import { onFirstUse, setting } from '#platform/config';
import { documentClient } from './dynamo.ts';

/** The document client, at DynamoDB Local when `DYNAMODB_ENDPOINT` names it; built on first use and kept for the cold start. */
export const dynamo = onFirstUse(() => documentClient(setting('DYNAMODB_ENDPOINT')));

/** The single table's name (`TABLE_NAME`). */
export const tableName = onFirstUse(() => setting('TABLE_NAME'));
