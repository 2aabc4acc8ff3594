import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The layers of docs/architecture.md, lowest first: a module may import its own folder and any
 * lower layer, never a higher one, and the import map has no loop. The kernel and the runtime
 * platform are at the bottom, then the engines (pure libraries), the table's shared modules, the
 * capabilities in their dependency order, and the entries on top. `matching-model` is the matching
 * capability's records and its read port, which history, exports and jobs below `matching` read.
 */
const LAYERS: readonly (readonly string[])[] = [
  ['core'],
  ['platform'],
  ['crawl', 'match'],
  ['store'],
  ['matching-model'],
  ['projects'],
  ['accounts'],
  ['websites', 'contact'],
  ['history'],
  ['billing', 'exports'],
  ['webhooks'],
  ['jobs'],
  ['scraping', 'setup'],
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

const modulesUnder = (folder: string) =>
  execFileSync('git', ['ls-files', '-co', '--exclude-standard', folder], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((path) => path.endsWith('.ts') && !path.endsWith('.test.ts') && existsSync(join(root, path)));

const productionModules = modulesUnder('functions');

interface Import {
  target: string;
  /** `import type`: erased when compiled, so it orders layers but cannot make a runtime loop. */
  typeOnly: boolean;
  /** `import(…)`: loaded when the code naming it runs, not with the importing module. */
  dynamic: boolean;
}

/** Each module and the modules under functions/ it imports. */
const importsOf = (modules: readonly string[]) =>
  new Map(
    modules.map((path) => {
      const source = readFileSync(join(root, path), 'utf8');
      const imports = [...source.matchAll(specifier)].flatMap((match): Import[] => {
        const target = resolve(path, match[2] ?? match[3] ?? '');
        return target?.startsWith('functions/')
          ? [{ target, typeOnly: match[1] !== undefined, dynamic: match[3] !== undefined }]
          : [];
      });
      return [path, imports] as const;
    }),
  );

/** The import map: every production module under functions/ and the modules it imports. */
const importMap = importsOf(productionModules);

/** A capability's adapter: its DynamoDB or S3 side (`dynamo-*.ts`, `s3-*.ts`), not a wiring module. */
const adapter = (path: string) => {
  const name = path.split('/').at(-1) ?? '';
  return /^(dynamo|s3)-/.test(name) && !name.endsWith('-services.ts');
};
const wiring = (path: string) => path.endsWith('-services.ts');

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

  it('has no module outside the match engine importing anything of it but its face (match/index.ts), the bench but its face and training room', () => {
    const match = (path: string) => folderOf(path) === 'match';
    const face = 'functions/match/index.ts';
    const training = (path: string) => path.startsWith('functions/match/training/');
    const crossing = [...importMap, ...importsOf(modulesUnder('bench'))].flatMap(([from, imports]) =>
      match(from)
        ? []
        : imports
            .filter(
              ({ target }) =>
                match(target) && target !== face && !(from.startsWith('bench/') && training(target)),
            )
            .map(({ target }) => `${from} -> ${target}`),
    );
    expect(crossing).toEqual([]);
    expect(importMap.get('functions/matching/run-matching.ts')?.map(({ target }) => target)).toContain(face);
  });

  it("has no module outside a capability importing its adapter (dynamo-*.ts, s3-*.ts) but another adapter: use cases and entries take the capability's wiring", () => {
    const crossing = [...importMap].flatMap(([from, imports]) =>
      adapter(from)
        ? []
        : imports
            .filter(({ target }) => adapter(target) && folderOf(target) !== folderOf(from))
            .map(({ target }) => `${from} -> ${target}`),
    );
    expect(crossing).toEqual([]);
  });

  it("has no use case importing an adapter (dynamo-*.ts, s3-*.ts), even its own capability's: only its wiring (*-services.ts) and other adapters do", () => {
    const crossing = [...importMap].flatMap(([from, imports]) =>
      adapter(from) || wiring(from)
        ? []
        : imports.filter(({ target }) => adapter(target)).map(({ target }) => `${from} -> ${target}`),
    );
    expect(crossing).toEqual([]);
    expect(importMap.get('functions/jobs/job-services.ts')?.map(({ target }) => target)).toContain(
      'functions/jobs/dynamo-job-store.ts',
    );
  });

  it("keeps in store only the table's and the data bucket's shared mechanics: no capability's records, ports or adapters", () => {
    const mechanics = [
      'batch-write.ts', // writes of many items, retried while unprocessed
      'condition-failure.ts', // what a failed condition or a lost transaction looks like
      'data-bucket-services.ts', // the data bucket's wiring
      'data-bucket.ts', // the data bucket over a given bucket
      'dynamo-joint-write.ts', // a joint write's items, for the adapter whose transaction makes it
      'dynamo.ts', // the document client for an endpoint
      'held-work.ts', // work held for the sweeper to finish, of any kind
      'idempotency-records.ts', // the handler factory's Idempotency-Key records
      'joint-write.ts', // the opaque joint write and its refusal
      'keys.ts', // every key prefix, item key and partition read
      'object-store.ts', // the object store port the price history takes
      'query-all.ts', // a partition read to its end
      'query-page.ts', // newest-first pages
      'rate-limit-buckets.ts', // the handler factory's per-key token buckets
      'read-with-membership.ts', // an item read with the caller's membership
      'table-definition.ts', // the table's attributes and index, for CDK and the local stack
      'table-services.ts', // the table's wiring
      'window-slots.ts', // the slots of a rolling-window limit (setup slots, contact places)
    ];
    const inStore = productionModules
      .filter((path) => folderOf(path) === 'store')
      .map((path) => path.split('/').at(-1));
    expect(inStore.sort()).toEqual(mechanics);
  });

  it('has no module outside matching reading its items and objects: below it through MatchingReads, above it through its wiring', () => {
    const matchingStorage = [
      'functions/matching/dynamo-match-decisions.ts',
      'functions/matching/dynamo-pair-states.ts',
      'functions/matching/matching-shards.ts',
    ];
    const crossing = [...importMap].flatMap(([from, imports]) =>
      folderOf(from) === 'matching'
        ? []
        : imports
            .filter(({ target }) => matchingStorage.includes(target))
            .map(({ target }) => `${from} -> ${target}`),
    );
    expect(crossing).toEqual([]);
    expect(productionModules).toEqual(expect.arrayContaining(matchingStorage));
  });

  it("loads with the crawl engine's face neither the HTML parsers nor the site and learn rooms", () => {
    const loaded = new Set<string>();
    const load = (path: string) => {
      if (loaded.has(path)) return;
      loaded.add(path);
      for (const { target, typeOnly, dynamic } of importMap.get(path) ?? [])
        if (!typeOnly && !dynamic) load(target);
    };
    load('functions/crawl/index.ts');
    const heavy = [...loaded].filter(
      (path) =>
        ['functions/crawl/page/parse-html.ts', 'functions/crawl/page/read-page.ts'].includes(path) ||
        /^functions\/crawl\/(site|learn)\//.test(path),
    );
    expect(loaded.has('functions/crawl/net/fetcher.ts')).toBe(true);
    expect(heavy).toEqual([]);
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
    expect(targets('functions/store/window-slots.ts')).toContain('functions/store/table-services.ts');
  });
});
