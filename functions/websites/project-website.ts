import { NotFound } from '#core/problem';
import type { Website } from './website.ts';
import { websiteStore } from './website-services.ts';

/** A website of the project, or 404 WEBSITE_NOT_FOUND for one of another project or none. */
export async function projectWebsite(projectId: string, websiteId: string): Promise<Website> {
  const website = await websiteStore.get(websiteId);
  if (website?.project_id !== projectId) throw NotFound('WEBSITE_NOT_FOUND', 'No such website.');
  return website;
}
