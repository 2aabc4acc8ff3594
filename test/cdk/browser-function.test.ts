import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { taskFunctions } from '#platform/tasks';
import {
  BROWSER_EPHEMERAL_STORAGE_MB,
  BROWSER_IMAGE_DOCKERFILE,
  BROWSER_MEMORY_MB,
} from '../../lib/browser-function.ts';
import { REPO_ROOT } from '../../lib/bundling.ts';
import { type CfnResource, resourcesOf, synthStage } from './synth-stage.ts';

/** The tasks that may render pages run in the browser's container image, the others stay zips. */
describe('the browser function', () => {
  const { jobs } = synthStage('dev');
  if (!jobs) throw new Error('the repository lanes make a jobs stack');
  const template = Template.fromStack(jobs);
  const functions = resourcesOf(template, 'AWS::Lambda::Function');
  const images = functions.filter(([, fn]) => fn.Properties.PackageType === 'Image');
  const browserTasks = Object.entries(taskFunctions).filter(([, task]) => task.browser);

  it('is a container image with Chromium, one function per browser task, with its memory and /tmp stated', () => {
    expect(images).toHaveLength(browserTasks.length);
    for (const [, fn] of images) {
      expect(fn.Properties).toMatchObject({
        Architectures: ['arm64'],
        MemorySize: BROWSER_MEMORY_MB,
        EphemeralStorage: { Size: BROWSER_EPHEMERAL_STORAGE_MB },
        TracingConfig: { Mode: 'Active' },
        Environment: { Variables: expect.objectContaining({ CHROMIUM_PATH: '/usr/bin/chromium' }) },
      });
    }
    const commands = images.map(([, fn]) => (fn.Properties.ImageConfig as { Command: string[] }).Command[0]);
    expect(commands.sort()).toEqual(browserTasks.map(([, task]) => `${task.module}.handler`).sort());
    // Every browser task shares one image.
    const uris = new Set(
      images.map(([, fn]) => JSON.stringify((fn.Properties.Code as { ImageUri: unknown }).ImageUri)),
    );
    expect(uris.size).toBe(1);
  });

  it('runs the scrape batches of a website read with a browser, and the HTTP batches elsewhere', () => {
    const [[, scrape]] = resourcesOf(template, 'AWS::StepFunctions::StateMachine').filter(
      ([, machine]) => machine.Properties.StateMachineName === 'pds-dev-scrape',
    ) as [[string, CfnResource]];
    const substitutions = scrape.Properties.DefinitionSubstitutions as Record<
      string,
      { 'Fn::GetAtt': [string] }
    >;
    const packageOf = (placeholder: string) => {
      const id = substitutions[placeholder]?.['Fn::GetAtt'][0] as string;
      return (template.toJSON().Resources[id] as CfnResource).Properties.PackageType ?? 'Zip';
    };
    expect(packageOf('ScrapeBatchInBrowserFunctionArn')).toBe('Image');
    expect(packageOf('ScrapeBatchFunctionArn')).toBe('Zip');
    const asl = JSON.parse(readFileSync(join(REPO_ROOT, 'state-machines/scrape.asl.json'), 'utf8'));
    const choice = asl.States.ScrapeBatches.ItemProcessor.States.HowToRead;
    expect(choice.Choices).toEqual([
      { Variable: '$.rendering', StringEquals: 'BROWSER', Next: 'ScrapeBatchInBrowser' },
    ]);
  });

  it('builds from a Dockerfile that installs Debian chromium, the browser the README sets up', () => {
    const dockerfile = readFileSync(join(REPO_ROOT, BROWSER_IMAGE_DOCKERFILE), 'utf8');
    expect(dockerfile).toMatch(/apt-get install[^\n]*\bchromium\b/);
    expect(dockerfile).toMatch(/CHROMIUM_PATH=\/usr\/bin\/chromium/);
  });
});
