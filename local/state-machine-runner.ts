import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { StateMachine } from 'aws-local-stepfunctions';
import type { Lane, LaneExecutions } from '#platform/lane-executions';
import { useLaneExecutions } from '#platform/lane-services';
import { logError, logInfo } from '#platform/log';
import { taskFunctions } from '#platform/tasks';

const STATE_MACHINES_DIR = join(import.meta.dirname, '..', 'state-machines');

type TaskHandler = (input: unknown) => Promise<unknown>;
type JsonObject = Record<string, unknown>;

/** Locally a placeholder stands for an ARN of the right form; the handler map decides what runs. */
const localFunctionArn = (placeholder: string) =>
  `arn:aws:lambda:us-east-1:000000000000:function:${placeholder}`;

/** Every Task state (name and resource) of a definition, nested Parallel branches and Map processors included. */
function* taskStates(definition: JsonObject): Generator<[string, string]> {
  for (const [name, state] of Object.entries((definition.States ?? {}) as Record<string, JsonObject>)) {
    if (state.Type === 'Task' && typeof state.Resource === 'string') yield [name, state.Resource];
    for (const branch of (state.Branches ?? []) as JsonObject[]) yield* taskStates(branch);
    for (const processor of [state.Iterator, state.ItemProcessor]) {
      if (processor) yield* taskStates(processor as JsonObject);
    }
  }
}

function taskHandler(placeholder: string, lane: Lane): TaskHandler {
  const spec = taskFunctions[placeholder];
  if (!spec)
    throw new Error(
      `${lane}.asl.json uses \${${placeholder}}, which functions/platform/tasks.ts does not list`,
    );
  let loaded: Promise<TaskHandler> | undefined;
  return async (input) => {
    loaded ??= import(`../functions/tasks/${spec.module}.ts`).then(
      (module: { handler: TaskHandler }) => module.handler,
    );
    return (await loaded)(input);
  };
}

interface LoadedLane {
  machine: StateMachine;
  handlers: Record<string, TaskHandler>;
}

/** Reads a lane's ASL file and substitutes its placeholders, as the jobs stack's definition substitutions do. */
async function loadLane(lane: Lane): Promise<LoadedLane> {
  const text = await readFile(join(STATE_MACHINES_DIR, `${lane}.asl.json`), 'utf8');
  const definition = JSON.parse(
    text.replace(/\$\{(\w+)\}/g, (_, placeholder: string) => localFunctionArn(placeholder)),
  ) as JsonObject;
  const handlers: Record<string, TaskHandler> = {};
  for (const [stateName, resource] of taskStates(definition)) {
    const placeholder = resource.slice(resource.lastIndexOf(':') + 1);
    handlers[stateName] = taskHandler(placeholder, lane);
  }
  return { machine: new StateMachine(definition as never), handlers };
}

export interface LocalLanes extends LaneExecutions {
  /** Aborts every running execution and waits for them to settle. */
  stopAll(): Promise<void>;
}

/**
 * Runs the lanes' ASL files in-process with aws-local-stepfunctions, each Task state mapped to the
 * same handler its Lambda runs, and installs itself as the lane-execution port of this process.
 */
export function startLocalLanes(): LocalLanes {
  const lanes = new Map<Lane, Promise<LoadedLane>>();
  const running = new Map<string, { abort: () => void; done: Promise<void> }>();
  // The executions this process ran to their end; one it never ran may be another stack's on shared engines.
  const ended = new Set<string>();

  const lane = (name: Lane) => {
    let loaded = lanes.get(name);
    if (!loaded) {
      loaded = loadLane(name);
      lanes.set(name, loaded);
    }
    return loaded;
  };

  const executions: LocalLanes = {
    async start(laneName, name, input) {
      const executionArn = `arn:aws:states:us-east-1:000000000000:execution:${laneName}:${name}`;
      // Like Step Functions, a second start of the same name is the execution already running.
      if (running.has(executionArn)) return executionArn;
      ended.delete(executionArn);
      const { machine, handlers } = await lane(laneName);
      // The port takes plain JSON objects; the library's JSONValue type cannot say so for `unknown` fields.
      const json = input as Parameters<StateMachine['run']>[0];
      const execution = machine.run(json, {
        overrides: { taskResourceLocalHandlers: handlers as never },
        noThrowOnAbort: true,
        context: {
          Execution: { Id: executionArn, Name: name, Input: json, StartTime: new Date().toISOString() },
        },
      });
      const done = execution.result.then(
        () => undefined,
        (error: unknown) => {
          // A lane that fails its job ends in its Fail state; anything else is a fault worth a log.
          const cause = error instanceof Error ? error.cause : undefined;
          if (cause instanceof Error && cause.name === 'JobFailed')
            logInfo('execution failed its job', { executionArn });
          else logError('local execution failed', error, { executionArn });
        },
      );
      running.set(executionArn, {
        abort: execution.abort,
        done: done.finally(() => {
          running.delete(executionArn);
          ended.add(executionArn);
        }),
      });
      return executionArn;
    },
    async stop(executionArn) {
      running.get(executionArn)?.abort();
    },
    async state(executionArn) {
      if (running.has(executionArn)) return 'RUNNING';
      return ended.has(executionArn) ? 'ENDED' : 'UNKNOWN';
    },
    async stopAll() {
      const all = [...running.values()];
      for (const execution of all) execution.abort();
      await Promise.all(all.map((execution) => execution.done));
    },
  };
  useLaneExecutions(executions);
  return executions;
}
