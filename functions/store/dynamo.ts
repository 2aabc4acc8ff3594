import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { dynamoClientConfig } from '#platform/aws-endpoints';

/** The document client of the table, at DynamoDB Local's `endpoint` when one is given. */
export const documentClient = (endpoint: string | undefined) =>
  DynamoDBDocumentClient.from(new DynamoDBClient(dynamoClientConfig(endpoint)), {
    marshallOptions: { removeUndefinedValues: true },
  });

/** One write of a DynamoDB transaction; stores hand these to each other to commit together. */
export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];
