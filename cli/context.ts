import { bodyOf, everyItem, type PdsClient, pdsClient } from '../functions/client/pds-client.ts';
import type { Membership, Project } from './api-shapes.ts';
import { type PdsConfig, readConfig } from './config.ts';
import { UsageError } from './usage-error.ts';

export type OptionValues = Record<string, string | boolean | (string | boolean)[] | undefined>;

/** What a command runs with: its parsed arguments and, on demand, the configured API client. */
export interface Context {
  values: OptionValues;
  positionals: string[];
  json: boolean;
  config(): Promise<PdsConfig>;
  client(): Promise<PdsClient>;
  /** --project, else the logged-in project, else the user's default (or only) project. */
  projectId(): Promise<string>;
  /** --customer, else the only customer of the user, else the first one they own or administer. */
  customerId(): Promise<string>;
  print(human: string, machine: unknown): void;
}

export function createContext(values: OptionValues, positionals: string[]): Context {
  let config: Promise<PdsConfig> | undefined;
  const context: Context = {
    values,
    positionals,
    json: values.json === true,
    config: () => {
      config ??= readConfig();
      return config;
    },
    client: async () => {
      const { base_url, api_key } = await context.config();
      return pdsClient({ baseUrl: base_url, apiKey: api_key });
    },
    projectId: async () => {
      if (typeof values.project === 'string') return values.project;
      const configured = (await context.config()).project_id;
      if (configured) return configured;
      const client = await context.client();
      const projects = (await everyItem((cursor) =>
        client.GET('/projects', { params: { query: { limit: 100, cursor } } }),
      )) as Project[];
      const chosen =
        projects.find((project) => project.is_default) ?? (projects.length === 1 ? projects[0] : undefined);
      if (chosen) return chosen.project_id;
      if (projects.length === 0) throw new UsageError('The key sees no project.');
      throw new UsageError('The key sees several projects and none is the default: pass --project <id>.');
    },
    customerId: async () => {
      if (typeof values.customer === 'string') return values.customer;
      const memberships = (await bodyOf((await context.client()).GET('/customers'))) as Membership[];
      const chosen =
        memberships.length === 1
          ? memberships[0]
          : memberships.find((membership) => membership.role === 'OWNER' || membership.role === 'ADMIN');
      if (!chosen) throw new UsageError('No customer to act for: pass --customer <id>.');
      return chosen.customer_id;
    },
    print: (human, machine) => {
      process.stdout.write(`${context.json ? JSON.stringify(machine, null, 2) : human}\n`);
    },
  };
  return context;
}
