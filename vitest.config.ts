import { defineConfig } from 'vitest/config';
import SlowestFirstSequencer from './test/helpers/slowest-first-sequencer.ts';

export default defineConfig({
  test: {
    reporters: ['default', './test/helpers/summary-reporter.ts'],
    // Two workers finish together only if the longest files do not start last.
    sequence: { sequencer: SlowestFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          // The pds tests run the compiled command, built afresh from the sources.
          globalSetup: ['test/helpers/build-cli.ts'],
          include: [
            'functions/**/*.test.ts',
            'cli/**/*.test.ts',
            'console/*.test.ts',
            'test/unit/**/*.test.ts',
            'test/cdk/**/*.test.ts',
          ],
          testTimeout: 60_000,
          // Unit tests pass settings in; the one variable they share keeps the logs of failure paths quiet.
          env: { LOG_LEVEL: 'silent' },
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          globalSetup: ['test/helpers/build-cli.ts', 'test/helpers/global-engines.ts'],
          setupFiles: ['test/helpers/integration-env.ts'],
          // Integration files spend much of their time waiting (lane steps, crawl politeness, spawned
          // processes), and each has its own table, API port, shops and outbox (integration-env.ts), so
          // two run at once even on a two-core machine, where vitest would otherwise pick one. A
          // project with its own worker count needs a group of its own: it runs after the unit files.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // A poll waits for a page, a lane or a process to catch up; on a loaded two-core machine a
          // browser re-rendering a year of rows takes longer than the one-second default.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
