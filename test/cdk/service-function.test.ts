import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { afterAll, describe, expect, it } from 'vitest';
import { INVOICE_FONT_PATHS, INVOICE_FONTS } from '#billing/invoice-fonts';
import { ServiceFunction } from '../../lib/service-function.ts';

describe('ServiceFunction', () => {
  const outdir = mkdtempSync(join(tmpdir(), 'service-function-'));
  afterAll(() => rmSync(outdir, { recursive: true, force: true }));

  // Bundles for real (one small handler), since the copy happens in esbuild's bundling step.
  it('copies the files it is given beside the bundle', () => {
    const app = new App({ outdir });
    new ServiceFunction(new Stack(app, 'Fonts'), 'Renderer', {
      entry: 'test/cdk/fixtures/tasks/fail-job.ts',
      description: 'renders',
      logRetention: RetentionDays.ONE_DAY,
      removalPolicy: RemovalPolicy.DESTROY,
      files: INVOICE_FONT_PATHS,
    });
    app.synth();

    const assets = readdirSync(outdir).filter((name) => name.startsWith('asset.'));
    expect(assets).toHaveLength(1);
    expect(readdirSync(join(outdir, assets[0] ?? '')).sort()).toEqual(
      ['index.mjs', 'index.mjs.map', ...Object.values(INVOICE_FONTS)].sort(),
    );
  }, 60_000);
});
