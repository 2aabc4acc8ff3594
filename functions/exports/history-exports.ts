import { historyStore } from '#history/history-services';
import { historyPrefix, websiteHistory } from '#history/price-history';
import type { Project } from '#projects/project';
import { dataBucketObjects } from '#store/data-bucket-services';
import { websiteStore } from '#websites/website-services';
import {
  PRICE_CHANGE_COLUMNS,
  PRICE_HISTORY_COLUMNS,
  type PriceConversion,
  priceChangeRow,
  priceHistoryRow,
} from './export-datasets.ts';
import type { ExportFormat } from './export-formats.ts';
import type { ExportRecord } from './export-record.ts';
import {
  type FormatsToWrite,
  type ProductSource,
  sourceVersions,
  writeExportFile,
} from './write-export-file.ts';

export type HistoryDataset = 'price_history' | 'price_changes';

export const isHistoryDataset = (dataset: string): dataset is HistoryDataset =>
  dataset === 'price_history' || dataset === 'price_changes';

type HistoryProject = Pick<Project, 'project_id' | 'localization' | 'change_threshold_percent'>;

/**
 * What a history file is built from: per website, its newest history run. A `price_changes` file
 * also follows the project's threshold, so its versions name it: a new threshold makes it stale.
 */
async function historySources(
  project: HistoryProject,
  dataset: HistoryDataset,
  websiteId: string | null,
): Promise<ProductSource[]> {
  const websiteIds = websiteId
    ? [websiteId]
    : (await websiteStore.ofProject(project.project_id)).map((site) => site.website_id);
  const pointers = await Promise.all(websiteIds.map((id) => historyStore.getPointer(id)));
  const threshold = dataset === 'price_changes' ? ` threshold=${project.change_threshold_percent}` : '';
  return websiteIds.flatMap((id, index) => {
    const pointer = pointers[index];
    return pointer
      ? [
          {
            websiteId: id,
            pointer: {
              version: `${pointer.version}${threshold}`,
              object_key: historyPrefix(project.project_id, id),
            },
          },
        ]
      : [];
  });
}

async function writeHistoryFile(
  project: HistoryProject,
  dataset: HistoryDataset,
  websiteId: string | null,
  sources: readonly ProductSource[],
  conversion: PriceConversion,
  formats: FormatsToWrite,
): Promise<ExportRecord> {
  const scope = { dataset, websiteId, jobId: null, sources };
  if (dataset === 'price_history') {
    // Every observation of each website, read one shard at a time as the file is written.
    return writeExportFile(
      project,
      conversion,
      {
        ...scope,
        columns: PRICE_HISTORY_COLUMNS,
        rows: async function* () {
          for (const source of sources)
            for await (const observation of websiteHistory(
              dataBucketObjects,
              project.project_id,
              source.websiteId,
            ))
              yield priceHistoryRow(source.websiteId, observation);
        },
      },
      formats,
    );
  }
  const changes = await historyStore.allChanges(project.project_id, {
    since: null,
    websiteId,
    kind: null,
    minPercent: project.change_threshold_percent,
  });
  return writeExportFile(
    project,
    conversion,
    {
      ...scope,
      columns: PRICE_CHANGE_COLUMNS,
      rows: () => changes.map(priceChangeRow),
    },
    formats,
  );
}

/**
 * The `price_history` or `price_changes` file of a website or of the whole project in `format`,
 * rebuilt first when a website has a newer run than the file (or the threshold moved, or the file
 * expired); null when no website has history yet. They are built when asked for, never by a
 * scrape: a history file reads every run the history keeps. Only the format asked for is written,
 * so a link request over a long history does only a quarter of the work; the files of other
 * formats built from the same runs stay in the record.
 */
export async function currentHistoryFile(
  project: HistoryProject,
  dataset: HistoryDataset,
  choice: { websiteId: string | null; format: ExportFormat },
  existing: {
    record: ExportRecord | null;
    exists: (record: ExportRecord, format: ExportFormat) => Promise<boolean>;
  },
  conversion: () => Promise<PriceConversion>,
): Promise<ExportRecord | null> {
  const { websiteId, format } = choice;
  const sources = await historySources(project, dataset, websiteId);
  if (sources.length === 0) return null;
  const { record } = existing;
  const versions = sourceVersions(sources);
  const held = record ? Object.entries(record.sources) : [];
  const sameRuns =
    record !== null &&
    held.length === sources.length &&
    held.every(([id, version]) => versions[id] === version);
  if (sameRuns && (await existing.exists(record, format))) return record;
  return writeHistoryFile(project, dataset, websiteId, sources, await conversion(), {
    formats: [format],
    keeping: sameRuns ? record : null,
  });
}
