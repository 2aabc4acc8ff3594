import type { JSX } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { focusLost, ProblemView } from './forms.tsx';
import { type Column, Table } from './ui.tsx';

/** Items a list page asks the API for: a screenful, whatever the API's own default. */
export const PAGE_SIZE = 20;

type Loaded<T> =
  | { state: 'loading' }
  | { state: 'shown'; items: T[]; next: string | null; number: number }
  | { state: 'failed'; error: unknown };

/**
 * A list the API pages by cursor: the first page, then `Next page` while the API gives a next
 * cursor, and `First page` to start again. A list of 10,000 items is never read whole.
 */
export function PagedList<T>(props: {
  caption: string;
  columns: readonly Column<NoInfer<T>>[];
  load: (cursor: string | null) => Promise<{ items: T[]; next: string | null }>;
}): JSX.Element {
  const [position, setPosition] = useState<{ cursor: string | null; number: number }>({
    cursor: null,
    number: 1,
  });
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'loading' });
  const section = useRef<HTMLElement>(null);
  const turned = useRef(false);
  const turn = (to: { cursor: string | null; number: number }) => {
    turned.current = true;
    setPosition(to);
  };
  // On the last page Next page goes away, and First page on the first: the list keeps the focus.
  useEffect(() => {
    if (loaded.state === 'shown' && turned.current && focusLost()) section.current?.focus();
  }, [loaded]);
  // A page is read when the position moves, not when the parent re-renders a new `load`.
  useEffect(() => {
    let left = false;
    props.load(position.cursor).then(
      ({ items, next }) => {
        if (!left) setLoaded({ state: 'shown', items, next, number: position.number });
      },
      (error: unknown) => {
        if (!left) setLoaded({ state: 'failed', error });
      },
    );
    return () => {
      left = true;
    };
  }, [position]);
  let body: JSX.Element;
  if (loaded.state === 'loading') body = <p>Loading…</p>;
  else if (loaded.state === 'failed') body = <ProblemView error={loaded.error} />;
  else {
    // The page shown, not the one asked for: the old page stays until the next one has come.
    const { next, number } = loaded;
    body = (
      <>
        <Table caption={props.caption} columns={props.columns} items={loaded.items} />
        <div class="pager">
          {number > 1 ? (
            <button type="button" onClick={() => turn({ cursor: null, number: 1 })}>
              First page
            </button>
          ) : null}
          {next ? (
            <button type="button" onClick={() => turn({ cursor: next, number: number + 1 })}>
              Next page
            </button>
          ) : null}
          {number > 1 || next ? <span>{`Page ${number}`}</span> : null}
        </div>
      </>
    );
  }
  return (
    <section ref={section} class="paged" aria-label={props.caption} tabindex={-1}>
      {body}
    </section>
  );
}
