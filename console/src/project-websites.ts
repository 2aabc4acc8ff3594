import { allPages } from './all-pages.ts';
import { type Api, page } from './api.ts';

export interface ProjectWebsite {
  website_id: string;
  domain: string;
}

/** The API's largest page of websites. */
const WEBSITES_PAGE = 100;
/** More websites than any project of ours holds; a picker longer than this is no longer usable. */
const MOST_WEBSITES = 1_000;

/** The project's websites for the pages' website pickers: all of them, read page by page. */
export function projectWebsites(api: Api, projectId: string): Promise<ProjectWebsite[]> {
  return allPages(async (cursor) => {
    const next = await page(
      api.GET('/websites', {
        params: { query: { project_id: projectId, limit: WEBSITES_PAGE, ...(cursor ? { cursor } : {}) } },
      }),
    );
    return { items: next.items as unknown as ProjectWebsite[], next: next.next };
  }, MOST_WEBSITES);
}
