import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';
import { ApiError, bodyOf, everyItem, type PdsClient } from '../functions/client/pds-client.ts';
import { formatQuote } from './format-quote.ts';
import { approveJob, findJob } from './jobs-api.ts';
import { withinLimit } from './spending-limit.ts';

type ToolResult = { content: { type: 'text'; text: string }[]; isError?: boolean };

const text = (value: unknown): ToolResult => ({
  content: [{ type: 'text', text: typeof value === 'string' ? value : JSON.stringify(value, null, 2) }],
});
const refusal = (message: string): ToolResult => ({ ...text(message), isError: true });

/** API errors become tool errors the assistant can read (status, code, detail), not protocol errors. */
async function tool(run: () => Promise<unknown>): Promise<ToolResult> {
  try {
    return text(await run());
  } catch (error) {
    if (error instanceof ApiError)
      return refusal(
        `Error ${error.problem.status} ${error.problem.code ?? ''}: ${error.problem.detail ?? ''}`,
      );
    return refusal((error as Error).message);
  }
}

const projectField = z.string().optional().describe('The project; default: the one pds uses');

/**
 * The service as MCP tools over stdio. Approvals spend credit, so the approve tool refuses any quote
 * above `maxApprove`, which only the user starting the server sets.
 */
export function mcpServer(
  client: PdsClient,
  defaultProject: string | undefined,
  maxApprove: string,
): McpServer {
  const server = new McpServer({ name: 'pds', version: '0.1.0' });
  const project = (given: string | undefined): string => {
    const chosen = given ?? defaultProject;
    if (!chosen) throw new Error('No default project: pass project_id.');
    return chosen;
  };

  server.registerTool('list_projects', { description: 'The projects the API key can see.' }, () =>
    tool(() => everyItem((cursor) => client.GET('/projects', { params: { query: { limit: 100, cursor } } }))),
  );
  server.registerTool(
    'list_websites',
    { description: 'The websites (shops) of a project.', inputSchema: { project_id: projectField } },
    ({ project_id }) =>
      tool(() =>
        everyItem((cursor) =>
          client.GET('/websites', {
            params: { query: { project_id: project(project_id), limit: 100, cursor } },
          }),
        ),
      ),
  );
  server.registerTool(
    'start_setup',
    {
      description:
        'Start a setup job: analyse a shop and add it to the project as a website. Free of approval.',
      inputSchema: {
        url: z.string().describe("The shop's home page"),
        country: z.string().describe("ISO country of the shop's market, e.g. DE"),
        currency: z.string().describe('ISO currency, e.g. EUR'),
        project_id: projectField,
      },
    },
    ({ url, country, currency, project_id }) =>
      tool(() =>
        bodyOf(
          client.POST('/jobs/setup', { body: { url, country, currency, project_id: project(project_id) } }),
        ),
      ),
  );
  server.registerTool(
    'start_scrape',
    {
      description: 'Create a scrape job of every product of a website; it waits for approval of its quote.',
      inputSchema: { website_id: z.string(), project_id: projectField },
    },
    ({ website_id, project_id }) =>
      tool(() =>
        bodyOf(client.POST('/jobs/scraping', { body: { project_id: project(project_id), website_id } })),
      ),
  );
  server.registerTool(
    'start_matching',
    {
      description:
        "Create a matching job: find the reference website's products on competitor websites. Waits for approval unless sample.",
      inputSchema: {
        reference_website_id: z.string(),
        competitor_website_ids: z.array(z.string()).min(1),
        sample: z.boolean().optional().describe('The free sample: the first 100 reference products'),
        project_id: projectField,
      },
    },
    ({ reference_website_id, competitor_website_ids, sample, project_id }) =>
      tool(() =>
        bodyOf(
          client.POST('/jobs/matching', {
            body: {
              project_id: project(project_id),
              reference_website_id,
              competitor_website_ids,
              sample: sample ?? false,
            },
          }),
        ),
      ),
  );
  server.registerTool(
    'get_job',
    {
      description: 'A job (setup, scrape or matching) with its status and progress.',
      inputSchema: { job_id: z.string() },
    },
    ({ job_id }) => tool(async () => (await findJob(client, job_id)).job),
  );
  server.registerTool(
    'approve_job',
    {
      description: `Approve a scrape or matching job's quote. Quotes above ${maxApprove} EUR are refused (the user's limit).`,
      inputSchema: { job_id: z.string() },
    },
    ({ job_id }) =>
      tool(async () => {
        const { kind, job } = await findJob(client, job_id);
        if (kind === 'setup') throw new Error('A setup job needs no approval.');
        if (job.status !== 'AWAITING_APPROVAL')
          throw new Error(`Job ${job_id} is ${job.status}, not awaiting approval.`);
        if (!job.estimate) throw new Error(`Job ${job_id} has no quote.`);
        if (!withinLimit(job.estimate.total, maxApprove))
          throw new Error(
            `Refused: the quote (${formatQuote(job.estimate)}) exceeds the approval limit of ${maxApprove} EUR ` +
              `set when this server was started. The user can approve it with: pds approve ${job_id}`,
          );
        return approveJob(client, kind, job_id);
      }),
  );
  server.registerTool(
    'get_export_rows',
    {
      description:
        'Rows of an export file (products, matches, price_comparison, price_history, price_changes) as objects with the raw values (its JSON Lines format, nothing formula-neutralised), first `limit` rows.',
      inputSchema: {
        dataset: z.enum(['products', 'matches', 'price_comparison', 'price_history', 'price_changes']),
        website_id: z
          .string()
          .optional()
          .describe("One website's file; required for matches and price_comparison"),
        job_id: z
          .string()
          .optional()
          .describe("A URL scrape job's products file: every URL sent with its url_result"),
        limit: z.number().int().min(1).max(1000).optional().describe('Default 100'),
        project_id: projectField,
      },
    },
    ({ dataset, website_id, job_id, limit, project_id }) =>
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
        const response = await fetch(link.url);
        if (!response.ok) throw new Error(`The export file answered ${response.status}.`);
        const lines = (await response.text()).split('\n').filter((line) => line !== '');
        return lines.slice(0, limit ?? 100).map((line) => JSON.parse(line) as Record<string, unknown>);
      }),
  );
  return server;
}

export async function serveMcp(client: PdsClient, defaultProject: string | undefined, maxApprove: string) {
  await mcpServer(client, defaultProject, maxApprove).connect(new StdioServerTransport());
}
