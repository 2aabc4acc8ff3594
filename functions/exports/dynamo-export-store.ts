import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { putProjectItem } from '#projects/dynamo-project-store';
import { beginsWith, exportFileKey, exportFilesPrefix, exportSettingsKey } from '#store/keys';
import { queryAll } from '#store/query-all';
import { dynamo, tableName } from '#store/table-services';
import type { ExportDataset } from './export-datasets.ts';
import type { ExportRecord } from './export-record.ts';
import type { ExportStore } from './export-store.ts';

async function putExportRecord(record: ExportRecord): Promise<void> {
  const key = exportFileKey(record.project_id, record.dataset, record.website_id, record.job_id ?? null);
  await dynamo().send(
    new PutCommand({ TableName: tableName(), Item: { ...key, type: 'ExportFile', ...record } }),
  );
}

const toRecord = ({ PK: _pk, SK: _sk, type: _type, ...record }: Record<string, unknown>) =>
  record as unknown as ExportRecord;

async function getExportRecord(
  projectId: string,
  dataset: ExportDataset,
  websiteId: string | null,
  jobId: string | null = null,
): Promise<ExportRecord | null> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: exportFileKey(projectId, dataset, websiteId, jobId),
      ConsistentRead: true,
    }),
  );
  return Item ? toRecord(Item) : null;
}

/** A handful of files per website, so one partition read. */
async function listExportRecords(projectId: string): Promise<ExportRecord[]> {
  const items = await queryAll(beginsWith(exportFilesPrefix(projectId)));
  return items.map(toRecord);
}

async function exportsEnabled(projectId: string): Promise<boolean> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: exportSettingsKey(projectId) }),
  );
  return Item?.enabled !== false;
}

/** The setting is written on the condition that the project exists, in one transaction. */
async function setExportsEnabled(projectId: string, enabled: boolean, at: string): Promise<void> {
  await putProjectItem(projectId, {
    ...exportSettingsKey(projectId),
    type: 'ExportSettings',
    project_id: projectId,
    enabled,
    updated_at: at,
  });
}

export const dynamoExportStore: ExportStore = {
  put: putExportRecord,
  get: getExportRecord,
  ofProject: listExportRecords,
  enabled: exportsEnabled,
  setEnabled: setExportsEnabled,
};
