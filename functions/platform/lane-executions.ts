import {
  DescribeExecutionCommand,
  SFNClient,
  StartExecutionCommand,
  StopExecutionCommand,
} from '@aws-sdk/client-sfn';
import type { ExecutionState } from '#core/stranded-job';

/**
 * A lane: the name of its ASL file under state-machines/ (and of its state machine). The job lanes,
 * and the delivery of webhook events.
 */
export type Lane = 'website-setup' | 'scrape' | 'matching' | 'webhook-delivery';

/**
 * Starting and stopping lane executions, the one way handlers and tasks do it: Step Functions in
 * AWS, the local runner of the same ASL files in the local stack, which installs itself with
 * `useLaneExecutions` (lane-services.ts) before any handler runs.
 */
export interface LaneExecutions {
  /** Starts the lane for a job; `name` (the job id) makes a repeated start of the same job a no-op. Returns the execution ARN. */
  start(lane: Lane, name: string, input: Record<string, unknown>): Promise<string>;
  /** Stops a running execution; stopping one that has ended is not an error. */
  stop(executionArn: string, cause: string): Promise<void>;
  /** Whether an execution still runs, has ended, or cannot be seen (gone from the history, or another process's). */
  state(executionArn: string): Promise<ExecutionState>;
}

const isMissingExecution = (error: unknown) =>
  error instanceof Error && error.name === 'ExecutionDoesNotExist';

/** The lanes on Step Functions, each lane's state machine named by `stateMachineArn` when one is started. */
export const stepFunctionsLanes = (stateMachineArn: (lane: Lane) => string): LaneExecutions => {
  const sfn = new SFNClient({});
  return {
    async start(lane, name, input) {
      const { executionArn } = await sfn.send(
        new StartExecutionCommand({
          stateMachineArn: stateMachineArn(lane),
          name,
          input: JSON.stringify(input),
        }),
      );
      if (!executionArn)
        throw new Error(`Step Functions started ${lane} for ${name} without an execution ARN`);
      return executionArn;
    },
    async stop(executionArn, cause) {
      try {
        await sfn.send(new StopExecutionCommand({ executionArn, cause }));
      } catch (error) {
        // An execution that has already ended (or been stopped by a racing cancel) is what stop wants.
        if (!isMissingExecution(error)) throw error;
      }
    },
    async state(executionArn) {
      try {
        const { status } = await sfn.send(new DescribeExecutionCommand({ executionArn }));
        // A failed execution an operator redrives is about to run again.
        return status === 'RUNNING' || status === 'PENDING_REDRIVE' ? 'RUNNING' : 'ENDED';
      } catch (error) {
        // Step Functions keeps an ended execution's record for 90 days only.
        if (isMissingExecution(error)) return 'UNKNOWN';
        throw error;
      }
    },
  };
};
