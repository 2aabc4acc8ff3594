import { fromJsonLines, toJsonLines } from '#core/json-lines';
import { type DataObjectWriter, JSON_LINES } from '#store/data-bucket';
import { dataObjectWriter, getDataObject, putDataObject } from '#store/data-bucket-services';
import type { MatchRecord } from './export-datasets.ts';

/** The matches of one matching job, which its settlement and its export read, as JSON Lines. */
const runMatchesKey = (jobId: string) => `matching-runs/${jobId}/matches.jsonl`;

export const putRunMatches = (jobId: string, matches: readonly MatchRecord[]) =>
  putDataObject(runMatchesKey(jobId), toJsonLines(matches), JSON_LINES);

/** The job's matches written a part at a time, the same object `putRunMatches` writes. */
export function runMatchesWriter(jobId: string): {
  add(matches: readonly MatchRecord[]): Promise<void>;
  finish: DataObjectWriter['finish'];
  abort: DataObjectWriter['abort'];
} {
  const writer = dataObjectWriter(runMatchesKey(jobId), JSON_LINES);
  return {
    add: (matches) => writer.write(toJsonLines(matches)),
    finish: () => writer.finish(),
    abort: () => writer.abort(),
  };
}

export async function getRunMatches(jobId: string): Promise<MatchRecord[]> {
  const text = await getDataObject(runMatchesKey(jobId));
  if (text === null) throw new Error(`The matches of matching job ${jobId} are missing`);
  return fromJsonLines<MatchRecord>(text);
}
