import { dynamoLedger } from './dynamo-ledger.ts';
import type { Ledger } from './ledger-store.ts';

/**
 * The ledger the use cases get, the one place that says which adapter it is. Apart from
 * billing-services.ts, so the lane tasks that hold and charge do not carry the payment providers.
 */
export const ledger: Ledger = dynamoLedger;
