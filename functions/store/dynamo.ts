import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { dynamoClientConfig } from '#platform/aws-endpoints';
import { onFirstUse, setting } from '#platform/config';

/** The document client, built on first use and kept for the cold start. */
export const dynamo = onFirstUse(() =>
  DynamoDBDocumentClient.from(new DynamoDBClient(dynamoClientConfig()), {
    marshallOptions: { removeUndefinedValues: true },
  }),
);

/** The single table's name (`TABLE_NAME`). */
export const tableName = onFirstUse(() => setting('TABLE_NAME'));

/** One write of a DynamoDB transaction; stores hand these to each other to commit together. */
export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];
