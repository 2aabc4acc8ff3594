import { LANE_ARN_SETTING, onFirstUse, setting } from './config.ts';
import { type LaneExecutions, stepFunctionsLanes } from './lane-executions.ts';

/** Step Functions, each lane's state machine read from its variable when the lane is first started. */
const stepFunctions = onFirstUse(() => stepFunctionsLanes((lane) => setting(LANE_ARN_SETTING[lane])));

let installed: LaneExecutions | undefined;

/** Puts other lane executions in place of Step Functions: the local stack's runner, a test's. */
export function useLaneExecutions(executions: LaneExecutions): void {
  installed = executions;
}

export function laneExecutions(): LaneExecutions {
  return installed ?? stepFunctions();
}
