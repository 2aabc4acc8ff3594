import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { dynamoClientConfig } from '#platform/aws-endpoints';
import { requiredEnv } from '#platform/config';

export const dynamo = DynamoDBDocumentClient.from(new DynamoDBClient(dynamoClientConfig()), {
  marshallOptions: { removeUndefinedValues: true },
});

export const tableName = requiredEnv('TABLE_NAME');
