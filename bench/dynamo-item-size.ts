/**
 * The size DynamoDB bills an item at, by its documented rules ("Item sizes and formats" in the
 * DynamoDB developer guide): each attribute's name in UTF-8 bytes plus its value's size; a string
 * its UTF-8 bytes; a number about one byte per two significant digits plus one; a boolean or null
 * one byte; a map or list 3 bytes plus one per element, plus its elements (and a map's key names).
 */
export function dynamoValueBytes(value: unknown): number {
  if (value === null || value === undefined || typeof value === 'boolean') return 1;
  if (typeof value === 'string') return Buffer.byteLength(value);
  if (typeof value === 'number') {
    const digits = String(Math.abs(value)).replace('.', '').replace(/^0+/, '').replace(/0+$/, '');
    return Math.ceil(Math.max(1, digits.length) / 2) + 1;
  }
  if (Array.isArray(value))
    return 3 + value.reduce((sum: number, element) => sum + 1 + dynamoValueBytes(element), 0);
  if (typeof value === 'object')
    return (
      3 +
      Object.entries(value).reduce(
        (sum, [name, element]) => sum + 1 + Buffer.byteLength(name) + dynamoValueBytes(element),
        0,
      )
    );
  throw new Error(`No DynamoDB size for a ${typeof value}`);
}

export function dynamoItemBytes(item: Record<string, unknown>): number {
  return Object.entries(item).reduce(
    (sum, [name, value]) =>
      value === undefined ? sum : sum + Buffer.byteLength(name) + dynamoValueBytes(value),
    0,
  );
}

/** Write units of one write: one per KB started of the larger of the item before and after. */
export const writeUnits = (...itemBytes: number[]) => Math.max(1, Math.ceil(Math.max(...itemBytes) / 1024));
