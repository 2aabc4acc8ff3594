import { documentClient } from '#store/dynamo';

/**
 * The table wiring unit tests put in place of `#store/table-services`
 * (`vi.mock('#store/table-services', () => import('#test/unit-table'))`): a document client that
 * aws-sdk-client-mock answers for, and a table name of their own, so no test sets TABLE_NAME.
 */
const client = documentClient(undefined);

export const dynamo = () => client;

export const UNIT_TABLE = 'unit-table';

export const tableName = () => UNIT_TABLE;
