import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';

/** The bundles bench's peer: a plain handler that only reads one item with the SDK, bundled the same way. */
const client = new DynamoDBClient({});

export const handler = async (event: { id: string }) =>
  client.send(new GetItemCommand({ TableName: 'peer', Key: { PK: { S: event.id }, SK: { S: 'PEER' } } }));
