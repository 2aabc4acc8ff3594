import { Aspects, Stack } from 'aws-cdk-lib';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { acknowledgeNagFindings } from '../../lib/nag-acknowledgements.ts';
import { synthStage, testApp } from './synth-stage.ts';

/** Each finding as `stack: rule at path`, for a failure message a reviewer can act on. */
function findings(stack: Stack): string[] {
  const level = (type: 'Error' | 'Warning') =>
    (type === 'Error'
      ? Annotations.fromStack(stack).findError
      : Annotations.fromStack(stack).findWarning
    ).call(Annotations.fromStack(stack), '*', Match.stringLikeRegexp('AwsSolutions-.*'));
  return [...level('Error'), ...level('Warning')].map(
    (finding) => `${stack.stackName}: ${String(finding.entry.data).split(': ')[0]} at ${finding.id}`,
  );
}

describe('cdk-nag AwsSolutions', () => {
  it('finds nothing unacknowledged in any stack of a stage', () => {
    // The repository's own lanes and routes: what a deploy would ship.
    const stacks = synthStage('test');
    // The findings of the API's nested route stacks are reported in the API stack's own artifact.
    const all = [stacks.data, stacks.jobs, stacks.api, stacks.console].filter(
      (stack): stack is NonNullable<typeof stack> => !!stack,
    );
    for (const stack of all) Aspects.of(stack).add(new AwsSolutionsChecks({ verbose: false }));
    expect(all.flatMap((stack) => findings(Stack.of(stack)))).toEqual([]);
    // Synthesizing and checking every stack of a stage takes a minute or more on a shared machine.
  }, 300_000);

  it('still reports what the acknowledgements do not name', () => {
    const stack = new Stack(testApp(), 'pds-test-unacknowledged');
    new sqs.Queue(stack, 'PlainQueue', { encryption: sqs.QueueEncryption.UNENCRYPTED });
    acknowledgeNagFindings(stack);
    Aspects.of(stack).add(new AwsSolutionsChecks({ verbose: false }));
    expect(findings(stack)).toEqual(
      expect.arrayContaining([
        expect.stringContaining('AwsSolutions-SQS4'),
        expect.stringContaining('AwsSolutions-SQS3'),
      ]),
    );
  });
});
