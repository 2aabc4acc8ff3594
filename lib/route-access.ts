import type { Access } from '#platform/routes';
import { type Route, routeKey, routes } from '#platform/routes';

/** What one route's Lambda may touch: the route table's access column, as the stack grants it. */
export interface RouteAccess {
  table: Access;
  /** Read-only routes behind an API key may still stamp the key's `last_used_at`. */
  stampsApiKeyUse: boolean;
  dataBucket: Access | undefined;
  exportsBucket: Access | undefined;
  /** The lanes (ASL file names) whose executions the route starts and stops (RW) or reads (RO). */
  lanes: { names: readonly string[] | 'ALL'; access: Access } | undefined;
  payments: boolean;
  /** Sends mail to the sales or support team. */
  mail: boolean;
  /** Renders invoice PDFs, so its bundle needs the fonts they embed. */
  invoiceFonts: boolean;
  /** Serves the docs page, so its bundle needs the Swagger UI files the page embeds. */
  docsAssets: boolean;
  /** Seals a project's crawl proxy with the stage's crawl-proxy key. */
  crawlProxyKey: boolean;
}

export function routeAccess(route: Route): RouteAccess {
  const { access } = route;
  return {
    table: access.table,
    stampsApiKeyUse: route.auth === 'API_KEY' && access.table === 'RO',
    dataBucket: access.data,
    exportsBucket: access.exports,
    lanes: access.lanes,
    payments: access.payments === true,
    mail: access.mail === true,
    invoiceFonts: access.invoiceFonts === true,
    docsAssets: access.docsAssets === true,
    crawlProxyKey: access.crawlProxyKey === true,
  };
}

/** GET routes that change state by design (the table says why); every other GET is read-only. */
export const WRITING_GETS: ReadonlySet<string> = new Set(
  routes.filter((route) => route.method === 'GET' && route.access.table === 'RW').map(routeKey),
);
