/** Rows read from a JSON Lines file, and where the next ones begin. */
export interface JsonLinesPage {
  rows: Record<string, unknown>[];
  /** The byte offset of the row after the last one returned; null when the file ends there. */
  next_offset: number | null;
  /** Bytes fetched to answer: a few rows of a large file cost a few ranges, not the file. */
  bytes_read: number;
}

const FIRST_RANGE = 64 * 1024;
const NEWLINE = 0x0a;

/**
 * Reads `limit` rows of a JSON Lines file from byte `start` with HTTP range requests, each twice the
 * one before, until enough whole lines have arrived or the file ends. A server that ignores `Range`
 * (200) is read as a stream and cut off once the rows are in.
 */
export async function readJsonLinesRange(
  url: string,
  { start = 0, limit }: { start?: number; limit: number },
): Promise<JsonLinesPage> {
  let buffer: Buffer = Buffer.alloc(0);
  let ended = false;
  let bytesRead = 0;
  let span = FIRST_RANGE;
  const enoughLines = (): boolean => countNewlines(buffer) >= limit;
  while (!ended && !enoughLines()) {
    const from = start + buffer.length;
    const response = await fetch(url, { headers: { range: `bytes=${from}-${from + span - 1}` } });
    if (response.status === 416) {
      await response.body?.cancel();
      ended = true;
      break;
    }
    if (!response.ok || !response.body)
      throw new Error(`The export file answered ${response.status} to a range request.`);
    if (response.status === 200) {
      const streamed = await readWholeLinesFromStream(response.body, start, limit);
      buffer = streamed.buffer;
      bytesRead += streamed.bytesRead;
      ended = streamed.ended;
      break;
    }
    const chunk = Buffer.from(await response.arrayBuffer());
    bytesRead += chunk.length;
    buffer = Buffer.concat([buffer, chunk]);
    const total = Number(/\/(\d+)$/.exec(response.headers.get('content-range') ?? '')?.[1]);
    ended = chunk.length < span || (Number.isFinite(total) && start + buffer.length >= total);
    span *= 2;
  }
  return pageOf(buffer, start, limit, ended, bytesRead);
}

function countNewlines(buffer: Buffer): number {
  let count = 0;
  for (let at = buffer.indexOf(NEWLINE); at !== -1; at = buffer.indexOf(NEWLINE, at + 1)) count++;
  return count;
}

async function readWholeLinesFromStream(
  body: ReadableStream<Uint8Array>,
  start: number,
  limit: number,
): Promise<{ buffer: Buffer; bytesRead: number; ended: boolean }> {
  const reader = body.getReader();
  let buffer: Buffer = Buffer.alloc(0);
  let skipped = 0;
  let bytesRead = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { buffer, bytesRead, ended: true };
    bytesRead += value.length;
    let chunk = Buffer.from(value);
    if (skipped < start) {
      const skip = Math.min(start - skipped, chunk.length);
      skipped += skip;
      chunk = chunk.subarray(skip);
    }
    buffer = Buffer.concat([buffer, chunk]);
    if (countNewlines(buffer) >= limit) {
      await reader.cancel();
      return { buffer, bytesRead, ended: false };
    }
  }
}

function pageOf(buffer: Buffer, start: number, limit: number, ended: boolean, bytesRead: number) {
  const rows: Record<string, unknown>[] = [];
  let offset = 0;
  while (rows.length < limit && offset < buffer.length) {
    const newline = buffer.indexOf(NEWLINE, offset);
    // A last line without its newline is whole only when the file ends there.
    if (newline === -1 && !ended) break;
    const end = newline === -1 ? buffer.length : newline;
    const line = buffer.subarray(offset, end).toString('utf8').trim();
    offset = end + 1;
    if (line) rows.push(JSON.parse(line) as Record<string, unknown>);
  }
  const atEnd = ended && offset >= buffer.length;
  return { rows, next_offset: atEnd ? null : start + offset, bytes_read: bytesRead } satisfies JsonLinesPage;
}
