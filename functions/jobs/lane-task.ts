import { isStoreOutage } from '#platform/store-outage';

/**
 * A lane task's failure because DynamoDB or the bucket could not serve. Its name is what the lane's
 * Catch passes on as `Error` (Lambda's errorType in AWS, the error's name locally), so the failing
 * job can say why in words the user can act on.
 */
export const STORAGE_UNAVAILABLE_ERROR = 'StorageUnavailable';

export class StorageUnavailable extends Error {
  override name = STORAGE_UNAVAILABLE_ERROR;
}

/** A lane task's handler whose store outages reach the lane as `StorageUnavailable`. */
export function laneTask<Input, Output>(run: (input: Input) => Promise<Output>) {
  return async (input: Input): Promise<Output> => {
    try {
      return await run(input);
    } catch (error) {
      if (isStoreOutage(error)) throw new StorageUnavailable('Storage was unavailable', { cause: error });
      throw error;
    }
  };
}
