import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from './dynamo.ts';
import { jobKey } from './keys.ts';

/** Whether the job exists in one of the customer's projects (a job item names its project's customer). */
export async function isCustomerJob(customerId: string, jobId: string): Promise<boolean> {
  const { Item } = await dynamo.send(
    new GetCommand({ TableName: tableName, Key: jobKey(jobId), ConsistentRead: true }),
  );
  return Item?.type === 'Job' && Item.customer_id === customerId;
}
