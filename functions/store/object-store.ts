/**
 * Text objects under keys, as the price history uses them: the data bucket in AWS and on the local
 * stack, an in-memory or filesystem store in the benchmark. Keys list in ascending order, as S3 lists.
 */
export interface ObjectStore {
  put(key: string, body: string): Promise<void>;
  /** The object's text, or null when there is none. */
  get(key: string): Promise<string | null>;
  /** Every key under the prefix, ascending. */
  list(prefix: string): Promise<string[]>;
  /** Removes the object; removing one that is not there is no error. */
  delete(key: string): Promise<void>;
}
