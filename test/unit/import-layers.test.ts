import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The layers of docs/architecture.md, lowest first: a module may import its own folder and any
 * lower layer, never a higher one, and the import map has no loop. The kernel and the runtime
 * platform are at the bottom, then the engines (pure libraries), the table's shared modules, the
 * capabilities in their dependency order, and the entries on top.
 */
const LAYERS: readonly (readonly string[])[] = [
  ['core'],
  ['platform'],
  ['crawl', 'match'],
  ['store'],
  ['projects'],
  ['accounts'],
  ['websites'],
  ['history'],
  ['billing', 'exports'],
  ['webhooks'],
  ['jobs'],
  ['scraping', 'setup'],
  ['access'],
  ['matching'],
  ['schedules'],
  ['tasks', 'http', 'admin', 'client'],
];

/** The engines: libraries that share a layer but import neither each other nor the store. */
const ENGINES = ['crawl', 'match'];

const root = fileURLToPath(new URL('../../', import.meta.url));
const aliases = Object.entries(
  JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).imports as Record<string, string>,
).map(([alias, target]) => [alias.replace('*', ''), normalize(target.replace('*.ts', ''))] as const);

const specifier =
  /(?:^|\n)\s*(?:import|export)\b(\s+type\b)?[^;]*?\bfrom\s+'([^']+)'|\bimport\(\s*'([^']+)'\s*\)/g;

/** The repository path a specifier names, or undefined for a package. */
function resolve(importer: string, spec: string): string | undefined {
  if (spec.startsWith('.')) return normalize(join(dirname(importer), spec));
  const alias = aliases.find(([prefix]) => spec.startsWith(prefix));
  return alias ? `${alias[1]}${spec.slice(alias[0].length)}.ts` : undefined;
}

const productionModules = execFileSync('git', ['ls-files', '-co', '--exclude-standard', 'functions'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter((path) => path.endsWith('.ts') && !path.endsWith('.test.ts') && existsSync(join(root, path)));

interface Import {
  target: string;
  /** `import type`: erased when compiled, so it orders layers but cannot make a runtime loop. */
  typeOnly: boolean;
}

/** The import map: every production module under functions/ and the modules it imports. */
const importMap = new Map(
  productionModules.map((path) => {
    const source = readFileSync(join(root, path), 'utf8');
    const imports = [...source.matchAll(specifier)].flatMap((match): Import[] => {
      const target = resolve(path, match[2] ?? match[3] ?? '');
      return target?.startsWith('functions/') ? [{ target, typeOnly: match[1] !== undefined }] : [];
    });
    return [path, imports] as const;
  }),
);

const folderOf = (path: string) => path.split('/')[1] ?? '';
const layerOf = (path: string) => LAYERS.findIndex((layer) => layer.includes(folderOf(path)));

/** One loop per strongly connected component with more than one module (Tarjan). */
function importLoops(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const loops: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node) as number);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) as number, index.get(next) as number));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) loops.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return loops;
}

describe('the import map', () => {
  it('knows the layer of every folder under functions/', () => {
    const unplaced = [...new Set(productionModules.map(folderOf))].filter(
      (folder) => !LAYERS.some((layer) => layer.includes(folder)),
    );
    expect(unplaced).toEqual([]);
  });

  it('has no import from a lower layer to a higher one', () => {
    const upward = [...importMap].flatMap(([from, imports]) =>
      imports
        .filter(({ target }) => layerOf(target) > layerOf(from))
        .map(({ target }) => `${from} -> ${target}`),
    );
    expect(upward).toEqual([]);
  });

  it('has no engine importing another engine or the store', () => {
    const crossing = [...importMap].flatMap(([from, imports]) =>
      ENGINES.includes(folderOf(from))
        ? imports
            .filter(({ target }) => folderOf(target) !== folderOf(from))
            .filter(({ target }) => [...ENGINES, 'store'].includes(folderOf(target)))
            .map(({ target }) => `${from} -> ${target}`)
        : [],
    );
    expect(crossing).toEqual([]);
  });

  it("has no module outside an engine's training room importing it", () => {
    const training = (path: string) => path.startsWith('functions/match/training/');
    const crossing = [...importMap].flatMap(([from, imports]) =>
      training(from)
        ? []
        : imports.filter(({ target }) => training(target)).map(({ target }) => `${from} -> ${target}`),
    );
    expect(crossing).toEqual([]);
  });

  it('has no module outside an engine importing anything of crawl but its face (crawl/index.ts)', () => {
    const crawl = (path: string) => folderOf(path) === 'crawl';
    const crossing = [...importMap].flatMap(([from, imports]) =>
      crawl(from)
        ? []
        : imports
            .filter(({ target }) => crawl(target) && target !== 'functions/crawl/index.ts')
            .map(({ target }) => `${from} -> ${target}`),
    );
    expect(crossing).toEqual([]);
  });

  it('has no import loop at run time', () => {
    const valueImports = new Map(
      [...importMap].map(([from, imports]) => [
        from,
        imports.filter(({ typeOnly }) => !typeOnly).map(({ target }) => target),
      ]),
    );
    expect(importLoops(valueImports)).toEqual([]);
  });

  it('sees imports written either way (alias and relative)', () => {
    const targets = (path: string) => importMap.get(path)?.map(({ target }) => target);
    expect(targets('functions/scraping/run-scrape.ts')).toContain('functions/core/pricing.ts');
    expect(targets('functions/store/matching-runs.ts')).toContain('functions/store/table-services.ts');
  });
});
