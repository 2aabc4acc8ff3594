import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { ApiError, bodyOf, everyItem, type PdsClient } from '../functions/client/pds-client.ts';
import { DATASETS } from './export-command.ts';
import { formatQuote } from './format-quote.ts';
import { approveJob, cancelJob, findJob, JOB_KINDS, listJobs } from './jobs-api.ts';
import { readJsonLinesRange } from './json-lines-range.ts';
import {
  balanceSchema,
  changeSchema,
  exportFileSchema,
  exportRowsSchema,
  historySchema,
  jobSchema,
  matchDecisionSchema,
  nextCursor,
  projectSchema,
  usageSchema,
  websiteSchema,
} from './mcp-schemas.ts';
import { withinLimit } from './spending-limit.ts';

type ToolResult = {
  content: { type: 'text'; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
};

/** The answer as structured content, and as its JSON text for clients that read only text. */
const structured = (value: Record<string, unknown>): ToolResult => ({
  content: [{ type: 'text', text: JSON.stringify(value, null, 2) }],
  structuredContent: value,
});
const refusal = (message: string): ToolResult => ({
  content: [{ type: 'text', text: message }],
  isError: true,
});

/** API errors become tool errors the assistant can read (status, code, detail, fields), not protocol errors. */
async function tool(run: () => Promise<Record<string, unknown>>): Promise<ToolResult> {
  try {
    return structured(await run());
  } catch (error) {
    if (error instanceof ApiError) {
      const { status, code, detail, errors } = error.problem;
      const fields = (errors ?? []).map((field) => `\n- ${field.path}: ${field.message}`).join('');
      return refusal(`Error ${status} ${code ?? ''}: ${detail ?? ''}${fields}`);
    }
    return refusal((error as Error).message);
  }
}

// Annotations tell a client which tools only read, which change things and which spend credit.
const READS: ToolAnnotations = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
};
const CREATES: ToolAnnotations = {
  readOnlyHint: false,
  destructiveHint: false,
  idempotentHint: false,
  openWorldHint: true,
};
const SPENDS: ToolAnnotations = {
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: true,
  openWorldHint: true,
};
const STOPS: ToolAnnotations = {
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: true,
  openWorldHint: false,
};

const projectField = z.string().optional().describe('The project (prj_…); default: the one pds uses');
const customerField = z
  .string()
  .optional()
  .describe('The customer (cus_…); default: your only one, else the first you own or administer');
const cursorField = z.string().optional().describe('next_cursor of the page before');

/** One page of a list and the cursor of the next, from its X-Next-Cursor header. */
async function onePage<T>(
  call: Promise<{ data?: T[]; error?: unknown; response: Response }>,
): Promise<{ items: T[]; next_cursor: string | null }> {
  const { response } = await call;
  const items = (await bodyOf(call)) as T[];
  return { items, next_cursor: response.headers.get('x-next-cursor') };
}

export interface McpSettings {
  client: PdsClient;
  /** The project tools act on when the assistant names none. */
  defaultProject: string | undefined;
  customerId: () => Promise<string>;
  /** The most one approval may charge, EUR: a quote whose cap is higher is refused. */
  maxApprove: string;
  version: string;
}

/**
 * The service as MCP tools over stdio. An approval can charge up to its quote's cap, so the approve
 * tool refuses any quote whose cap is above `maxApprove`, which only the user starting the server sets.
 */
