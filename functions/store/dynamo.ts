import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { dynamoClientConfig } from '#platform/aws-endpoints';
import { setting } from '#platform/config';

export const dynamo = DynamoDBDocumentClient.from(new DynamoDBClient(dynamoClientConfig()), {
  marshallOptions: { removeUndefinedValues: true },
});

export const tableName = setting('TABLE_NAME');

/** One write of a DynamoDB transaction; stores hand these to each other to commit together. */
export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];
