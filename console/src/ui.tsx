import type { ComponentChildren, JSX } from 'preact';

/** One column of a table: its header and how an item fills its cell. */
export interface Column<T> {
  title: string;
  cell: (item: T) => ComponentChildren;
}

/** A table with a caption (its accessible name), a header row and one row per item. */
export function Table<T>(props: {
  caption: string;
  columns: readonly Column<NoInfer<T>>[];
  items: readonly T[];
}): JSX.Element {
  if (props.items.length === 0) return <p class="empty">{`${props.caption}: none yet.`}</p>;
  return (
    <table>
      <caption>{props.caption}</caption>
      <thead>
        <tr>
          {props.columns.map((column) => (
            <th scope="col">{column.title}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {props.items.map((item) => (
          <tr>
            {props.columns.map((column) => (
              <td>{column.cell(item)}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A labelled progress bar: a screen reader hears the label and the percentage. */
export function ProgressBar(props: { label: string; percent: number | null | undefined }): JSX.Element {
  const value = Math.max(0, Math.min(100, Math.round(props.percent ?? 0)));
  return (
    <div class="progress">
      <label>
        {`${props.label}: ${value} %`}
        <progress max={100} value={value} />
      </label>
    </div>
  );
}

/** A term and its value in a `dl.facts` list. */
export function Fact(props: { term: string; children: ComponentChildren }): JSX.Element {
  return (
    <>
      <dt>{props.term}</dt>
      <dd>{props.children}</dd>
    </>
  );
}

export function when(iso: string | null | undefined): string {
  return iso ? new Date(iso).toLocaleString() : '—';
}

/**
 * A link to a shop's page, opened in a new tab without a referrer; URLs that are not http(s) (a
 * `javascript:` URL typed into a match decision) are shown as text, never made a link.
 */
export function ExternalLink(props: { url: string; text?: string | undefined }): JSX.Element {
  const text = props.text ?? props.url;
  if (!/^https?:\/\//i.test(props.url)) return <span>{text}</span>;
  return (
    <a href={props.url} rel="noopener noreferrer" target="_blank">
      {text}
    </a>
  );
}
