import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { fromJsonLines, toJsonLines } from '#core/json-lines';
import type { MatchingState, ProductMatch, ProductPair } from '#match/index';
import type { PairState } from '#matching-model/pair-state';
import { JSON_LINES } from '#store/data-bucket';
import { dataObjectWriter, getDataObject, putDataObject } from '#store/data-bucket-services';
import { beginsWith, matchingStateKey, matchingStatesPrefix } from '#store/keys';
import { queryAll } from '#store/query-all';
import { dynamo, tableName } from '#store/table-services';
import type { PairStateWriter } from './matching-store.ts';

/**
 * The matching state of each reference and competitor pair of a project in the data bucket, as JSON
 * Lines, never one table item per product (`matching-states/<project>/<reference>/<competitor>.jsonl`):
 * the fingerprint of every product of both catalogs as the last run saw it, and that run's matches of
 * the pair, and the review decisions that run honoured. The next run of the pair reads it to skip
 * unchanged products and to look up again the products of decisions made or withdrawn since. A table item per pair
 * names it, so a project's matches are found without listing the bucket.
 */
export const matchingStateObjectKey = (projectId: string, referenceId: string, competitorId: string) =>
  `matching-states/${projectId}/${referenceId}/${competitorId}.jsonl`;

type StateLine =
  | { type: 'product'; website_id: string; url: string; fingerprint: string }
  | ({ type: 'match' } & ProductMatch)
  | ({ type: 'rejected' | 'kept' } & ProductPair);

function stateLines(state: MatchingState): StateLine[] {
  const lines: StateLine[] = [];
  for (const [website_id, products] of Object.entries(state.fingerprints)) {
    for (const [url, fingerprint] of Object.entries(products))
      lines.push({ type: 'product', website_id, url, fingerprint });
  }
  for (const match of state.matches) lines.push({ type: 'match', ...match });
  for (const pair of state.review?.rejected ?? []) lines.push({ type: 'rejected', ...pair });
  for (const pair of state.review?.kept ?? []) lines.push({ type: 'kept', ...pair });
  return lines;
}

function fromStateLines(lines: StateLine[]): MatchingState {
  const state: MatchingState = { fingerprints: {}, matches: [], review: { rejected: [], kept: [] } };
  for (const line of lines) {
    if (line.type === 'product') {
      state.fingerprints[line.website_id] ??= {};
      (state.fingerprints[line.website_id] as Record<string, string>)[line.url] = line.fingerprint;
    } else if (line.type === 'match') {
      const { type: _type, ...match } = line;
      state.matches.push(match);
    } else {
      const { type, reference_url, website_id, url } = line;
      state.review?.[type].push({ reference_url, website_id, url });
    }
  }
  return state;
}

/** The pair's state after its last run, or null before its first. */
export async function getPairState(
  projectId: string,
  referenceId: string,
  competitorId: string,
): Promise<MatchingState | null> {
  const text = await getDataObject(matchingStateObjectKey(projectId, referenceId, competitorId));
  return text === null ? null : fromStateLines(fromJsonLines<StateLine>(text));
}

/** Replaces the pair's state: the object first, then the item naming it. */
export async function putPairState(projectId: string, pair: PairState, jobId: string): Promise<void> {
  const objectKey = matchingStateObjectKey(projectId, pair.reference_website_id, pair.competitor_website_id);
  await putDataObject(objectKey, toJsonLines(stateLines(pair.state)), JSON_LINES);
  await putPairStateItem(projectId, pair, objectKey, jobId, pair.state.matches.length);
}

/**
 * A writer of the pair's state whose matches are added a part at a time (a sharded run's merge hands
 * them on a reference chunk at a time): the same object `putPairState` writes, its item written
 * once the object is whole.
 */
export function pairStateWriter(
  projectId: string,
  pair: Omit<PairState, 'state'> & { state: Omit<MatchingState, 'matches'> },
  jobId: string,
): PairStateWriter {
  const objectKey = matchingStateObjectKey(projectId, pair.reference_website_id, pair.competitor_website_id);
  const writer = dataObjectWriter(objectKey, JSON_LINES);
  // The fingerprints and decisions first: the reader takes the lines in any order.
  let started: Promise<void> | undefined;
  const start = () => {
    started ??= writer.write(toJsonLines(stateLines({ ...pair.state, matches: [] })));
    return started;
  };
  let matches = 0;
  return {
    async add(part) {
      await start();
      matches += part.length;
      await writer.write(toJsonLines(part.map((match): StateLine => ({ type: 'match', ...match }))));
    },
    async finish() {
      await start();
      await writer.finish();
      await putPairStateItem(projectId, pair, objectKey, jobId, matches);
    },
    abort: () => writer.abort(),
  };
}

async function putPairStateItem(
  projectId: string,
  pair: Omit<PairState, 'state'>,
  objectKey: string,
  jobId: string,
  matches: number,
): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...matchingStateKey(projectId, pair.reference_website_id, pair.competitor_website_id),
        type: 'MatchingState',
        project_id: projectId,
        reference_website_id: pair.reference_website_id,
        competitor_website_id: pair.competitor_website_id,
        object_key: objectKey,
        job_id: jobId,
        matches,
        updated_at: new Date().toISOString(),
      },
    }),
  );
}

/** The newest state of every pair the project has matched. */
export async function projectPairStates(projectId: string): Promise<PairState[]> {
  const items = await queryAll(beginsWith(matchingStatesPrefix(projectId)));
  const pairs = await Promise.all(
    items.map(async (item) => {
      const reference_website_id = String(item.reference_website_id);
      const competitor_website_id = String(item.competitor_website_id);
      const state = await getPairState(projectId, reference_website_id, competitor_website_id);
      return state ? [{ reference_website_id, competitor_website_id, state }] : [];
    }),
  );
  return pairs.flat();
}
