import { SFNClient, StartExecutionCommand } from '@aws-sdk/client-sfn';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { laneExecutions } from './lane-services.ts';

const sfn = mockClient(SFNClient);
afterEach(() => sfn.reset());

describe('the lanes of the stage', () => {
  it('names the missing variable when the lane’s ARN is not configured, starting nothing', async () => {
    await expect(laneExecutions().start('website-setup', 'job_1', {})).rejects.toThrow(
      'WEBSITE_SETUP_STATE_MACHINE_ARN',
    );
    expect(sfn.commandCalls(StartExecutionCommand)).toHaveLength(0);
  });
});
