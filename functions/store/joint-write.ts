/**
 * Writes one capability's store prepares for another's to make in the same transaction: a website's
 * landing with its setup job's move, a catalog's pointers with its scrape job's, a credit hold with
 * an approval, a job's status as the condition of a hold's release. Use cases only pass them on;
 * what a write holds is known to the adapters that make and take it (`dynamo-joint-write.ts`), so
 * no use case builds or reads a table item.
 */
export interface JointWrite {
  /** What the write does, in the capability's words (for logs and the in-memory test stores). */
  readonly what: string;
}

/**
 * A job's write refused by a condition of one of its joint writes (a hold the credit cannot cover):
 * nothing was written. The job store's adapter throws it in place of the table's error, so the use
 * case that handed the writes asks their owner why (`HoldWrites.refusal`) without knowing the table.
 */
export class JointWriteRefused extends Error {
  override readonly name = 'JointWriteRefused';

  constructor(writes: readonly JointWrite[], options?: ErrorOptions) {
    super(`Refused: ${writes.map(({ what }) => what).join('; ')}`, options);
  }
}
