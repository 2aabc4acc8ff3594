import { dynamoFreeAllowances } from './dynamo-free-allowances.ts';
import { dynamoLedger } from './dynamo-ledger.ts';
import type { FreeAllowances } from './free-allowances.ts';
import type { Ledger } from './ledger-store.ts';

/**
 * The ledger the use cases get, the one place that says which adapter it is. Apart from
 * billing-services.ts, so the lane tasks that hold and charge do not carry the payment providers.
 */
export const ledger: Ledger = dynamoLedger;

/** The free analyses and free matching samples the job use cases take and give back. */
export const freeAllowances: FreeAllowances = dynamoFreeAllowances;
