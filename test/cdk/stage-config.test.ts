import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { routeKey, routes } from '#platform/routes';
import { routeAccess } from '../../lib/route-access.ts';
import { assertDeployable, missingSettings, STAGES, stageConfigs } from '../../lib/stage-config.ts';
import { apiTemplate, FIXTURE_JOBS, resourcesOf, synthFolder, synthStage } from './synth-stage.ts';

const run = promisify(execFile);

describe('the stage table', () => {
  it('gives the test stage every required setting, and every stage a region', () => {
    expect(missingSettings(stageConfigs.test)).toEqual([]);
    for (const stage of STAGES) expect(stageConfigs[stage].env.region, stage).toMatch(/^[a-z]+-[a-z]+-\d$/);
  });

  it('names each missing setting, an empty one included', () => {
    const test = stageConfigs.test;
    const config = {
      ...test,
      env: { ...test.env, account: undefined },
      alarmEmail: ' ',
      seller: { ...test.seller, addressLines: [], vatId: undefined },
    };
    expect(missingSettings(config)).toEqual([
      'env.account',
      'alarmEmail',
      'seller.addressLines',
      'seller.vatId',
    ]);
    expect(() => assertDeployable('prod', config)).toThrow(
      'Stage prod is missing required settings in lib/stage-config.ts: prod.env.account, prod.alarmEmail, prod.seller.addressLines, prod.seller.vatId',
    );
  });

  it('makes the CDK app refuse a stage that lacks settings, before synthesizing anything', async () => {
    const stage = STAGES.find((candidate) => missingSettings(stageConfigs[candidate]).length > 0);
    // Every stage complete is fine too: then there is nothing to refuse.
    if (!stage) return;
    // As the CDK CLI runs the app: context and output folder in the environment.
    const failed = await run('node_modules/.bin/tsx', ['bin/cdk.ts'], {
      env: {
        ...process.env,
        CDK_OUTDIR: synthFolder(),
        CDK_CONTEXT_JSON: JSON.stringify({ stage }),
      },
    }).then(
      () => undefined,
      (error: { stderr: string }) => error.stderr,
    );
    expect(failed).toContain(`Stage ${stage} is missing required settings`);
    expect(failed).toContain(`${stage}.${missingSettings(stageConfigs[stage])[0]}`);
  });

  it('pins every stack of a stage to its account and region', () => {
    const stacks = synthStage('test', FIXTURE_JOBS);
    for (const stack of [stacks.data, stacks.jobs, stacks.api, stacks.console]) {
      if (!stack) continue;
      expect(Stack.of(stack).account).toBe('123456789012');
      expect(Stack.of(stack).region).toBe('eu-central-1');
    }
  });

  it('subscribes the alarm e-mail and gives invoice-rendering functions the seller details', () => {
    const stacks = synthStage('test', FIXTURE_JOBS);
    Template.fromStack(stacks.data).hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'ops@product-data.example',
    });
    const api = apiTemplate(stacks.api);
    const invoicing = routes.filter((route) => routeAccess(route).invoiceFonts);
    expect(invoicing.length).toBeGreaterThan(0);
    const byDescription = new Map(
      resourcesOf(api, 'AWS::Lambda::Function').map(([, fn]) => [
        fn.Properties.Description,
        (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables,
      ]),
    );
    for (const route of routes) {
      const variables = byDescription.get(routeKey(route));
      if (invoicing.includes(route))
        expect(variables, routeKey(route)).toMatchObject({
          INVOICE_SELLER_NAME: 'Product Data Example s.r.o.',
          INVOICE_SELLER_ADDRESS: 'Example street 1;110 00 Praha 1;Czech Republic',
          INVOICE_SELLER_VAT_ID: 'CZ00000000',
          INVOICE_SELLER_EMAIL: 'billing@product-data.example',
        });
      else expect(variables, routeKey(route)).not.toHaveProperty('INVOICE_SELLER_NAME');
    }
  });
});
