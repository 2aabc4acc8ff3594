/**
 * The single table's shape, read by the CDK stack and by the local stack's CreateTable, so both
 * always agree.
 */
export const TABLE_KEYS = {
  partitionKey: 'PK',
  sortKey: 'SK',
  indexes: [{ name: 'GSI1', partitionKey: 'GSI1PK', sortKey: 'GSI1SK' }],
  timeToLive: 'expires_at',
} as const;
