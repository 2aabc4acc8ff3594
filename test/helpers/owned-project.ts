import type { RunningStack } from '#local/start-stack';
import { type ApiClient, apiClient } from './api-client.ts';
import { pollJob } from './jobs.ts';
import { newCustomer, newProject, newUser } from './operator.ts';
import { startTestStack } from './test-stack.ts';

export interface OwnedProject {
  stack: RunningStack;
  customerId: string;
  owner: { userId: string; apiKey: string };
  projectId: string;
  /** The API as the owner. */
  api: ApiClient;
}

/**
 * The integration tests' common start: a stack (this file's own, unless one is given), a customer,
 * its OWNER and a project of the owner's, and the API as the owner.
 */
export async function startOwnedProject(
  options: { customerName?: string; stack?: RunningStack } = {},
): Promise<OwnedProject> {
  const stack = options.stack ?? (await startTestStack());
  const customerId = await newCustomer(options.customerName);
  const owner = await newUser(customerId, 'OWNER');
  const projectId = await newProject(customerId, owner.userId);
  return { stack, customerId, owner, projectId, api: apiClient(stack.baseUrl, owner.apiKey) };
}

/** Lands a website in the project: a setup job on the shop, run until it completes. Returns the job. */
export async function landWebsite(
  api: ApiClient,
  projectId: string,
  url: string,
  market: { country: string; currency: string },
) {
  const created = await api.post('/jobs/setup', { url, ...market, project_id: projectId });
  const { job } = await pollJob(api, `/jobs/setup/${created.body.job_id}`);
  if (job.status !== 'COMPLETED') throw new Error(`setup ended ${job.status}: ${job.error}`);
  return job;
}
