import { readFileSync } from 'node:fs';
import { App, Aspects } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { addProductDataStacks } from '../lib/product-data-app.ts';
import { assertDeployable, parseStage } from '../lib/stage-config.ts';

/**
 * The CDK CLI runs this file (cdk.json `app`) with the context in its environment. `npm run synth`
 * runs it directly, because the installed CLI (aws-cdk 3.0.0) is older than aws-cdk-lib's cloud
 * assembly schema and refuses to read what this app writes. Run directly, the app takes what the CLI
 * would pass it: cdk.json's context, overridden by `-c key=value` arguments.
 */
function contextOfDirectRun(): Record<string, unknown> | undefined {
  if (process.env.CDK_OUTDIR !== undefined) return undefined;
  const cdkJson = JSON.parse(readFileSync(new URL('../cdk.json', import.meta.url), 'utf8')) as {
    context?: Record<string, unknown>;
  };
  const context = { ...cdkJson.context };
  const args = process.argv.slice(2);
  for (const [i, flag] of args.entries()) {
    const setting = args[i + 1];
    if ((flag === '-c' || flag === '--context') && setting?.includes('=')) {
      const at = setting.indexOf('=');
      context[setting.slice(0, at)] = setting.slice(at + 1);
    }
  }
  return context;
}

const app = new App({ outdir: process.env.CDK_OUTDIR ?? 'cdk.out', context: contextOfDirectRun() });
const stage = parseStage(app.node.tryGetContext('stage'));
assertDeployable(stage);
addProductDataStacks(app, stage);
// Findings are errors in the synth output; the accepted ones are acknowledged in lib/nag-acknowledgements.ts.
Aspects.of(app).add(new AwsSolutionsChecks());
app.synth();