export function mcpServer({
  client,
  defaultProject,
  customerId,
  maxApprove,
  version,
}: McpSettings): McpServer {
  const server = new McpServer({ name: 'pds', version });
  const project = (given: string | undefined): string => {
    const chosen = given ?? defaultProject;
    if (!chosen) throw new Error('No default project: pass project_id.');
    return chosen;
  };
  const customer = async (given: string | undefined): Promise<string> => given ?? customerId();

  server.registerTool(
    'list_projects',
    {
      title: 'List projects',
      description: 'The projects the API key can see.',
      annotations: READS,
      outputSchema: { projects: z.array(projectSchema) },
    },
    () =>
      tool(async () => ({
        projects: await everyItem((cursor) =>
          client.GET('/projects', { params: { query: { limit: 100, cursor } } }),
        ),
      })),
  );
  server.registerTool(
    'list_websites',
    {
      title: 'List websites',
      description: 'The websites (shops) of a project, each with its web_… id.',
      inputSchema: { project_id: projectField },
      annotations: READS,
      outputSchema: { websites: z.array(websiteSchema) },
    },
    ({ project_id }) =>
      tool(async () => ({
        websites: await everyItem((cursor) =>
          client.GET('/websites', {
            params: { query: { project_id: project(project_id), limit: 100, cursor } },
          }),
        ),
      })),
  );
  server.registerTool(
    'start_setup',
    {
      title: 'Add a shop (setup job)',
      description:
        'Start a setup job: analyse a shop and add it to the project as a website. Needs no approval; ' +
        "the first 3 setups of a month are free, later ones charge the customer's setup fee when the website lands.",
      inputSchema: {
        url: z.string().describe("The shop's home page"),
        country: z.string().describe("ISO country of the shop's market, e.g. DE"),
        currency: z.string().describe('ISO currency, e.g. EUR'),
        project_id: projectField,
      },
      annotations: CREATES,
      outputSchema: jobSchema,
    },
    ({ url, country, currency, project_id }) =>
      tool(
        async () =>
          (await bodyOf(
            client.POST('/jobs/setup', { body: { url, country, currency, project_id: project(project_id) } }),
          )) as Record<string, unknown>,
      ),
  );
  server.registerTool(
    'start_scrape',
    {
      title: 'Create a scrape job',
      description:
        'Create a scrape job of every product of a website, or of the given product URLs only; it waits ' +
        'for approval of its quote (approve_job) and spends nothing until then.',
      inputSchema: {
        website_id: z.string(),
        urls: z.array(z.string()).min(1).optional().describe('Only these product URLs of the website'),
        project_id: projectField,
      },
      annotations: CREATES,
      outputSchema: jobSchema,
    },
    ({ website_id, urls, project_id }) =>
      tool(
        async () =>
          (await bodyOf(
            client.POST('/jobs/scraping', {
              body: { project_id: project(project_id), website_id, ...(urls ? { urls } : {}) },
            }),
          )) as Record<string, unknown>,
      ),
  );
  server.registerTool(
    'start_matching',
    {
      title: 'Create a matching job',
      description:
        "Create a matching job: find the reference website's products on competitor websites. Waits for approval unless sample (free, runs at once).",
      inputSchema: {
        reference_website_id: z.string(),
        competitor_website_ids: z.array(z.string()).min(1),
        sample: z.boolean().optional().describe('The free sample: the first 100 reference products'),
        project_id: projectField,
      },
      annotations: CREATES,
      outputSchema: jobSchema,
    },
    ({ reference_website_id, competitor_website_ids, sample, project_id }) =>
      tool(
        async () =>
          (await bodyOf(
            client.POST('/jobs/matching', {
              body: {
                project_id: project(project_id),
                reference_website_id,
                competitor_website_ids,
                sample: sample ?? false,
              },
            }),
          )) as Record<string, unknown>,
      ),
  );
  server.registerTool(
    'get_job',
    {
      title: 'Read a job',
      description: 'A job (setup, scrape or matching) with its status, progress, quote and settlement.',
      inputSchema: { job_id: z.string() },
      annotations: READS,
      outputSchema: jobSchema,
    },
    ({ job_id }) => tool(async () => (await findJob(client, job_id)).job as Record<string, unknown>),
  );
  server.registerTool(
    'list_jobs',
    {
      title: 'List jobs',
      description: "The project's jobs, newest first: the newest `limit` of each kind asked for.",
      inputSchema: {
        kind: z.enum(JOB_KINDS).optional().describe('Only this lane; default: all three'),
        limit: z.number().int().min(1).max(100).optional().describe('Jobs of each kind; default 20'),
        project_id: projectField,
      },
      annotations: READS,
      outputSchema: { jobs: z.array(jobSchema) },
    },
    ({ kind, limit, project_id }) =>
      tool(async () => ({
        jobs: await listJobs(client, project(project_id), { kinds: kind ? [kind] : JOB_KINDS, limit }),
      })),
  );
  server.registerTool(
    'approve_job',
    {
      title: 'Approve a quote (spends credit)',
      description:
        "Approve a scrape or matching job's quote. An approval holds the quote's cap and can charge up to it, " +
        `so a quote whose cap is above ${maxApprove} EUR is refused (the limit the user set).`,
      inputSchema: { job_id: z.string() },
      annotations: SPENDS,
      outputSchema: jobSchema,
    },
    ({ job_id }) =>
      tool(async () => {
        const { kind, job } = await findJob(client, job_id);
        if (kind === 'setup') throw new Error('A setup job needs no approval.');
        if (job.status !== 'AWAITING_APPROVAL')
          throw new Error(`Job ${job_id} is ${job.status}, not awaiting approval.`);
        if (!job.estimate) throw new Error(`Job ${job_id} has no quote.`);
        if (!withinLimit(job.estimate.cap, maxApprove))
          throw new Error(
            `Refused: this approval can charge up to the quote's cap of ${job.estimate.cap} EUR ` +
              `(${formatQuote(job.estimate)}), which exceeds the approval limit of ${maxApprove} EUR ` +
              `set when this server was started. The user can approve it with: pds approve ${job_id}`,
          );
        return (await approveJob(client, kind, job_id)) as Record<string, unknown>;
      }),
  );
  server.registerTool(
    'cancel_job',
    {
      title: 'Cancel a job',
      description:
        'Cancel a job that has not ended: an unapproved job costs nothing; a running one is charged only for what it delivered.',
      inputSchema: { job_id: z.string() },
      annotations: STOPS,
      outputSchema: jobSchema,
    },
    ({ job_id }) => tool(async () => (await cancelJob(client, job_id)) as Record<string, unknown>),
  );
  server.registerTool(
    'get_balance',
    {
      title: 'Read the credit balance',
      description: 'The prepaid EUR credit: balance, held by approved jobs, and spendable.',
      inputSchema: { customer_id: customerField },
      annotations: READS,
      outputSchema: balanceSchema,
    },
    ({ customer_id }) =>
      tool(
        async () =>
          (await bodyOf(
            client.GET('/customers/{customer_id}/billing/balance', {
              params: { path: { customer_id: await customer(customer_id) } },
            }),
          )) as Record<string, unknown>,
      ),
  );
  server.registerTool(
    'get_usage',
    {
      title: 'Read the charges of a month',
      description:
        "The customer's charges in a billing month (Europe/Prague): its total and one page of items.",
      inputSchema: {
        month: z
          .string()
          .regex(/^\d{4}-\d{2}$/)
          .optional()
          .describe('YYYY-MM; default: this month'),
        cursor: cursorField,
        customer_id: customerField,
      },
      annotations: READS,
      outputSchema: z.looseObject({ ...usageSchema.shape, next_cursor: nextCursor }),
    },
    ({ month, cursor, customer_id }) =>
      tool(async () => {
        const call = client.GET('/customers/{customer_id}/billing/usage', {
          params: {
            path: { customer_id: await customer(customer_id) },
            query: { ...(month ? { month } : {}), ...(cursor ? { cursor } : {}) },
          },
        });
        const usage = (await bodyOf(call)) as Record<string, unknown>;
        return { ...usage, next_cursor: (await call).response.headers.get('x-next-cursor') };
      }),
  );
  server.registerTool(
    'list_exports',
    {
      title: 'List export files',
      description:
        "The project's export files (dataset, website, format, rows, bytes); read one with get_export_rows.",
      inputSchema: { project_id: projectField },
      annotations: READS,
      outputSchema: { exports: z.array(exportFileSchema) },
    },
    ({ project_id }) =>
      tool(async () => ({
        exports: (await bodyOf(
          client.GET('/exports', { params: { query: { project_id: project(project_id) } } }),
        )) as Record<string, unknown>[],
      })),
  );
  server.registerTool(
    'get_export_rows',
    {
      title: 'Read rows of an export file',
      description:
        'Rows of an export file as objects with the raw values (its JSON Lines format, nothing formula-neutralised): ' +
        '`limit` rows from `offset`. Only the bytes of those rows are fetched (range reads), whatever the size of the file.',
      inputSchema: {
        dataset: z.enum(DATASETS),
        website_id: z
          .string()
          .optional()
          .describe("One website's file; required for matches and price_comparison"),
        job_id: z
          .string()
          .optional()
          .describe("A URL scrape job's products file: every URL sent with its url_result"),
        limit: z.number().int().min(1).max(1000).optional().describe('Default 100'),
        offset: z.number().int().min(0).optional().describe('next_offset of the call before; default 0'),
        project_id: projectField,
      },
      annotations: READS,
      outputSchema: exportRowsSchema,
    },
    ({ dataset, website_id, job_id, limit, offset, project_id }) =>
      tool(async () => {
        const link = (await bodyOf(
          client.GET('/exports/{dataset}/url', {
            params: {
              path: { dataset },
              query: {
                project_id: project(project_id),
                ...(website_id ? { website_id } : {}),
                ...(job_id ? { job_id } : {}),
                format: 'jsonl',
              },
            },
          }),
        )) as { url: string };
        return { ...(await readJsonLinesRange(link.url, { start: offset ?? 0, limit: limit ?? 100 })) };
      }),
  );
  server.registerTool(
    'get_price_history',
    {
      title: "Read a product's price history",
      description:
        "A product's price and stock as each scrape of its website saw it. Name it by product_id or product_url.",
      inputSchema: {
        website_id: z.string(),
        product_id: z.string().optional().describe('prd_… as changes and history show it'),
        product_url: z.string().optional(),
        from: z.string().optional().describe('ISO 8601 date-time, included'),
        to: z.string().optional().describe('ISO 8601 date-time, included'),
      },
      annotations: READS,
      outputSchema: historySchema,
    },
    ({ website_id, product_id, product_url, from, to }) =>
      tool(
        async () =>
          (await bodyOf(
            client.GET('/websites/{website_id}/products/history', {
              params: {
                path: { website_id },
                query: Object.fromEntries(
                  Object.entries({ product_id, product_url, from, to }).filter(([, value]) => value),
                ),
              },
            }),
          )) as Record<string, unknown>,
      ),
  );
  server.registerTool(
    'list_changes',
    {
      title: 'List price and stock changes',
      description:
        'What moved between whole scrapes (price up or down, out of or back in stock, products new or gone), oldest first from `since`.',
      inputSchema: {
        since: z.string().optional().describe('ISO 8601 date-time'),
        website_id: z.string().optional(),
        kind: z
          .enum(['PRICE_DOWN', 'PRICE_UP', 'OUT_OF_STOCK', 'BACK_IN_STOCK', 'NEW_PRODUCT', 'PRODUCT_GONE'])
          .optional(),
        min_change_percent: z
          .string()
          .optional()
          .describe("Hide price moves below this percentage; default the project's threshold, 0: every move"),
        limit: z.number().int().min(1).max(100).optional(),
        cursor: cursorField,
        project_id: projectField,
      },
      annotations: READS,
      outputSchema: { changes: z.array(changeSchema), next_cursor: nextCursor },
    },
    ({ project_id, ...query }) =>
      tool(async () => {
        const page = await onePage(
          client.GET('/projects/{project_id}/changes', {
            params: {
              path: { project_id: project(project_id) },
              query: Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined)),
            },
          }),
        );
        return { changes: page.items, next_cursor: page.next_cursor };
      }),
  );
  server.registerTool(
    'list_match_decisions',
    {
      title: 'List match review decisions',
      description:
        "The project's match review: pairs accepted, rejected or added by hand, newest first. The proposed matches are rows of get_export_rows with dataset matches.",
      inputSchema: { cursor: cursorField, project_id: projectField },
      annotations: READS,
      outputSchema: { decisions: z.array(matchDecisionSchema), next_cursor: nextCursor },
    },
    ({ cursor, project_id }) =>
      tool(async () => {
        const page = await onePage(
          client.GET('/projects/{project_id}/match-decisions', {
            params: { path: { project_id: project(project_id) }, query: cursor ? { cursor } : {} },
          }),
        );
        return { decisions: page.items, next_cursor: page.next_cursor };
      }),
  );
  return server;
}

export async function serveMcp(settings: McpSettings): Promise<void> {
  await mcpServer(settings).connect(new StdioServerTransport());
}
