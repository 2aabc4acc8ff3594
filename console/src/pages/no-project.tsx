import type { JSX } from 'preact';
import type { ConsoleContext, ConsoleProject } from '../context.ts';

/** The chosen project, or a page saying there is none yet. */
export function projectOrNotice(context: ConsoleContext, title: string): ConsoleProject | JSX.Element {
  if (context.project) return context.project;
  return (
    <div>
      <h1>{title}</h1>
      <p>
        You have no project yet. <a href="#/projects">Create one on the Projects page.</a>
      </p>
    </div>
  );
}

/** Whether `projectOrNotice` answered with the page to show instead. */
export function isNotice(value: ConsoleProject | JSX.Element): value is JSX.Element {
  return !('project_id' in value);
}
