import type { JSX } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import uPlot from 'uplot';

export interface PricePoint {
  observed_at: string;
  price: string | null;
  currency: string | null;
}

const WIDTH = 640;
const HEIGHT = 240;
/** The console's accent colour (console.css `--accent`): canvas strokes cannot read CSS variables. */
const ACCENT = '#0b5cad';
const DAY_SECONDS = 86_400;

/**
 * Ranges that stay drawable when every value is the same: a day either side of a lone instant (one
 * observation, which uPlot would put at the left edge), a tenth either side of a price that never
 * moved.
 */
const timeRange = (times: readonly number[]): uPlot.Range.Function | undefined => {
  const [first] = times;
  if (first === undefined || times.some((time) => time !== first)) return undefined;
  return () => [first - DAY_SECONDS, first + DAY_SECONDS];
};
const priceRange: uPlot.Range.Function = (_chart, min, max) =>
  min === max ? [min * 0.9, max * 1.1 || 1] : [min, max];

/**
 * A product's price over time, drawn by uPlot as a step line (a price holds until the next scrape
 * sees another) with a dot per observation; unpriced observations (out of stock, price hidden)
 * leave gaps. The canvas is one image named by `title`; the table beside it carries the figures
 * for screen readers.
 */
export function PriceChart(props: { title: string; points: readonly PricePoint[] }): JSX.Element {
  const holder = useRef<HTMLDivElement>(null);
  const times = props.points.map((point) => Date.parse(point.observed_at) / 1000);
  const prices = props.points.map((point) => (point.price === null ? null : Number(point.price)));
  const priced = prices.some((price) => price !== null);
  // Run once: the chart is drawn once for the points the page read
  useEffect(() => {
    if (!holder.current || !priced) return;
    const chart = new uPlot(
      {
        width: Math.min(WIDTH, holder.current.clientWidth || WIDTH),
        height: HEIGHT,
        legend: { show: false },
        cursor: { show: false },
        scales: { x: { time: true, range: timeRange(times) }, y: { range: priceRange } },
        series: [
          {},
          {
            label: props.points.find((point) => point.currency)?.currency ?? 'Price',
            stroke: ACCENT,
            width: 2,
            paths: uPlot.paths.stepped?.({ align: 1 }),
            points: { show: true, size: 7, fill: ACCENT },
          },
        ],
      },
      [times, prices],
      holder.current,
    );
    return () => chart.destroy();
  }, []);
  if (!priced) {
    return (
      <figure class="chart">
        <figcaption>{`${props.title}: no priced observation yet.`}</figcaption>
      </figure>
    );
  }
  return (
    <figure class="chart">
      <div ref={holder} class="price-chart" role="img" aria-label={props.title} />
      <figcaption>{props.title}</figcaption>
    </figure>
  );
}
