import { openCrawlProxy } from '#platform/crawl-proxy-seal';
import { projectStore } from '#projects/project-services';

/**
 * The proxy URL a crawl of the project goes through, undefined when the project has none. A proxy
 * that no longer opens (its sealing key was replaced) fails the work rather than crawl without it:
 * the user chose where the crawler's requests come from.
 */
export async function projectCrawlProxy(projectId: string): Promise<string | undefined> {
  const sealed = await projectStore.sealedCrawlProxy(projectId);
  if (sealed === null) return undefined;
  const url = await openCrawlProxy(projectId, sealed);
  if (url === null)
    throw new Error(`The crawl proxy of project ${projectId} cannot be opened; set crawl_proxy again`);
  return url;
}
