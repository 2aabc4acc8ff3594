interface Shape {
  segments: string[];
  trailingSlash: boolean;
  extension: string;
}

/**
 * A regular expression over the path that matches the given product pages: paths are grouped by
 * shape (segment count, trailing slash, extension); a segment all paths of a group share stays
 * literal, any other becomes a wildcard. Shapes with few paths (one-off pages) are left out.
 */
export function learnUrlPattern(paths: readonly string[]): string | null {
  const groups = new Map<string, Shape[]>();
  for (const path of paths) {
    const shape = shapeOf(path);
    const key = `${shape.segments.length}|${shape.trailingSlash}|${shape.extension}`;
    const group = groups.get(key);
    if (group) group.push(shape);
    else groups.set(key, [shape]);
  }
  const alternatives: string[] = [];
  for (const shapes of [...groups.values()].sort((a, b) => b.length - a.length)) {
    if (shapes.length < Math.max(2, paths.length * 0.05) && alternatives.length > 0) continue;
    const first = shapes[0] as Shape;
    const parts = first.segments.map((segment, index) => {
      const last = index === first.segments.length - 1;
      if (shapes.every((shape) => shape.segments[index] === segment) && shapes.length > 1)
        return escapeRegExp(segment);
      return last && first.extension ? `[^/]+${escapeRegExp(first.extension)}` : '[^/]+';
    });
    alternatives.push(`/${parts.join('/')}${first.trailingSlash && parts.length ? '/' : ''}`);
  }
  if (alternatives.length === 0) return null;
  return `^(?:${[...new Set(alternatives)].join('|')})$`;
}

function shapeOf(path: string): Shape {
  const trailingSlash = path.endsWith('/');
  const segments = path.split('/').filter(Boolean);
  const last = segments.at(-1) ?? '';
  const extension = /\.[a-z0-9]{2,5}$/i.exec(last)?.[0] ?? '';
  return { segments, trailingSlash, extension };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
