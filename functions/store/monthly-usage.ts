import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Cents } from '#core/money';
import { dynamo, tableName } from './dynamo.ts';
import { customerMonthKey } from './keys.ts';

/** A customer's counters for one Europe/Prague month; billing moves them with its holds and charges. */
export interface MonthlyUsage {
  month: string;
  free_analyses_used: number;
  spent: Cents;
  /**
   * What the month's spend limit is measured against: charges of the month plus the holds placed in
   * it that are still open. One attribute, so a hold's condition can test it without arithmetic.
   */
  committed: Cents;
}

export async function monthlyUsage(customerId: string, month: string): Promise<MonthlyUsage> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: customerMonthKey(customerId, month),
      ConsistentRead: true,
    }),
  );
  return {
    month,
    free_analyses_used: Number(Item?.free_analyses_used ?? 0),
    spent: Number(Item?.spent ?? 0) as Cents,
    committed: Number(Item?.committed ?? 0) as Cents,
  };
}
