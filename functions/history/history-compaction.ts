/**
 * Which of a history shard's objects are merged, so that reading a product's series costs a number
 * of requests bounded by the calendar (the months of the range, the days of the month, the runs of
 * the day), not by how many runs there were: the objects of each ended month become one month
 * object, and those of each ended day of the current month one day object. "Ended" is judged from
 * the newest observation of the run just written, so the rule needs no clock. An object whose span
 * crosses a day (or month) boundary belongs to the month (or to no period) and stays as it is until
 * its month has ended.
 */

/** An object's name after its shard's prefix: `<first>_<last>_<label>.jsonl`. */
export interface ObjectSpan {
  first: string;
  last: string;
}

export function spanOf(name: string): ObjectSpan {
  const [first = '', last = ''] = name.split('_');
  return { first, last };
}

export interface Compaction {
  /** The merged object's name: the span of what it merges, and its period's label. */
  target: string;
  /** The names merged into it (the target itself among them when it is merged again). */
  sources: string[];
}

const dayOf = (time: string) => time.slice(0, 10);
const monthOf = (time: string) => time.slice(0, 7);

/** The merges due among a shard's object names once the run observed up to `newest` is written. */
export function compactionsDue(names: readonly string[], newest: string): Compaction[] {
  const periods = new Map<string, string[]>();
  for (const name of names) {
    const { first, last } = spanOf(name);
    const period =
      monthOf(first) !== monthOf(last)
        ? null
        : monthOf(last) < monthOf(newest)
          ? `month-${monthOf(first)}`
          : dayOf(first) === dayOf(last) && dayOf(last) < dayOf(newest)
            ? `day-${dayOf(first)}`
            : null;
    if (period === null) continue;
    const held = periods.get(period);
    if (held) held.push(name);
    else periods.set(period, [name]);
  }
  return [...periods].flatMap(([period, sources]) => {
    if (sources.length < 2) return [];
    const spans = sources.map(spanOf);
    const first = spans.map((span) => span.first).sort()[0];
    const last = spans
      .map((span) => span.last)
      .sort()
      .at(-1);
    return [{ target: `${first}_${last}_${period}.jsonl`, sources }];
  });
}
