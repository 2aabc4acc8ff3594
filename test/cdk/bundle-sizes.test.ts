import { describe, expect, it } from 'vitest';
import { BUNDLE_LIMIT_BYTES } from '../../lib/bundling.ts';
import { bundleEntries, functionEntries } from '../../lib/function-bundles.ts';

const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;

describe('the bundle of every deployed function', () => {
  it('stays within 300 KB minified unless its row in the route or task table says why not', async () => {
    const entries = functionEntries();
    expect(entries.length).toBeGreaterThan(0);
    const bundles = await bundleEntries(entries.map(({ entry }) => entry));
    const wrong: string[] = [];
    for (const { entry, overLimit } of entries) {
      const bundle = bundles.get(entry);
      if (!bundle) throw new Error(`${entry} was not bundled`);
      const heaviest = bundle.packages
        .slice(0, 3)
        .map(([name, bytes]) => `${name} ${kb(bytes)}`)
        .join(', ');
      if (!overLimit && bundle.bytes > BUNDLE_LIMIT_BYTES)
        wrong.push(`${entry}: ${kb(bundle.bytes)} with no reason given (${heaviest})`);
      // A reason outliving its weight would excuse the next heavy import unseen.
      if (overLimit && bundle.bytes <= BUNDLE_LIMIT_BYTES)
        wrong.push(`${entry}: ${kb(bundle.bytes)} is within the limit; drop its bundleOverLimit`);
    }
    expect(wrong).toEqual([]);
    // Bundling every function takes a minute or more on a shared machine.
  }, 600_000);
});
