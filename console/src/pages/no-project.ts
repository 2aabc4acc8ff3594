import type { ConsoleContext, ConsoleProject } from '../context.ts';
import { h } from '../dom.ts';

/** The chosen project, or a page saying there is none yet. */
export function projectOrNotice(context: ConsoleContext, title: string): ConsoleProject | HTMLElement {
  if (context.project) return context.project;
  return h(
    'div',
    {},
    h('h1', {}, title),
    h(
      'p',
      {},
      'You have no project yet. ',
      h('a', { href: '#/projects' }, 'Create one on the Projects page.'),
    ),
  );
}
