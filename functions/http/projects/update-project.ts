import * as v from 'valibot';
import { sealCrawlProxy } from '#platform/crawl-proxy-seal';
import { displayName, id, localizationInput } from '#platform/request-fields';
import { authorizedProject } from '#projects/authorized-project';
import { readCrawlProxy } from '#projects/crawl-proxy';
import { localize } from '#projects/localization';
import { projectStore } from '#projects/project-services';
import { http } from '../http.ts';
import { project } from './project-responses.ts';

const path = v.object({ project_id: id });

/** The proxy URL, read into its host and full URL; a refusal says why without repeating the URL. */
const crawlProxy = v.pipe(
  v.string('Must be the proxy URL (http://user:password@host:port), or null to remove it.'),
  v.description(
    'The HTTP(S) proxy every crawl of the project goes through: http(s)://[user:password@]host[:port]. Kept encrypted, never shown again; null removes it.',
  ),
  v.examples(['http://crawler:s3cret@proxy.example:3128']),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const read = readCrawlProxy(dataset.value);
    if ('reason' in read) {
      addIssue({ message: read.reason });
      return NEVER;
    }
    return read;
  }),
);
const body = v.optional(
  v.strictObject({
    name: v.optional(v.nullable(displayName)),
    localization: v.optional(v.nullable(localizationInput)),
    change_threshold_percent: v.optional(v.nullable(v.pipe(v.number(), v.minValue(0), v.maxValue(1000)))),
    auto_accept_confidence: v.optional(v.nullable(v.pipe(v.number(), v.minValue(0), v.maxValue(1)))),
    crawl_proxy: v.optional(v.nullable(crawlProxy)),
  }),
  {},
);

export const handler = http(
  { path, body, responses: { 200: project } },
  async ({ guard, path, body, answer }) => {
    const project = await authorizedProject(guard, path.project_id);
    const { localization, crawl_proxy: proxy } = body;
    // A null name leaves the name as it is: a project always has one.
    const updated = await projectStore.update(project.project_id, {
      name: body.name ?? undefined,
      localization: localization ? localize(localization.country, localization.currency) : localization,
      changeThresholdPercent: body.change_threshold_percent,
      autoAcceptConfidence: body.auto_accept_confidence,
      crawlProxy: proxy
        ? { host: proxy.host, sealed: await sealCrawlProxy(project.project_id, proxy.url) }
        : proxy,
    });
    return answer(200, updated);
  },
);
