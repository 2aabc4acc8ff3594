import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest, longest first (measured one by one, issue 32). Vitest runs the files it
 * has timings for longest first, but a fresh clone (CI after `npm ci`) has none, and it then runs
 * larger files first: the README walk-through, small and the slowest, started 31st of 46 and ran on
 * alone at the end while the other worker sat idle.
 */
export const SLOWEST_FILES = [
  'test/integration/readme-walkthrough.test.ts',
  'test/integration/pds-cli.test.ts',
  'test/integration/browser-shops.test.ts',
  'test/integration/pds-mcp.test.ts',
  'test/integration/restart-recovery.test.ts',
  'test/integration/dev-server-and-admin-cli.test.ts',
  'functions/crawl/engine-on-test-shops.test.ts',
];

/** Vitest's own order, with the slowest files moved to the front of their project's group. */
export default class SlowestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const groups = [...new Set(sorted.map((file) => file.project.name))];
    const rank = (file: TestSpecification) => {
      const index = SLOWEST_FILES.indexOf(relative(this.ctx.config.root, file.moduleId));
      return index === -1 ? SLOWEST_FILES.length : index;
    };
    // Array sort is stable: files outside the list keep vitest's order.
    return sorted.sort(
      (a, b) => groups.indexOf(a.project.name) - groups.indexOf(b.project.name) || rank(a) - rank(b),
    );
  }
}
