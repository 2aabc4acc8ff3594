import { type Route, routes } from '#platform/routes';

/** Matching request paths against the route table's templates (`/websites/{website_id}`). */
interface CompiledRoute {
  route: Route;
  pattern: RegExp;
  names: string[];
}

const compiled: CompiledRoute[] = routes.map((route) => {
  const names: string[] = [];
  const source = route.path.replace(/\{([a-z_]+)\}/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  return { route, pattern: new RegExp(`^${source}$`), names };
});

export interface RouteMatch {
  route: Route;
  /** Path parameters, percent-decoded as API Gateway passes them. */
  pathParameters: Record<string, string>;
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The route serving this method and path, or the methods the path is served under. */
export function matchRoute(method: string, path: string): RouteMatch | { allowed: Route['method'][] } {
  const candidates = compiled.filter((entry) => entry.pattern.test(path));
  const hit = candidates.find((entry) => entry.route.method === method);
  if (!hit) return { allowed: candidates.map((entry) => entry.route.method) };
  const values = hit.pattern.exec(path)?.slice(1) ?? [];
  return {
    route: hit.route,
    pathParameters: Object.fromEntries(hit.names.map((name, i) => [name, decode(values[i] ?? '')])),
  };
}
