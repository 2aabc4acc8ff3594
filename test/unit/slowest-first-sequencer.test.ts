import { describe, expect, it } from 'vitest';
import type { TestSpecification, Vitest } from 'vitest/node';
import SlowestFirstSequencer from '../helpers/slowest-first-sequencer.ts';

const ROOT = '/repo';

/** A file of a project as vitest hands it to a sequencer, with the size a fresh clone knows it by. */
function file(project: { name: string; groupOrder: number }, path: string, size: number) {
  return {
    moduleId: `${ROOT}/${path}`,
    size,
    project: { name: project.name, config: { isolate: true, sequence: { groupOrder: project.groupOrder } } },
  };
}

describe('the slowest-first sequencer', () => {
  it('starts the slowest files of each group first, keeping the groups and, otherwise, vitest’s order', async () => {
    const unit = { name: 'unit', groupOrder: 0 };
    const integration = { name: 'integration', groupOrder: 1 };
    const files = [
      file(integration, 'test/integration/big.test.ts', 27_000),
      file(integration, 'test/integration/readme-walkthrough.test.ts', 5_700),
      file(unit, 'functions/crawl/engine-on-test-shops.test.ts', 5_000),
      file(integration, 'test/integration/small.test.ts', 1_400),
      file(integration, 'test/integration/pds-cli.test.ts', 15_000),
      file(unit, 'cli/config.test.ts', 9_000),
    ];
    // No timings: a fresh clone, where vitest knows only the files' sizes.
    const ctx = {
      config: { root: ROOT },
      cache: {
        getFileTestResults: () => undefined,
        getFileStats: (key: string) => files.find((f) => key.endsWith(f.moduleId.slice(ROOT.length + 1))),
      },
    } as unknown as Vitest;

    const sorted = await new SlowestFirstSequencer(ctx).sort(files as unknown as TestSpecification[]);

    expect(sorted.map((spec) => spec.moduleId.slice(ROOT.length + 1))).toEqual([
      'functions/crawl/engine-on-test-shops.test.ts',
      'cli/config.test.ts',
      'test/integration/readme-walkthrough.test.ts',
      'test/integration/pds-cli.test.ts',
      'test/integration/big.test.ts',
      'test/integration/small.test.ts',
    ]);
  });
});
