import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { RemovalPolicy, Stack } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { describe, expect, it } from 'vitest';
import { INVOICE_FONT_PATHS, INVOICE_FONTS } from '#billing/invoice-fonts';
import { ServiceFunction } from '../../lib/service-function.ts';
import { testApp } from './synth-stage.ts';

describe('ServiceFunction', () => {
  // Bundles for real (one small handler), since the copy happens in esbuild's bundling step.
  it('copies the files it is given beside the bundle', () => {
    const app = testApp();
    const { outdir } = app;
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
