import type { Command } from './command.ts';
import { UsageError } from './usage-error.ts';
import { PDS_VERSION } from './version.ts';

export const mcpCommand: Command = {
  name: 'mcp',
  usage: 'pds mcp [--max-approve <EUR amount>]',
  summary: 'serve the service to an AI assistant as an MCP server on stdio',
  options: { 'max-approve': { type: 'string' } },
  optionHelp: [
    '--max-approve the most one approval may charge, EUR: quotes whose cap (125 % of the total) is',
    '              higher are refused (default 0.00: approves nothing)',
  ],
  run: async (context) => {
    const limit = typeof context.values['max-approve'] === 'string' ? context.values['max-approve'] : '0.00';
    if (!/^\d+(\.\d{1,2})?$/.test(limit))
      throw new UsageError(`--max-approve ${limit} is not an amount like 20.00.`);
    // Loaded on demand: the MCP SDK is the largest part of pds, and only this command needs it.
    const { serveMcp } = await import('./mcp-server.ts');
    await serveMcp({
      client: await context.client(),
      defaultProject: await context.projectId().catch(() => undefined),
      customerId: context.customerId,
      maxApprove: limit,
      version: PDS_VERSION,
    });
    return 0;
  },
};
