import {
  DescribeExecutionCommand,
  ExecutionDoesNotExist,
  SFNClient,
  StartExecutionCommand,
  StopExecutionCommand,
} from '@aws-sdk/client-sfn';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { stepFunctionsLanes } from './lane-executions.ts';

const sfn = mockClient(SFNClient);
afterEach(() => {
  sfn.reset();
});

const MACHINE = 'arn:aws:states:eu-central-1:123456789012:stateMachine:pds-dev-website-setup';
const lanes = stepFunctionsLanes((lane) => MACHINE.replace('website-setup', lane));
const laneExecutions = () => lanes;
const EXECUTION = 'arn:aws:states:eu-central-1:123456789012:execution:pds-dev-website-setup:job_1';

describe('lane executions on Step Functions', () => {
  it('starts the lane’s state machine, named after the job, with the job as input', async () => {
    // Prepare
    sfn.on(StartExecutionCommand).resolves({ executionArn: EXECUTION, startDate: new Date() });
    // Act
    const arn = await laneExecutions().start('website-setup', 'job_1', { job_id: 'job_1' });
    // Assess
    expect(arn).toBe(EXECUTION);
    expect(sfn.commandCalls(StartExecutionCommand)[0]?.args[0].input).toEqual({
      stateMachineArn: MACHINE,
      name: 'job_1',
      input: '{"job_id":"job_1"}',
    });
  });

  it('stops an execution, and takes one that no longer exists as stopped', async () => {
    sfn.on(StopExecutionCommand).resolvesOnce({ stopDate: new Date() });
    await laneExecutions().stop(EXECUTION, 'Job cancelled');
    expect(sfn.commandCalls(StopExecutionCommand)[0]?.args[0].input).toEqual({
      executionArn: EXECUTION,
      cause: 'Job cancelled',
    });
    sfn.on(StopExecutionCommand).rejects(new ExecutionDoesNotExist({ message: 'gone', $metadata: {} }));
    await expect(laneExecutions().stop(EXECUTION, 'Job cancelled')).resolves.toBeUndefined();
  });

  it('passes other errors on', async () => {
    sfn.on(StopExecutionCommand).rejects(new Error('throttled'));
    await expect(laneExecutions().stop(EXECUTION, 'Job cancelled')).rejects.toThrow('throttled');
  });

  it('tells a running execution from an ended one, and one Step Functions no longer keeps', async () => {
    sfn.on(DescribeExecutionCommand).resolves({ status: 'RUNNING' } as never);
    expect(await laneExecutions().state(EXECUTION)).toBe('RUNNING');
    for (const status of ['SUCCEEDED', 'FAILED', 'TIMED_OUT', 'ABORTED'] as const) {
      sfn.on(DescribeExecutionCommand).resolves({ status } as never);
      expect(await laneExecutions().state(EXECUTION)).toBe('ENDED');
    }
    sfn.on(DescribeExecutionCommand).rejects(new ExecutionDoesNotExist({ message: 'gone', $metadata: {} }));
    expect(await laneExecutions().state(EXECUTION)).toBe('UNKNOWN');
    sfn.on(DescribeExecutionCommand).rejects(new Error('throttled'));
    await expect(laneExecutions().state(EXECUTION)).rejects.toThrow('throttled');
    expect(sfn.commandCalls(DescribeExecutionCommand)[0]?.args[0].input).toEqual({ executionArn: EXECUTION });
  });
});
