import type { JSX } from 'preact';
import { ok } from '../api.ts';
import type { ConsoleContext } from '../context.ts';
import { ActionButton } from '../forms.tsx';
import { Table, when } from '../ui.tsx';
import { isNotice, projectOrNotice } from './no-project.tsx';

interface ExportFile {
  dataset: 'products' | 'matches' | 'price_comparison' | 'price_history';
  website_id: string | null;
  job_id: string | null;
  format: 'csv' | 'jsonl' | 'xlsx' | 'parquet';
  rows: number;
  bytes: number;
  updated_at: string;
  currency: string | null;
}

/** The project's export files; a download asks for a fresh presigned link and follows it. */
export async function exportsPage(context: ConsoleContext): Promise<JSX.Element> {
  const project = projectOrNotice(context, 'Exports');
  if (isNotice(project)) return project;
  const files = (await ok(
    context.api.GET('/exports', { params: { query: { project_id: project.project_id } } }),
  )) as unknown as ExportFile[];
  const download = async (file: ExportFile) => {
    const link = await ok(
      context.api.GET('/exports/{dataset}/url', {
        params: {
          path: { dataset: file.dataset },
          query: {
            project_id: project.project_id,
            format: file.format,
            ...(file.website_id ? { website_id: file.website_id } : {}),
            ...(file.job_id ? { job_id: file.job_id } : {}),
          },
        },
      }),
    );
    // The link is presigned for 15 minutes and served as an attachment: following it downloads
    // the file and leaves the console where it is.
    location.assign((link as { url: string }).url);
  };
  return (
    <div>
      <h1>Exports</h1>
      <Table<ExportFile>
        caption="Export files"
        columns={[
          { title: 'Dataset', cell: (file) => file.dataset },
          { title: 'Website', cell: (file) => file.website_id ?? 'all websites' },
          { title: 'Format', cell: (file) => file.format },
          { title: 'Rows', cell: (file) => String(file.rows) },
          { title: 'Size', cell: (file) => `${(file.bytes / 1024).toFixed(1)} KiB` },
          { title: 'Currency', cell: (file) => file.currency ?? 'shop prices' },
          { title: 'Updated', cell: (file) => when(file.updated_at) },
          {
            title: 'File',
            cell: (file) => (
              <ActionButton
                label="Download"
                action={() => download(file)}
                ariaLabel={`Download ${file.dataset} ${file.format}${file.website_id ? ` of ${file.website_id}` : ''}${file.job_id ? ` of ${file.job_id}` : ''}`}
              />
            ),
          },
        ]}
        items={files}
      />
    </div>
  );
}
