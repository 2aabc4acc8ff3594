import { openText, sealText } from './sealed-text.ts';
import { readSecrets } from './secrets.ts';

const PURPOSE = 'crawl-proxy';

async function proxyKey(): Promise<string> {
  const { CRAWL_PROXY_KEY } = await readSecrets(['CRAWL_PROXY_KEY']);
  if (!CRAWL_PROXY_KEY) throw new Error('No crawl-proxy sealing key is configured (CRAWL_PROXY_KEY)');
  return CRAWL_PROXY_KEY;
}

/** A project's proxy URL (with its credentials) as the project item keeps it: sealed for that project. */
export async function sealCrawlProxy(projectId: string, url: string): Promise<string> {
  return sealText(await proxyKey(), PURPOSE, projectId, url);
}

/** The project's proxy URL, or null when the sealed value does not open (the key was replaced). */
export async function openCrawlProxy(projectId: string, sealed: string): Promise<string | null> {
  return openText(await proxyKey(), PURPOSE, projectId, sealed);
}
