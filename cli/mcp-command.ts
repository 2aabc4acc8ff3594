import type { Command } from './command.ts';
import { UsageError } from './usage-error.ts';

export const mcpCommand: Command = {
  name: 'mcp',
  usage: 'pds mcp [--max-approve <EUR amount>]',
  summary: 'serve the service to an AI assistant as an MCP server on stdio',
  options: { 'max-approve': { type: 'string' } },
  optionHelp: ['--max-approve the highest quote the approve tool accepts (default 0.00: approves nothing)'],
  run: async (context) => {
    const limit = typeof context.values['max-approve'] === 'string' ? context.values['max-approve'] : '0.00';
    if (!/^\d+(\.\d{1,2})?$/.test(limit))
      throw new UsageError(`--max-approve ${limit} is not an amount like 20.00.`);
    const { serveMcp } = await import('./mcp-server.ts');
    await serveMcp(await context.client(), await context.projectId().catch(() => undefined), limit);
    return 0;
  },
};
