import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { Cents } from '#core/money';
import { type LedgerEntry, replayLedger } from './ledger-check.ts';

type Item = Record<string, unknown>;

async function scanAll(client: DynamoDBDocumentClient, table: string): Promise<Item[] | null> {
  const items: Item[] = [];
  let start: Item | undefined;
  do {
    try {
      const page = await client.send(
        new ScanCommand({ TableName: table, ExclusiveStartKey: start, ConsistentRead: true }),
      );
      items.push(...(page.Items ?? []));
      start = page.LastEvaluatedKey;
    } catch (error) {
      // A file that never started a stack on the shared engines has no table, and so no ledger.
      if (error instanceof Error && error.name === 'ResourceNotFoundException') return null;
      throw error;
    }
  } while (start);
  return items;
}

/**
 * The ledger invariants of every customer in a table, as breaches (none when they hold): the balance
 * item is what its entries replay to (balance = credits − charges, held = holds not released or
 * charged, spendable = balance − held), and held is the sum of the open hold items. The table is
 * scanned until two scans agree, so a write landing during a scan is not taken for a breach.
 */
export async function ledgerInvariantBreaches(endpoint: string, table: string): Promise<string[]> {
  const client = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint,
      region: 'local',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );
  try {
    let items = await scanAll(client, table);
    for (let attempt = 0; items !== null && attempt < 5; attempt++) {
      const again = await scanAll(client, table);
      if (JSON.stringify(again) === JSON.stringify(items)) break;
      items = again;
    }
    return items === null ? [] : breachesIn(items);
  } finally {
    client.destroy();
  }
}

/** The breaches of the invariants among a table's items (exported for its own unit test). */
export function breachesIn(items: Item[]): string[] {
  const customers = new Map<string, { balance?: Item; entries: LedgerEntry[]; openHolds: Cents[] }>();
  const of = (pk: unknown) => {
    let customer = customers.get(String(pk));
    if (!customer) {
      customer = { entries: [], openHolds: [] };
      customers.set(String(pk), customer);
    }
    return customer;
  };
  for (const item of items) {
    if (item.SK === 'BALANCE') of(item.PK).balance = item;
    else if (item.type === 'LedgerEntry') of(item.PK).entries.push(item as unknown as LedgerEntry);
    else if (item.type === 'Hold' && item.status === 'OPEN') of(item.PK).openHolds.push(item.amount as Cents);
  }
  const breaches: string[] = [];
  for (const [customer, { balance, entries, openHolds }] of customers) {
    const stored = {
      balance: Number(balance?.balance ?? 0),
      held: Number(balance?.held ?? 0),
      spendable: Number(balance?.spendable ?? 0),
    };
    const replayed = replayLedger(entries);
    const openHeld = openHolds.reduce((sum: number, amount) => sum + Number(amount), 0);
    if (JSON.stringify(stored) !== JSON.stringify(replayed))
      breaches.push(
        `${customer}: balance item ${JSON.stringify(stored)}, entries replay ${JSON.stringify(replayed)}`,
      );
    if (stored.held !== openHeld)
      breaches.push(`${customer}: held ${stored.held}, open holds add up to ${openHeld}`);
    if (stored.spendable !== stored.balance - stored.held)
      breaches.push(`${customer}: spendable ${stored.spendable} is not balance − held`);
  }
  return breaches;
}
