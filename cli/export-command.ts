import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream } from 'node:stream/web';
import { bodyOf } from '../functions/client/pds-client.ts';
import { EXPORT_FORMATS, type ExportFormat } from '../functions/exports/export-formats.ts';
import type { Command } from './command.ts';
import { UsageError } from './usage-error.ts';

export const DATASETS = [
  'products',
  'matches',
  'price_comparison',
  'price_history',
  'price_changes',
] as const;

export const exportCommand: Command = {
  name: 'export',
  usage: 'pds export <dataset> [--website <id>] [--job <id>] [--format csv|jsonl|xlsx|parquet] [-o file]',
  summary:
    'download an export file (products, matches, price_comparison, price_history, price_changes) as CSV, JSON Lines, Excel or Parquet',
  firstArgument: DATASETS,
  options: {
    website: { type: 'string' },
    job: { type: 'string' },
    format: { type: 'string' },
    output: { type: 'string', short: 'o' },
  },
  optionHelp: [
    "--website     one website's file (matches and price_comparison: the reference website)",
    "--job         a URL scrape job's products file: every URL sent with its url_result",
    "--format      csv (default; formula-like cells prefixed with '), jsonl (raw values),",
    '              xlsx (Excel workbook, typed cells) or parquet (typed columns)',
    '-o, --output  write to this file instead of stdout',
  ],
  run: async (context) => {
    const dataset = context.positionals[0];
    if (!dataset)
      throw new UsageError(
        'Missing <dataset>: products, matches, price_comparison, price_history or price_changes.',
      );
    const client = await context.client();
    const website = typeof context.values.website === 'string' ? context.values.website : undefined;
    const job = typeof context.values.job === 'string' ? context.values.job : undefined;
    const format = context.values.format;
    if (format !== undefined && !(EXPORT_FORMATS as readonly unknown[]).includes(format))
      throw new UsageError('--format is csv, jsonl, xlsx or parquet.');
    const output = typeof context.values.output === 'string' ? context.values.output : undefined;
    // A binary file printed to a terminal is garbage on the screen and may leave it in a bad state.
    if (!output && process.stdout.isTTY && (format === 'xlsx' || format === 'parquet'))
      throw new UsageError(`--format ${format} is a binary file: write it with -o <file>.`);
    const link = (await bodyOf(
      client.GET('/exports/{dataset}/url', {
        params: {
          path: { dataset },
          query: {
            project_id: await context.projectId(),
            ...(website ? { website_id: website } : {}),
            ...(job ? { job_id: job } : {}),
            ...(format ? { format: format as ExportFormat } : {}),
          },
        },
      }),
    )) as { url: string };
    const response = await fetch(link.url);
    if (!response.ok || !response.body) throw new Error(`The export file answered ${response.status}.`);
    // Streamed chunk by chunk: an export may be larger than the memory of the machine running pds.
    const body = Readable.fromWeb(response.body as ReadableStream<Uint8Array>);
    // stdout is left open: ending it would shut down a socket it may share with the processes after
    // this one (a shell script run by a Node program writes them all to one socketpair).
    if (output) await pipeline(body, createWriteStream(output));
    else await pipeline(body, process.stdout, { end: false });
    if (output) process.stderr.write(`Wrote ${output}\n`);
    return 0;
  },
};
